// Parties every real system shares: the protected stores and the mail service outside the fence,
// and the fields a system client's card shows about its writes.
// Invariant: every strategy's protected store is the generic resource machine (max_seen checks).

import type { Knobs } from '../core/scenario';
import type { FieldValue } from '../core/trace';
import type { PartyInfo } from '../core/trace';
import type { WriterFields } from '../machines/common/writer';
import { partyInfo, stopFields } from './parties';
import { MAILER, STORAGE, STORAGE2 } from '../core/parties';

/** Storage (checking with the knob's check), an unchecked Storage2 and a Mailer if asked for:
 * the stores' ids, the mailer's (or null) and their infos. */
export function storesAndMailer(
  knobs: Knobs,
  withStorage = true,
): { resources: string[]; mailer: string | null; parties: PartyInfo[] } {
  const parties: PartyInfo[] = [];
  const resources: string[] = [];
  if (withStorage) {
    parties.push(partyInfo.resource(STORAGE, true, knobs.blobStore ?? null));
    resources.push(STORAGE);
  }
  if (knobs.secondResource === 'unchecked') {
    parties.push(partyInfo.resource(STORAGE2, false));
    resources.push(STORAGE2);
  }
  if (knobs.sideEffect === 'email') parties.push(partyInfo.mailer());
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
