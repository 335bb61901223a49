// What a store does once it has decided a write, whatever decided it (the generic resource's
// check, a journal node's epoch): apply it or count the refusal, answer the writer, and note the
// decision with the comparison written out.
// Invariant: the writer hears exactly what the trace records, ack for an applied write, nack else.

import { type DecidedWrite, writeNote } from '../../protocol/check';
import { type Enqueue, effect } from '../effects';

/**
 * Answer the decided write `w`: accepted, apply `applied` (the store's own fields; the value and
 * the count come with it) and ack; refused, count it and nack with the reason. `extra` (a journal
 * node's txid) rides on the reply and in the note.
 */
export function enqueueAnswer(
  enqueue: Enqueue,
  counts: { accepted: number; rejected: number },
  w: DecidedWrite,
  applied: object,
  extra?: Record<string, number>,
): void {
  const reply = { token: w.token, grantId: w.grantId, value: w.value, ...extra };
  if (w.decision.accept) {
    enqueue.assign({ ...applied, value: w.value, accepted: counts.accepted + 1 } as never);
    enqueue(effect.send(w.client, { type: 'write.ack', ...reply }));
  } else {
    enqueue.assign({ rejected: counts.rejected + 1 } as never);
    enqueue(effect.send(w.client, { type: 'write.nack', ...reply, reason: w.decision.reason }));
  }
  enqueue(effect.note(writeNote(extra ? { ...w, detail: extra } : w)));
}
