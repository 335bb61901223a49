// Checkpoints: a run that keeps the engine's state every few hundred steps, and a run of a changed
// scenario that resumes from the latest checkpoint its change leaves untouched (a fork) instead of
// from time zero. Invariant: resume(p, s).trace equals simulate(s), byte for byte; a checkpoint
// never changes once taken, so any number of forks can resume from it.

import type { RenewalLog } from './renewals';
import type { Scenario } from '../core/scenario';
import type { Trace } from '../core/trace';
import type { Model, Models } from '../strategies/types';
import { modelOf } from '../strategies/registry';
import type { Scheduled } from '../kernel/queue';
import type { Network } from '../kernel/network';
import type { PartyRuntime, Pending } from '../kernel/world';
import type { RecorderMark } from '../trace/recorder';
import { sharedUntilMs } from './fork';
import { DEFAULT_EVENT_BUDGET, DEFAULT_MAX_STEPS, Run, horizonOf, type SimulateOptions } from './simulate';

/**
 * The engine's whole state between two instants of a run: every party (state, clock, timers,
 * what a paused one holds), the network, the pending events and what the recorder has. Opaque:
 * only resume() reads it. It never changes once taken.
 */
interface Checkpoint {
  /** Every event up to this virtual time (ms) had been processed, and none after it. */
  readonly lastEventMs: number;
  /** How many steps the trace had. */
  readonly steps: number;
}

/** A run and the checkpoints it took (and those it kept from the run it resumed). */
export interface Simulation {
  trace: Trace;
  checkpoints: readonly Checkpoint[];
  /** The virtual time (ms) of the checkpoint this run resumed from; null: it ran from the start. */
  resumedFromMs: number | null;
}

/** How often resume-able runs take a checkpoint, in steps (about 1 ms of copying per checkpoint
 * on a 40,000-step run; a fork then redoes at most this many steps before its change). */
const CHECKPOINT_EVERY = 500;

/** simulate(), keeping checkpoints for resume(). The trace is the same, byte for byte. */
export function simulateWithCheckpoints(scenario: Scenario, models: Models, options: SimulateOptions = {}): Simulation {
  const run = new Run(scenario, models, { checkpointEvery: CHECKPOINT_EVERY, ...options });
  return { trace: run.run(), checkpoints: run.checkpoints, resumedFromMs: null };
}

/**
 * The run of `scenario`, resumed from the latest checkpoint of `previous` that the change from
 * `previous.trace.scenario` to `scenario` leaves untouched (a fork: a timed action added, moved or
 * removed after it) and that was taken under the model `models` has for its strategy; from the
 * start when there is none (another strategy, seed, knob or model). Contract:
 * `resume(p, s).trace` equals `simulate(s)` byte for byte. `scenario` must be valid
 * (validateScenario); an unknown strategy or party, or a strategy `models` lacks, throws, as
 * simulate() does.
 */
export function resume(
  previous: Simulation,
  scenario: Scenario,
  models: Models,
  options: SimulateOptions = {},
): Simulation {
  const every = options.checkpointEvery ?? CHECKPOINT_EVERY;
  const maxSteps = options.maxSteps ?? DEFAULT_MAX_STEPS;
  const eventBudget = options.eventBudget ?? DEFAULT_EVENT_BUDGET;
  const horizonMs = horizonOf(scenario); // throws for an unknown strategy, as simulate() does
  const model = modelOf(models, scenario.strategy);
  const shared = new Map<Scenario, number>();
  const usable = (previous.checkpoints as RunCheckpoint[]).filter((cp) => {
    if (!shared.has(cp.scenario)) shared.set(cp.scenario, sharedUntilMs(cp.scenario, scenario));
    return (
      cp.model === model &&
      cp.lastEventMs < shared.get(cp.scenario)! &&
      cp.lastEventMs <= horizonMs &&
      cp.steps < maxSteps &&
      cp.events < eventBudget
    );
  });
  const from = usable.at(-1);
  if (!from) return simulateWithCheckpoints(scenario, models, { ...options, checkpointEvery: every });
  const run = new Run(scenario, models, { ...options, checkpointEvery: every }, from);
  const trace = run.run();
  return { trace, checkpoints: [...usable, ...run.checkpoints], resumedFromMs: from.lastEventMs };
}

/** A checkpoint's contents (see Checkpoint), with the scenario whose run it was taken in. */
export interface RunCheckpoint extends Checkpoint {
  readonly scenario: Scenario;
  /** The model its parties were built with: a run under another model cannot resume from it. */
  readonly model: Model;
  readonly entries: readonly Scheduled<Pending>[];
  readonly nextSeq: number;
  readonly actionSeq: number;
  readonly parties: readonly PartyRuntime[];
  readonly network: Network;
  readonly recorder: RecorderMark;
  readonly nextGrantId: number;
  readonly nextMessageId: number;
  readonly heartbeats: number;
  /** The renewals sent up to here (a copy: the run goes on marking its own lost). */
  readonly renewals: RenewalLog;
  /** Engine events processed up to here (the event budget counts them from the start). */
  readonly events: number;
}
