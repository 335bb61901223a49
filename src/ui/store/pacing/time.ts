// Cursor arithmetic over a trace's virtual time. Invariant: every function here is a pure read of
// `steps` (sorted by timeMs, as the trace guarantees); none of them calls the engine.

import type { Step } from '../../../engine';

/** The index of the last step with timeMs <= timeMs; 0 when every step is later (or none exist). */
export function lastStepAtOrBefore(steps: readonly Step[], timeMs: number): number {
  let lo = 0;
  let hi = steps.length - 1;
  let found = 0;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (steps[mid]!.timeMs <= timeMs) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** The index of the first step with timeMs >= timeMs, or steps.length when there is none. */
export function firstStepAtOrAfter(steps: readonly Step[], timeMs: number): number {
  let lo = 0;
  let hi = steps.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (steps[mid]!.timeMs < timeMs) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Keeps a step index inside the trace: 0..steps.length-1 (0 for an empty trace). */
export function clampCursor(steps: readonly Step[], index: number): number {
  if (!Number.isFinite(index)) return 0;
  return Math.max(0, Math.min(steps.length - 1, Math.trunc(index)));
}

/** The virtual time of the step at the cursor (0 for an empty trace). */
export function timeAt(steps: readonly Step[], cursor: number): number {
  return steps[cursor]?.timeMs ?? 0;
}
