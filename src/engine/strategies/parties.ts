// What the generic strategies (fencing token, plain lease) say about their parties: who they are,
// each machine's input from the knobs, and what each card shows from a machine's context. The
// machines themselves are built in ../models/generic.ts.
// Invariant: party ids are stable names users see in the UI, the CLI and scenario files.

import type { BlobStore, Knobs } from '../core/scenario';
import type { LockServiceContext, LockServiceInput } from '../machines/lockService';
import type { ClientContext, ClientInput } from '../machines/client';
import type { ResourceContext, ResourceInput } from '../machines/resource';
import type { FieldValue, PartyInfo } from '../core/trace';
import { isOrderedSource } from '../protocol/tokens';
import { asksFenceAtTakeover, takeoverBlock } from './takeover';
import { LOCK_SERVICE, MAILER, STORAGE, STORAGE2 } from '../core/parties';
import { DEFAULT_STOP_POLICY, lockDelayMsOf, renewEveryMsOf, stopPolicyOf } from '../core/defaults';

function resourceIds(knobs: Knobs): string[] {
  return knobs.secondResource === 'unchecked' ? [STORAGE, STORAGE2] : [STORAGE];
}

// What each card shows, from a machine's context (shared with the plain reference implementation).
export const lockServiceFields = (c: LockServiceContext): Record<string, FieldValue> => ({
  counter: c.tokenSource.endsWith('counter') ? c.counter : null,
  holder: c.holder,
  token: c.token,
  leaseExpiresAtMs: c.expiresAtMs,
  waiters: c.waiters.join(', '),
  ...(c.keepalive ? { renewals: c.renewals } : {}),
  ...(c.lockDelayMs > 0 ? { lockDelayUntilMs: c.lockDelayUntilMs } : {}),
});

/** A client's stop policy, on its card when it is not the default. */
export const stopFields = (c: Pick<ClientContext, 'stopActing'>): Record<string, FieldValue> =>
  c.stopActing === DEFAULT_STOP_POLICY ? {} : { stopsActing: c.stopActing };

export const clientFields = (c: ClientContext): Record<string, FieldValue> => ({
  token: c.token,
  believedUntilMs: c.believedUntilMs,
  writesSent: c.seq,
  lastValue: c.lastValue,
  pendingWrites: c.pendingWrites.join(', '),
  ...(c.keepalive ? { renewalsSent: c.renewalsSent } : {}),
  ...(c.fenceAtTakeover ? { waitsForFence: c.fencing } : {}),
  ...stopFields(c),
});

export const resourceFields = (c: ResourceContext): Record<string, FieldValue> => ({
  // Under `equal` the store keeps the current holder's token, which may sort lower than the last.
  ...(c.check === 'equal' ? { currentToken: c.maxSeen } : { maxSeen: c.maxSeen }),
  ...(c.check === 'token-seq' ? { maxSeq: c.maxSeq } : {}),
  check: c.check,
  ...(c.blobStore !== null ? { blobStore: c.blobStore, objectVersion: c.version } : {}),
  value: c.value,
  accepted: c.accepted,
  rejected: c.rejected,
});

export const mailerFields = (c: { sent: number; lastValue: string | null }): Record<string, FieldValue> => ({
  sent: c.sent,
  lastValue: c.lastValue,
});

export const lockServiceInput = (knobs: Knobs): LockServiceInput => ({
  tokenSource: knobs.tokenSource,
  firstToken: knobs.firstToken,
  leaseTtlMs: knobs.leaseTtlMs,
  keptMs: Math.round(knobs.leaseTtlMs * (knobs.leaseGraceFactor ?? 1)),
  lockDelayMs: lockDelayMsOf(knobs, 'none'),
  keepalive: knobs.keepalive ?? false,
});

export const clientInput = (knobs: Knobs, id: string): ClientInput => ({
  lockService: LOCK_SERVICE,
  retryMs: knobs.leaseTtlMs,
  resources: resourceIds(knobs),
  mailer: knobs.sideEffect === 'email' ? MAILER : null,
  leaseMs: knobs.leaseTtlMs,
  keepalive: knobs.keepalive ?? false,
  renewEveryMs: renewEveryMsOf(knobs),
  stopActing: stopPolicyOf(knobs, id),
  checkLeaseBeforeWrite: knobs.checkLeaseBeforeWrite ?? false,
  fenceAtTakeover: fencesAtTakeover(knobs),
});

/** Whether a generic client fences `Storage` when it takes the lock: asked for and possible
 * (strategies/takeover.ts). Validation refuses a scenario that asks where it cannot; a run carried
 * from another strategy with the knob set fences only where it can. */
const fencesAtTakeover = (knobs: Knobs): boolean =>
  asksFenceAtTakeover(knobs) && takeoverBlock({ id: 'fencing', fencesAtTakeover: true }, knobs) === null;

/** A store's input: `checks` is false for the second store, which checks nothing; `Storage` is a
 * blob store when knobs.blobStore says so (a plain-put one cannot check, whatever `check` says). */
export function resourceInput(knobs: Knobs, checks: boolean): ResourceInput {
  const blobStore = checks ? (knobs.blobStore ?? null) : null;
  const check = checks && blobStore !== 'plain-put' ? knobs.check : 'none';
  return {
    check,
    initialMaxSeen: check === 'none' || !isOrderedSource(knobs.tokenSource) ? null : knobs.initialMaxSeen,
    maxSeenDurable: knobs.maxSeenDurable,
    blobStore,
  };
}

/** What a blob store is, in the few words its lane has room for under its name. */
const BLOB_STORE_WORDS: Record<BlobStore, string> = {
  'plain-put': 'blob store, no check',
  'if-match': 'blob store + If-Match',
};

export const partyInfo = {
  lockService: (): PartyInfo => ({ id: LOCK_SERVICE, kind: 'lock', label: 'Lock service' }),
  client: (id: string): PartyInfo => ({ id, kind: 'client', label: id }),
  /** A store; `Storage` says on its lane what kind of blob store it is, where it is one. */
  resource: (id: string, checks: boolean, blobStore: BlobStore | null = null): PartyInfo => ({
    id,
    kind: 'resource',
    label: !checks ? 'Second store (no check)' : blobStore ? `Storage (${BLOB_STORE_WORDS[blobStore]})` : 'Storage',
  }),
  mailer: (): PartyInfo => ({ id: MAILER, kind: 'mailer', label: 'Mailer (outside the fence)' }),
};

/** The parties every generic strategy has: one lock service, the clients, the stores, the mailer. */
export function genericParties(knobs: Knobs, clients: string[]): PartyInfo[] {
  return [
    partyInfo.lockService(),
    ...clients.map((id) => partyInfo.client(id)),
    partyInfo.resource(STORAGE, true, knobs.blobStore ?? null),
    ...(knobs.secondResource === 'unchecked' ? [partyInfo.resource(STORAGE2, false)] : []),
    ...(knobs.sideEffect === 'email' ? [partyInfo.mailer()] : []),
  ];
}
