// When a run's verdict is settled: the step after which nothing the verdict counts can happen.
// A lesson hides what is still to come, and shows the whole run's verdict only once it is
// settled; before that, the panel would tell the class what they have not yet seen.

import { stepDetail, type Step, type Trace } from '../core/trace';
import type { StepKind } from '../core/vocabulary';

/** The steps a verdict counts: grants (the tokens issued), a store's decisions, a side effect
 * that escapes the fence, a journal's state. */
const DECISIVE = new Set<StepKind>([
  'lock.granted',
  'lock.regranted',
  'epoch.promised',
  'journal.state',
  'write.accepted',
  'write.rejected',
  'effect.sent',
]);

/** A writer hearing of its edit counts where a quorum decides whether a stale edit committed
 * (HDFS-style journals: their notes carry the quorum). Elsewhere it only learns what was decided. */
const decides = (step: Step): boolean =>
  DECISIVE.has(step.kind) ||
  ((step.kind === 'write.acked' || step.kind === 'write.refused') && stepDetail(step).quorum !== undefined);

/**
 * The index of the step from which the run's verdict (trace.verdict, and the headline made of it)
 * can no longer change: the last step that grants, decides a write, sends a side effect, or
 * breaks an invariant. 0 for a run with none of these; a truncated run is settled only at its end.
 * @param trace a simulated run
 * @returns a step index, 0 … trace.steps.length − 1 (0 for an empty run)
 */
export function verdictSettledAt(trace: Trace): number {
  let at = settledAt.get(trace);
  if (at === undefined) {
    at = settle(trace);
    settledAt.set(trace, at);
  }
  return at;
}

/**
 * Worked out once per run: the narration's, the verdict panel's and a lesson's selectors ask on
 * every change of the store (each frame while playing), and the answer walks the whole trace.
 */
const settledAt = new WeakMap<Trace, number>();

function settle(trace: Trace): number {
  const last = Math.max(0, trace.steps.length - 1);
  if (trace.truncated) return last;
  let at = 0;
  for (const step of trace.steps) if (decides(step)) at = step.index;
  for (const v of trace.verdict.violations) at = Math.max(at, v.step);
  return Math.min(at, last);
}
