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

/**
 * Answer the decided write `w`: accepted, apply it (the value and the count; the store's own
 * fields are the caller's to assign first) and ack; refused, count it and nack with the reason.
 * `extra` (a journal node's txid) rides on the reply and in the note.
 */
export function enqueueAnswer(
  enqueue: Enqueue<StoreFields>,
  counts: StoreFields,
  w: DecidedWrite,
  extra?: Record<string, number>,
): void {
  const reply = { token: w.token, grantId: w.grantId, value: w.value, ...extra };
  if (w.decision.accept) {
    enqueue.assign({ value: w.value, accepted: counts.accepted + 1 });
    enqueue(effect.send(w.client, { type: 'write.ack', ...reply }));
  } else {
    enqueue.assign({ rejected: counts.rejected + 1 });
    enqueue(effect.send(w.client, { type: 'write.nack', ...reply, reason: w.decision.reason }));
  }
  enqueue(effect.note(writeNote(extra ? { ...w, detail: extra } : w)));
}
