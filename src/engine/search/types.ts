// The Break it search's contract: what a caller gives it (a design and the faults allowed) and
// what it answers (a minimised breaking schedule, a property of the design, or a stated bound).

import type { Scenario } from '../core/scenario';

/**
 * A kind of fault the search may place: a client's pause; a partition of a client from the lock
 * service; an extra delay on a client's
 * write to the store; a clock jump on a client or
 * on the lock service; a lock-service crash and restart; a store crash and restart.
 */
export type FaultKind =
  'pause' | 'partition' | 'delay' | 'clock-jump-client' | 'clock-jump-server' | 'lock-crash' | 'store-crash';

/**
 * A search: over `scenario` (the design: strategy, knobs, clients and their writes), schedules of
 * up to `maxFaults` faults of the kinds in `faults`, fewest first. `random`, when given, continues
 * past the exhaustive phase with `schedules` schedules of `faults` faults drawn from `seed`.
 */
export interface SearchInput {
  scenario: Scenario;
  faults: readonly FaultKind[];
  maxFaults: number;
  random?: { seed: number; schedules: number; faults: number };
}

/** How far a search has gone: schedules run so far, and the fault count it is exploring. */
export interface SearchProgress {
  tried: number;
  depth: number;
}

/**
 * A search's answer:
 * - `broken`: the first break found, minimised: `scenario` is the schedule as ordinary actions
 *   (it replays with simulate to the same rule), `thresholds` say where each fault's duration or
 *   offset stops breaking it, `chain` explains the break in plain sentences from the trace,
 *   `breakStep` is the index of the step where the rule broke;
 * - `property`: the design breaks a rule with no fault at all (its tokens carry no order);
 * - `held`: nothing broke within the bound, stated in words (a bound, not a proof);
 * - `invalid`: the input was refused; `message` names the problem.
 */
export type SearchResult =
  | {
      kind: 'broken';
      /** The broken rule's id (an InvariantId of core/trace.ts). */
      rule: string;
      ruleWords: string;
      faults: number;
      scenario: Scenario;
      thresholds: readonly string[];
      chain: readonly string[];
      tried: number;
      breakStep: number;
    }
  | { kind: 'property'; rule: string; ruleWords: string; words: string }
  | { kind: 'held'; tried: number; maxFaults: number; faults: readonly FaultKind[]; bound: string }
  | { kind: 'invalid'; message: string };
