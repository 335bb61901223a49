// Party ids and builders shared by the generic strategies (fencing token, plain lease).
// Invariant: party ids are stable names users see in the UI, the CLI and scenario files.

import type { Knobs } from '../scenario/types';
import type { PartySpec } from './types';
import { fromMachine } from '../sim/fromMachine';
import { lockServiceMachine } from '../machines/lockService';
import { clientMachine } from '../machines/client';
import { resourceMachine } from '../machines/resource';
import { mailerMachine } from '../machines/mailer';
import type { PartyLogic } from '../sim/logic';

export const LOCK_SERVICE = 'LockService';
export const STORAGE = 'Storage';
export const STORAGE2 = 'Storage2';
export const MAILER = 'Mailer';

export function clientIds(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `Client${i + 1}`);
}

export function resourceIds(knobs: Knobs): string[] {
  return knobs.secondResource === 'unchecked' ? [STORAGE, STORAGE2] : [STORAGE];
}

const erase = <S>(logic: PartyLogic<S>): PartyLogic<unknown> => logic as PartyLogic<unknown>;

export function lockServiceSpec(knobs: Knobs): PartySpec {
  const logic = fromMachine(
    lockServiceMachine,
    { tokenSource: knobs.tokenSource, firstToken: knobs.firstToken, leaseTtlMs: knobs.leaseTtlMs },
    ({ context: c }) => ({
      counter: c.tokenSource.endsWith('counter') ? c.counter : null,
      holder: c.holder,
      token: c.token,
      leaseExpiresAtMs: c.expiresAtMs,
      waiters: c.waiters.join(', '),
    }),
  );
  return { info: { id: LOCK_SERVICE, kind: 'lock', label: 'Lock service' }, logic: erase(logic) };
}

export function clientSpec(id: string, knobs: Knobs): PartySpec {
  const logic = fromMachine(
    clientMachine,
    { lockService: LOCK_SERVICE, resources: resourceIds(knobs), mailer: knobs.sideEffect === 'email' ? MAILER : null },
    ({ context: c }) => ({
      token: c.token,
      believedUntilMs: c.believedUntilMs,
      writesSent: c.seq,
      lastValue: c.lastValue,
      pendingWrites: c.pendingWrites.join(', '),
    }),
  );
  return { info: { id, kind: 'client', label: id }, logic: erase(logic) };
}

export function resourceSpec(id: string, knobs: Knobs, checks: boolean): PartySpec {
  const check = checks ? knobs.check : 'none';
  const logic = fromMachine(
    resourceMachine,
    { check, initialMaxSeen: check === 'none' ? null : knobs.initialMaxSeen, maxSeenDurable: knobs.maxSeenDurable },
    ({ context: c }) => ({
      maxSeen: c.maxSeen,
      ...(c.check === 'token-seq' ? { maxSeq: c.maxSeq } : {}),
      check: c.check,
      value: c.value,
      accepted: c.accepted,
      rejected: c.rejected,
    }),
  );
  const label = checks ? 'Storage' : 'Second store (no check)';
  return { info: { id, kind: 'resource', label: id === STORAGE ? 'Storage' : label }, logic: erase(logic) };
}

export function mailerSpec(): PartySpec {
  const logic = fromMachine(mailerMachine, undefined, ({ context: c }) => ({ sent: c.sent, lastValue: c.lastValue }));
  return { info: { id: MAILER, kind: 'mailer', label: 'Mailer (outside the fence)' }, logic: erase(logic) };
}

/** The parties every generic strategy has: one lock service, the clients, the stores, the mailer. */
export function genericParties(knobs: Knobs, clients: string[]): PartySpec[] {
  return [
    lockServiceSpec(knobs),
    ...clients.map((id) => clientSpec(id, knobs)),
    resourceSpec(STORAGE, knobs, true),
    ...(knobs.secondResource === 'unchecked' ? [resourceSpec(STORAGE2, knobs, false)] : []),
    ...(knobs.sideEffect === 'email' ? [mailerSpec()] : []),
  ];
}
