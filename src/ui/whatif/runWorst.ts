// The what-if's worst placement, found without freezing the page: up to 26 runs took 200 ms at
// once on a busy 2-core machine, so each run has a task of its own (a run takes a few to 30 ms)
// and the page draws and answers between them. Invariant: the answer is worstWhatIf()'s, run for
// run; a search superseded by a newer one (`stale()`) stops and answers nothing.

import { whatIfRuns, worstOfRuns, type Trace, type WhatIfParams, type WorstWhatIf } from '../../engine';
import { simulatorNow, type EngineCode } from '../store/code/runs';

/** Lets the page have the main thread before the next run (a macrotask, not a microtask). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The worst of the what-if's placements under its own strategy, its model fetched by `code` first.
 * Resolves to null when `stale()` turned true meanwhile; to the builder's `{ ok: false }` for bad
 * params. Rejects with the Error of a model that could not be fetched or a run that threw.
 */
export async function runWorstWhatIf(
  params: WhatIfParams,
  code: EngineCode,
  stale: () => boolean,
): Promise<WorstWhatIf | null> {
  const planned = whatIfRuns(params);
  if (!planned.ok) return planned;
  const strategy = planned.runs[0]?.scenario.strategy ?? params.strategy ?? 'fencing';
  await code.load(strategy);
  const simulator = simulatorNow(code, strategy);
  const traces: Trace[] = [];
  for (const run of planned.runs) {
    await nextTask();
    if (stale()) return null;
    traces.push(simulator.simulate(run.scenario));
  }
  return worstOfRuns(planned, traces);
}
