// The verdicts of a recording as the trace's write outcomes: the recorder's store deciding on a
// write (party Storage) and etcd's guarded txn (seen by its client). The comparison is written out
// from the store's own maxSeenBefore and rule, as the model's store writes it ("2 <= 4 -> REJECT").
// Invariant: the verdict is the recorded one, never recomputed; `stale` is read from the observed
// grants (another client was granted after the writer was), which the store itself cannot know.

import type { WriteOutcome } from '../../../engine';
import type { Observation, Recording } from '../../../engine/surfaces/recorded';
import type { Worded, WordsContext } from './words';

/** The store's rule: the one its decisions name, else the schedule's check. */
export function storeRuleOf(rec: Recording): string {
  const named = rec.observations.find((o) => o.party === 'Storage' && typeof o.detail?.rule === 'string');
  return String(named?.detail?.rule ?? rec.schedule.knobs.check ?? 'reject-le');
}

const text = (v: unknown): string | null => (v === undefined || v === null ? null : String(v));

/** "4 > 2 -> ACCEPT", "2 <= 4 -> REJECT", "no check -> ACCEPT", in the model's notation. */
export function comparisonOf(token: string, before: string | null, rule: string, accepted: boolean): string {
  const verdict = accepted ? 'ACCEPT' : 'REJECT';
  if (rule === 'none') return `no check -> ${verdict}`;
  const other = before ?? 'none';
  if (rule === 'reject-le') return `${token} ${accepted ? '>' : '<='} ${other} -> ${verdict}`;
  if (rule === 'reject-lt') return `${token} ${accepted ? '>=' : '<'} ${other} -> ${verdict}`;
  return `${token} vs ${other} (${rule}) -> ${verdict}`;
}

/** A write outcome and its words for an observation that is a verdict; null for any other. */
export function outcomeOf(
  o: Observation,
  rec: Recording,
  context: WordsContext,
  superseded: (client: string, atMs: number) => boolean,
): { outcome: WriteOutcome; words: Worded } | null {
  const d = o.detail ?? {};
  const token = o.token ?? '';
  if (o.party === 'Storage' && o.client && (o.kind === 'write.accepted' || o.kind === 'write.rejected')) {
    const accepted = o.kind === 'write.accepted';
    const rule = String(d.rule ?? storeRuleOf(rec));
    const before = text(d.maxSeenBefore);
    const after = text(d.maxSeenAfter);
    const stale = superseded(o.client, o.atMs);
    const comparison = comparisonOf(token, before, rule, accepted);
    const reason =
      rule === 'none'
        ? 'it checks no token'
        : accepted
          ? before === null
            ? 'nothing seen yet'
            : 'newer than any token seen'
          : 'not newer than max_seen';
    const zombie = stale
      ? ` That write came from a zombie: ${o.client}'s lock had already passed to another client.`
      : '';
    const rightful =
      !stale && !accepted ? ` ${o.client} does hold the lock: the fence turned away the rightful holder.` : '';
    return {
      outcome: {
        resource: 'Storage',
        client: o.client,
        value: String(d.value ?? ''),
        token,
        seq: 0,
        verdict: accepted ? 'accepted' : 'rejected',
        reason,
        maxSeenBefore: before,
        maxSeenAfter: after,
        comparison,
        stale,
      },
      words: {
        kind: o.kind,
        party: 'Storage',
        parties: ['Storage', o.client],
        text: `Storage checks ${o.client}'s write ${String(d.value ?? '')}: ${comparison}, max_seen = ${after ?? 'none'}.${zombie}${rightful}`,
      },
    };
  }
  if (o.kind === 'txn.succeeded' || o.kind === 'txn.failed') {
    const ok = o.kind === 'txn.succeeded';
    const key = context.keyOf.get(o.party) ?? 'its lock key';
    const lock = context.locks[0] ?? 'etcd';
    const comparison = ok ? `CreateRevision(${key}) = ${token} -> PUT` : `${key} is gone -> FAIL`;
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
        comparison,
        stale: superseded(o.party, o.atMs),
      },
      words: {
        kind: ok ? 'write.accepted' : 'write.rejected',
        party: lock,
        parties: [lock, o.party],
        text: `etcd runs ${o.party}'s guarded txn (write ${String(d.value ?? '')} only if its lock key still exists): ${
          ok ? 'the key is there, so it writes' : 'the key is gone, so nothing is written'
        }. Seen by ${o.party} when the answer came.`,
      },
    };
  }
  return null;
}
