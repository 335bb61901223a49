// Where the trace of a scenario comes from, for the lab store: a preset's shipped run, a run
// computed here (a short one), or, later, the worker's run or one computed here once the strategy's
// model has been fetched. The store decides what the document is; this decides only how its trace
// is had. Invariant: every trace is simulate(scenario), byte for byte, however it was had.

import type { Scenario, Simulator, Trace } from '../../../engine';
import type { TraceRunner } from '../../workers/background';

/**
 * With a runner, a change to a short run is tried here for at most this many engine events (a few
 * tens of ms; every preset takes under 200) and handed to the worker if it needs more. A change to
 * a run longer than this goes straight to the worker, so a fork of a long run costs the page
 * nothing before its new action is drawn.
 */
export const HERE_MAX_EVENTS = 1000;

/**
 * The code that runs scenarios, as a program has it: a page fetches the simulator and each
 * strategy's model when first needed (./loading.ts), a program that links every model in has them
 * all (./allCode.ts). With the runs the build shipped, where a page has them.
 */
export interface EngineCode {
  /** A simulator given `strategyId`'s model, if that model and the simulator are at hand now. */
  simulatorFor(strategyId: string): Simulator | null;
  /** Settles once simulatorFor(strategyId) has one; rejects with an Error whose message says why not. */
  load(strategyId: string): Promise<void>;
  /** The run of `scenario` as the build computed it (an unchanged preset's), if at hand. */
  shipped?(scenario: Scenario): Trace | null;
}

/**
 * `code`'s simulator for `strategyId` now.
 * @throws Error naming the strategy when its model (or the simulator) is not at hand yet
 */
export function simulatorNow(code: EngineCode, strategyId: string): Simulator {
  const simulator = code.simulatorFor(strategyId);
  if (!simulator) throw new Error(`the model of the strategy "${strategyId}" is not loaded yet`);
  return simulator;
}

export interface RunSources {
  /** Computes long runs off the main thread; null: every run is computed here. */
  runner: TraceRunner | null;
  /** What runs scenarios here, and the shipped runs. */
  code: EngineCode;
}

export type RunResult = { trace: Trace } | { error: string };

/**
 * A run computed here: always without a worker; with one, only a run that stays short.
 * @throws Error when the strategy's model is not at hand (call it once modelReady() says it is)
 */
function runHere({ runner, code }: RunSources, scenario: Scenario, short: boolean): Trace | null {
  if (runner && !short) return null;
  const simulator = simulatorNow(code, scenario.strategy);
  return runner ? simulator.simulateWithin(scenario, HERE_MAX_EVENTS) : simulator.simulate(scenario);
}

const modelReady = ({ code }: RunSources, scenario: Scenario) => code.simulatorFor(scenario.strategy) !== null;

/**
 * The trace of `scenario` if it can be had without waiting (its shipped run, or a run computed
 * here), else null: then traceLater() has it. `short`: the run on screen is short, so this one is
 * tried here first.
 */
export function traceNow(sources: RunSources, scenario: Scenario, short: boolean): Trace | null {
  return sources.code.shipped?.(scenario) ?? (modelReady(sources, scenario) ? runHere(sources, scenario, short) : null);
}

/**
 * The trace of `scenario` that traceNow() could not give: its model is fetched first if need be
 * (then a short run is computed here), else the worker runs it. `done` is called once, unless
 * `wanted()` is false by the time the model has come. `replaced` is called when the worker was
 * still busy with an older run, which was ended for this one.
 */
export function traceLater(
  sources: RunSources,
  scenario: Scenario,
  short: boolean,
  wanted: () => boolean,
  done: (result: RunResult) => void,
  replaced: () => void = () => {},
): void {
  const { runner, code } = sources;
  const inWorker = () => {
    if (runner!.run(scenario, done)) replaced();
  };
  if (modelReady(sources, scenario)) return inWorker();
  code.load(scenario.strategy).then(
    () => {
      if (!wanted()) return;
      let trace: Trace | null;
      try {
        trace = runHere(sources, scenario, short);
      } catch (e) {
        return done({ error: (e as Error).message });
      }
      if (trace) done({ trace });
      else inWorker();
    },
    (e: Error) => done({ error: e.message }),
  );
}
