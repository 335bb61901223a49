// Where the trace of a scenario comes from, for the lab store: a preset's shipped run, a run
// computed here (a short one), or, later, the worker's run or one computed here once the strategy's
// model has been fetched. The store decides what the document is; this decides only how its trace
// is had. Invariant: every trace is simulate(scenario), byte for byte, however it was had.

import { simulatorOf, type Scenario, type Trace } from '../../engine';
import type { TraceRunner } from '../workers/background';

/**
 * With a runner, a change to a short run is tried here for at most this many engine events (a few
 * tens of ms; every preset takes under 200) and handed to the worker if it needs more. A change to
 * a run longer than this goes straight to the worker, so a fork of a long run costs the page
 * nothing before its new action is drawn.
 */
export const HERE_MAX_EVENTS = 1000;

export interface ModelSource {
  ready(strategyId: string): boolean;
  /** Settles once the model is registered; rejects with an Error whose message says why not. */
  load(strategyId: string): Promise<void>;
  /** The run of `scenario` as the build computed it (an unchanged preset's), if at hand. */
  shipped?(scenario: Scenario): Trace | null;
}

export interface RunSources {
  /** Computes long runs off the main thread; null: every run is computed here. */
  runner: TraceRunner | null;
  /** The page's models and shipped runs; null: every model is registered already. */
  models: ModelSource | null;
}

export type RunResult = { trace: Trace } | { error: string };

/** A run computed here: always without a worker; with one, only a run that stays short. */
function runHere({ runner }: RunSources, scenario: Scenario, short: boolean): Trace | null {
  if (runner && !short) return null;
  const simulator = simulatorOf();
  return runner ? simulator.simulateWithin(scenario, HERE_MAX_EVENTS) : simulator.simulate(scenario);
}

const modelReady = ({ models }: RunSources, scenario: Scenario) => !models || models.ready(scenario.strategy);

/**
 * The trace of `scenario` if it can be had without waiting (its shipped run, or a run computed
 * here), else null: then traceLater() has it. `short`: the run on screen is short, so this one is
 * tried here first.
 */
export function traceNow(sources: RunSources, scenario: Scenario, short: boolean): Trace | null {
  return (
    sources.models?.shipped?.(scenario) ?? (modelReady(sources, scenario) ? runHere(sources, scenario, short) : null)
  );
}

/**
 * The trace of `scenario` that traceNow() could not give: its model is fetched first if need be
 * (then a short run is computed here), else the worker runs it. `done` is called once, unless
 * `wanted()` is false by the time the model has come.
 */
export function traceLater(
  sources: RunSources,
  scenario: Scenario,
  short: boolean,
  wanted: () => boolean,
  done: (result: RunResult) => void,
): void {
  const { runner, models } = sources;
  if (modelReady(sources, scenario)) return runner!.run(scenario, done);
  models!.load(scenario.strategy).then(
    () => {
      if (!wanted()) return;
      let trace: Trace | null;
      try {
        trace = runHere(sources, scenario, short);
      } catch (e) {
        return done({ error: (e as Error).message });
      }
      if (trace) done({ trace });
      else runner!.run(scenario, done);
    },
    (e: Error) => done({ error: e.message }),
  );
}
