// A run's options, and when it stops: the horizon past which the scheduler (simulate.ts) takes no
// more events. Pure functions of the scenario, like the run itself.

import type { Scenario } from '../core/scenario';
import { effectiveKnobs, findStrategy, lockDelayOf, retryPolicyFor } from '../strategies/registry';
import { actionLastsMs } from '../actions/kinds';

export interface SimulateOptions {
  /** Stop after this many steps (the trace is then marked truncated). */
  maxSteps?: number;
  /**
   * Take a checkpoint about every this many steps (simulateWithCheckpoints and resume set it;
   * absent or 0: none). A checkpoint is taken between two instants of virtual time.
   */
  checkpointEvery?: number;
  /**
   * Stop once a store has accepted a stale holder's write (the trace is then marked truncated):
   * for a question the rest of the run cannot change, "does a stale write get in at all?".
   */
  untilStaleWriteAccepted?: boolean;
  /** Give up after this many events, returning no trace (see simulateWithin). */
  maxEvents?: number;
  /**
   * Stop after this many engine events (messages, timers and actions, heartbeats included), the
   * trace then cut short: marked truncated, its verdict's cutShort saying where. Default
   * DEFAULT_EVENT_BUDGET.
   */
  eventBudget?: number;
  /** Called about every PROGRESS_EVERY events while the run goes on (the CLI times it). */
  onProgress?: (progress: RunProgress) => void;
}

/** How far a run has got: what onProgress is told. */
export interface RunProgress {
  /** Engine events processed so far. */
  events: number;
  /** The budget of events the run stops at. */
  eventBudget: number;
  /** The virtual time reached (ms). */
  atMs: number;
  /** When the run ends, at the latest (ms). */
  horizonMs: number;
}

/**
 * The most engine events a run takes unless told otherwise. Heartbeats and timers are events but
 * not steps, so a run with short sessions over a long horizon can take millions of events and very
 * few steps: this bounds its cost (about 5 s in Node on a quiet machine). A run that reaches its
 * step limit takes about 270,000 events, well under this.
 */
export const DEFAULT_EVENT_BUDGET = 1_000_000;

/** How many events pass between two calls of onProgress. */
export const PROGRESS_EVERY = 50_000;

/** The most steps a run takes unless told otherwise; past them its trace is marked truncated. */
export const DEFAULT_MAX_STEPS = 250_000;

/**
 * When a run of `scenario` stops (ms): its durationMs, or, after its last action, long enough for
 * every timer its parties can set to run out (runTimersMs) and one more second.
 */
export function horizonOf(scenario: Scenario): number {
  return scenario.durationMs ?? lastActivityMs(scenario) + runTimersMs(scenario) + 1000;
}

/**
 * How long the timers a run's knobs set can keep it going after its last action (ms): five times
 * what one grant can hold the lock from the next (the lease as its service keeps it, times the grace
 * factor, then the lock-delay), each try's own timers (a Redlock round, a QJM write timeout,
 * ZooKeeper's container check), and the waits between tries.
 * @throws Error for an unknown strategy
 */
export function runTimersMs(scenario: Scenario): number {
  const strategy = findStrategy(scenario.strategy);
  if (!strategy) throw new Error(`unknown strategy "${scenario.strategy}"`);
  const knobs = effectiveKnobs(strategy, scenario.knobs);
  const grace = strategy.hasRenewalKnobs ? (knobs.leaseGraceFactor ?? 1) : 1;
  const grantMs = Math.ceil(knobs.leaseTtlMs * grace) + lockDelayOf(strategy, knobs);
  const ownMs = Object.values(strategy.ownTimersMs?.(knobs) ?? {}).reduce((sum, ms) => sum + ms, 0);
  const retry = retryPolicyFor(strategy, knobs);
  const retries = retry?.retryCount ?? 0;
  const betweenTriesMs = retry ? retry.retryDelayMs + retry.retryJitterMs : 0;
  return 5 * grantMs + (retries + 1) * ownMs + retries * betweenTriesMs;
}

/** The time of the last timed action, with its own length where it has one (a pause, a crash) (ms). */
export function lastActivityMs(scenario: Scenario): number {
  let last = 0;
  for (const a of scenario.actions) last = Math.max(last, a.atMs + actionLastsMs(a));
  return last;
}
