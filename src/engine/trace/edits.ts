// What became of one quorum-journal edit (QJM), read off the trace: which journal nodes logged it,
// which refused, how many a commit needs, and whether its writer aborted. The verdict and the
// comparison table use it so a local accept is never reported as if it had committed.
// Invariant: pure reads of trace fields.

import type { Step, Trace } from '../core/trace';

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
  const txid = step.detail?.txid;
  if (!w || txid === undefined) return null;
  const same = trace.steps.filter(
    (s) => s.write && s.write.client === w.client && s.write.token === w.token && s.detail?.txid === txid,
  );
  const reply = trace.steps.find(
    (s) => s.party === w.client && s.detail?.txid === txid && s.token === w.token && s.detail?.quorum !== undefined,
  );
  if (!reply) return null;
  const quorum = Number(reply.detail!.quorum);
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

/** "on JN3 only, 1 of 2 acks needed, never committed", or null when the edit committed. */
export function uncommittedPhrase(o: EditOutcome): string | null {
  if (o.committed) return null;
  return `on ${o.logged.join(', ')} only, ${o.logged.length} of ${o.quorum} acks needed, never committed`;
}
