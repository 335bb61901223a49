// What a store does once it has decided a write, whatever decided it (the generic resource's
// check, a journal node's epoch): apply it or count the refusal, answer the writer, and note the
// decision with the comparison written out.
// Invariant: the writer hears exactly what the trace records, ack for an applied write, nack else.

import { type DecidedWrite, writeNote } from '../../protocol/check';
import { type Enqueue, effect } from '../effects';

/** The fields every store keeps besides its own check's: the value written, and the counts. */
export interface StoreFields {
  value: string | null;
  accepted: number;
  rejected: number;
}

/** What rides on the answer to `w`: its token, grant and value, and `extra` (a journal node's txid). */
const replyTo = (w: DecidedWrite, extra?: Record<string, number>) => ({
  token: w.token,
  grantId: w.grantId,
  value: w.value,
  ...extra,
});

/** The chart chose to apply `w`, so its check must have accepted it; a disagreement is a bug. */
function assertVerdict(w: DecidedWrite, accept: boolean): void {
  if (w.decision.accept !== accept) {
    throw new Error(
      `A store ${accept ? 'applied' : 'refused'} a write its check ${accept ? 'refuses' : 'accepts'}: ${w.decision.comparison}`,
    );
  }
}

/**
 * Apply the accepted write `w`: the value and the count (the store's own fields are the caller's
 * to assign first), an ack, and the note. `extra` (a journal node's txid) rides on both.
 */
export function enqueueAccepted(
  enqueue: Enqueue<StoreFields>,
  counts: StoreFields,
  w: DecidedWrite,
  extra?: Record<string, number>,
): void {
  assertVerdict(w, true);
  enqueue.assign({ value: w.value, accepted: counts.accepted + 1 });
  enqueue(effect.send(w.client, { type: 'write.ack', ...replyTo(w, extra) }));
  enqueue(effect.note(writeNote(extra ? { ...w, detail: extra } : w)));
}

/** Refuse the write `w`: count it, nack it with the reason, and note it. */
export function enqueueRefused(
  enqueue: Enqueue<StoreFields>,
  counts: StoreFields,
  w: DecidedWrite,
  extra?: Record<string, number>,
): void {
  assertVerdict(w, false);
  enqueue.assign({ rejected: counts.rejected + 1 });
  enqueue(effect.send(w.client, { type: 'write.nack', ...replyTo(w, extra), reason: w.decision.reason }));
  enqueue(effect.note(writeNote(extra ? { ...w, detail: extra } : w)));
}
