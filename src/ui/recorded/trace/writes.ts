// The verdicts of a recording as the trace's write outcomes: the recorder's store deciding on a
// write (party Storage) and etcd's guarded txn (seen by its client). The reason and the comparison
// are the model's words for the same verdict ("2 <= 4 -> REJECT"), from the store's own
// maxSeenBefore and rule; the sentence is the engine's (narrateObservation).
// Invariant: the verdict is the recorded one, never recomputed; `stale` is read from the observed
// grants (another client was granted after the writer was), which the store itself cannot know.

import type { WriteOutcome } from '../../../engine';
import {
  tokenOrder,
  txnGuard,
  verdictWords,
  type Observation,
  type ObservationContext,
} from '../../../engine/surfaces/recorded';
import type { StepStart } from './steps';

const text = (v: unknown): string | null => (v === undefined || v === null ? null : String(v));

/** A write outcome and its step for an observation that is a verdict; null for any other. */
export function outcomeOf(
  o: Observation,
  context: ObservationContext,
  superseded: (client: string, atMs: number) => boolean,
): { outcome: WriteOutcome; step: StepStart } | null {
  const d = o.detail ?? {};
  const token = o.token ?? '';
  if (o.party === 'Storage' && o.client && (o.kind === 'write.accepted' || o.kind === 'write.rejected')) {
    const accepted = o.kind === 'write.accepted';
    const before = text(d.maxSeenBefore);
    const order = before === null ? 0 : tokenOrder(token, before);
    return {
      outcome: {
        resource: 'Storage',
        client: o.client,
        value: String(d.value ?? ''),
        token,
        seq: 0,
        verdict: accepted ? 'accepted' : 'rejected',
        ...verdictWords(String(d.rule ?? context.rule), token, before, accepted, order),
        maxSeenBefore: before,
        maxSeenAfter: text(d.maxSeenAfter),
        stale: superseded(o.client, o.atMs),
      },
      step: { kind: o.kind, party: 'Storage', parties: ['Storage', o.client] },
    };
  }
  if (o.kind === 'txn.succeeded' || o.kind === 'txn.failed') {
    const ok = o.kind === 'txn.succeeded';
    const key = context.keyOf.get(o.party) ?? 'its lock key';
    const lock = context.locks[0] ?? 'etcd';
    return {
      outcome: {
        resource: lock,
        client: o.party,
        value: String(d.value ?? ''),
        token,
        seq: 0,
        verdict: ok ? 'accepted' : 'rejected',
        reason: ok ? 'its lock key still exists' : 'its lock key is gone',
        maxSeenBefore: null,
        maxSeenAfter: null,
        comparison: ok ? `${txnGuard(key, token)} -> PUT` : `${key} is gone -> FAIL`,
        stale: superseded(o.party, o.atMs),
      },
      step: {
        kind: ok ? 'write.accepted' : 'write.rejected',
        party: lock,
        parties: [lock, o.party],
      },
    };
  }
  return null;
}
