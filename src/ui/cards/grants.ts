// When each grant of the lock starts and ends, as step indices: the trace keeps lease records in
// virtual time, the cards ask about a step. Invariant: the k-th lease record is the k-th
// `lock.granted` step (the recorder opens one record per grant note, in order), and a record ends
// at the step that ended it, not at an earlier step that happened in the same millisecond.

import type { LeaseRecord, Step, Trace } from '../../engine';
import { firstStepAtOrAfter } from '../store/pacing/time';

export interface GrantSteps {
  /** The step that granted leases[k]. */
  grantStep: number[];
  /** The step that ended leases[k]; Infinity while it lasts to the end of the trace. */
  endStep: number[];
}

/** The kinds of step that end a grant, by the reason the recorder gives. */
const ENDED_BY: Record<string, readonly string[]> = {
  expired: ['lease.expired'],
  released: ['lock.released', 'lock.releasing'],
  'lock service crashed': ['node.crashed'],
  'lost in a restore': ['node.restarted'],
  superseded: ['lock.granted'],
};

const cache = new WeakMap<Trace, GrantSteps>();

export function grantSteps(trace: Trace): GrantSteps {
  const cached = cache.get(trace);
  if (cached) return cached;
  const grantStep: number[] = [];
  trace.steps.forEach((step, i) => {
    if (step.kind === 'lock.granted') grantStep.push(i);
  });
  const endStep = trace.leases.map((lease) => endOf(trace.steps, lease));
  const result = { grantStep, endStep };
  cache.set(trace, result);
  return result;
}

function endOf(steps: readonly Step[], lease: LeaseRecord): number {
  if (lease.endedMs === null) return Infinity;
  const first = firstStepAtOrAfter(steps, lease.endedMs);
  if (first === steps.length) return Infinity;
  // A promise that runs out ("validity over") ends at the first step at or after its time.
  const kinds = lease.endReason ? ENDED_BY[lease.endReason] : undefined;
  if (!kinds) return first;
  for (let i = first; i < steps.length && steps[i]!.timeMs === lease.endedMs; i++) {
    if (kinds.includes(steps[i]!.kind)) return i;
  }
  return first;
}
