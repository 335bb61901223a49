// What became of one quorum-journal edit (QJM), read off the trace: which journal nodes logged it,
// which refused, how many a commit needs, and whether its writer aborted. The verdict and the
// comparison table use it so a local accept is never reported as if it had committed.
// Invariant: pure reads of trace fields.

import type { Step, Trace } from '../core/trace';
import { quorumOf } from '../machines/common/quorum';

export interface EditOutcome {
  logged: string[];
  refused: string[];
  quorum: number;
  committed: boolean;
  aborted: boolean;
}

/** The fate of the edit a store step wrote or refused, or null if it is no journal edit. */
export function editOutcome(trace: Trace, step: Step): EditOutcome | null {
  const w = step.write;
  const txid = journalTxid(step);
  if (!w || txid === undefined) return null;
  const same = trace.steps.filter(
    (s) => s.write && s.write.client === w.client && s.write.token === w.token && journalTxid(s) === txid,
  );
  // The writer's own view of a journal node's answer carries the quorum the edit needs; a writer
  // that never heard back (crashed, cut off, its replies still on their way) needs the same: a
  // majority of the journal nodes it wrote to (machines/qjm/writer.ts, quorumOf).
  const quorum =
    trace.steps
      .filter((s) => s.party === w.client && s.token === w.token)
      .flatMap((s) =>
        (s.kind === 'write.acked' || s.kind === 'write.refused') &&
        s.detail?.txid === txid &&
        s.detail.quorum !== undefined
          ? [s.detail.quorum]
          : [],
      )[0] ?? journalQuorum(trace, w.client);
  if (quorum === undefined) return null;
  const logged = same.filter((s) => s.write!.verdict === 'accepted').map((s) => s.party);
  return {
    logged,
    refused: same.filter((s) => s.write!.verdict === 'rejected').map((s) => s.party),
    quorum,
    committed: logged.length >= quorum,
    aborted: trace.steps.some(
      (s) => s.kind === 'lease.lapsed' && s.party === w.client && s.token === w.token && s.detail?.aborted === true,
    ),
  };
}

/**
 * The journal edit a store step wrote, as it stood at that step (QJM): the journal nodes that had
 * logged it by then (this one included), and how many its commit needs. What a viewer at that
 * step can know: whether more nodes log it later is the rest of the run's to tell. Null if the
 * step is no journal edit.
 */
export function editSoFar(trace: Trace, step: Step): { logged: string[]; quorum: number } | null {
  const outcome = editOutcome(trace, step);
  if (!outcome) return null;
  const w = step.write!;
  const txid = journalTxid(step);
  const logged = trace.steps
    .filter(
      (s) =>
        s.index <= step.index &&
        s.write?.verdict === 'accepted' &&
        s.write.client === w.client &&
        s.write.token === w.token &&
        journalTxid(s) === txid,
    )
    .map((s) => s.party);
  return { logged, quorum: outcome.quorum };
}

/**
 * A majority of the journal nodes `writer` sent edits to (each edit goes to every one: the writer's
 * journals), or undefined if it sent none.
 */
function journalQuorum(trace: Trace, writer: string): number | undefined {
  const journals = new Set(
    trace.messages.filter((m) => m.from === writer && m.type === 'qjm.journal').map((m) => m.to),
  );
  return journals.size > 0 ? quorumOf(journals.size) : undefined;
}

/** The transaction id a journal node's accept or refusal names (QJM), if the step is one. */
function journalTxid(step: Step): number | undefined {
  return step.kind === 'write.accepted' || step.kind === 'write.rejected' ? step.detail?.txid : undefined;
}

/** "on JN3 only, 1 of 2 acks needed, never committed", or null when the edit committed. */
export function uncommittedPhrase(o: EditOutcome): string | null {
  if (o.committed) return null;
  return `on ${o.logged.join(', ')} only, ${o.logged.length} of ${o.quorum} acks needed, never committed`;
}

/**
 * "on JN3 only, 1 of 2 acks needed, never committed" when every stale write a store accepted in
 * `trace` was a journal edit too few journal nodes logged to commit (QJM: it stays uncommitted and
 * recovery repairs it, so nothing stale took effect); null when there was none, or when any one got
 * in for real. Each stale accept is looked at once (a run has few).
 */
export function staleEditsUncommitted(trace: Trace): string | null {
  let phrase: string | null = null;
  for (const step of trace.steps) {
    if (!step.write?.stale || step.write.verdict !== 'accepted') continue;
    const words = uncommittedEdit(trace, step);
    if (!words) return null;
    phrase ??= words;
  }
  return phrase;
}

/** uncommittedPhrase of the journal edit a store step wrote, or null (no journal edit, or it committed). */
export function uncommittedEdit(trace: Trace, step: Step): string | null {
  const outcome = editOutcome(trace, step);
  return outcome && uncommittedPhrase(outcome);
}
