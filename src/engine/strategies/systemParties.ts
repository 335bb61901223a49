// Parties every real system shares: the protected stores and the mail service outside the fence,
// and the fields a system client's card shows about its writes.
// Invariant: every strategy's protected store is the generic resource machine (max_seen checks).

import type { Knobs } from '../core/scenario';
import type { FieldValue } from '../core/trace';
import type { PartyLogic } from '../core/party';
import type { PartySpec } from './types';
import type { WriterFields } from '../machines/common/writer';
import { mailerSpec, resourceSpec, stopFields } from './parties';
import { MAILER, STORAGE, STORAGE2 } from '../core/parties';

export const erase = <S>(logic: PartyLogic<S>): PartyLogic<unknown> => logic as PartyLogic<unknown>;

/** Storage (checking with the knob's check), an unchecked Storage2 and a Mailer if asked for. */
export function storesAndMailer(
  knobs: Knobs,
  withStorage = true,
): { resources: string[]; mailer: string | null; parties: PartySpec[] } {
  const parties: PartySpec[] = [];
  const resources: string[] = [];
  if (withStorage) {
    parties.push(resourceSpec(STORAGE, knobs, true));
    resources.push(STORAGE);
  }
  if (knobs.secondResource === 'unchecked') {
    parties.push(resourceSpec(STORAGE2, knobs, false));
    resources.push(STORAGE2);
  }
  if (knobs.sideEffect === 'email') parties.push(mailerSpec());
  return { resources, mailer: knobs.sideEffect === 'email' ? MAILER : null, parties };
}

export function writerFields(c: WriterFields): Record<string, FieldValue> {
  return {
    token: c.token,
    believedUntilMs: c.believedUntilMs,
    writesSent: c.seq,
    lastValue: c.lastValue,
    pendingWrites: c.pendingWrites.join(', '),
    ...stopFields(c),
  };
}
