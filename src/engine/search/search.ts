// The Break it search: over a design's fault-free run, schedules of faults at the moments that
// matter, fewest faults first, each run resumed from a checkpoint of the run it shares a prefix
// with; the first break is minimised and explained, and a design that holds gets its bound.
// Invariant: pure and deterministic; the same input gives the same answer, byte for byte.

import type { Scenario } from '../core/scenario';
import type { Trace, Violation } from '../core/trace';
import type { Models } from '../strategies/types';
import { createRng } from '../kernel/rng';
import { resume, simulateWithCheckpoints, type Simulation } from '../simulate/checkpoint';
import { asSentence } from '../validation/validate';
import { checkInput, type Checked } from './check';
import { castOf, faultFree, placements, withFaults, type Cast, type Fault } from './faults';
import { boundWords, chainOf, faultSentence, propertyWords, RULE_WORDS, thresholdSentence } from './explain';
import { minimise } from './minimise';
import type { SearchInput, SearchProgress, SearchResult } from './types';

/** Schedules run between two progress reports: one slice of work. */
const SLICE = 50;
/** A resumed run keeps no checkpoints of its own unless it is a prefix others resume from. */
const NO_CHECKPOINTS = { checkpointEvery: Number.MAX_SAFE_INTEGER };

/** The first rule a run broke, if any (the violation with the earliest step). */
function firstBreak(trace: Trace): Violation | undefined {
  return [...trace.verdict.violations].sort((a, b) => a.step - b.step)[0];
}

/** What a search holds while it runs: the fault-free run, its cast, the count of schedules run. */
class Searcher {
  readonly base: Scenario;
  readonly baseRun: Simulation;
  readonly cast: Cast;
  tried = 0;

  constructor(
    readonly input: Checked,
    readonly models: Models,
  ) {
    this.base = faultFree(input.scenario);
    // A checkpoint at every step: a schedule resumes just before its first fault.
    this.baseRun = simulateWithCheckpoints(this.base, models, { checkpointEvery: 1 });
    this.cast = castOf(this.baseRun.trace);
  }

  scenarioOf(faults: readonly Fault[]): Scenario {
    return withFaults(this.base, faults, this.cast);
  }

  /** Runs one schedule, resumed from `from`'s latest shared checkpoint; keeps checkpoints if `keep`. */
  run(faults: readonly Fault[], from: Simulation = this.baseRun, keep = false): Simulation {
    if (!keep) this.tried++; // a prefix kept for others re-runs a schedule already counted
    return resume(from, this.scenarioOf(faults), this.models, keep ? { checkpointEvery: 1 } : NO_CHECKPOINTS);
  }

  /** The first break found, minimised and explained. */
  answer(found: readonly Fault[], rule: string): SearchResult {
    const breaks = (fs: readonly Fault[]) =>
      firstBreak(resume(this.baseRun, this.scenarioOf(fs), this.models, NO_CHECKPOINTS).trace)?.invariant === rule;
    const faults = minimise(found, breaks);
    const scenario: Scenario = {
      ...this.scenarioOf(faults),
      name: `${this.base.name}: broken with ${faults.length} ${faults.length === 1 ? 'fault' : 'faults'}`,
      description: `Found by the Break it search. ${faults.map((f) => asSentence(faultSentence(f, this.cast))).join(' ')}`,
      labels: [],
    };
    const trace = resume(this.baseRun, scenario, this.models, NO_CHECKPOINTS).trace;
    const broke = firstBreak(trace)!;
    return {
      kind: 'broken',
      rule: broke.invariant,
      ruleWords: RULE_WORDS[broke.invariant],
      faults: faults.length,
      scenario,
      thresholds: faults.map(thresholdSentence),
      chain: chainOf(trace, broke.step, asSentence(broke.message)),
      tried: this.tried,
      breakStep: broke.step,
    };
  }
}

/** A break found at a schedule, or nothing. */
type Found = { faults: readonly Fault[]; rule: string } | null;

/** Two faults the same, but for their size: a schedule that only stacks them is skipped. */
const stacked = (a: Fault, b: Fault) => a.atMs === b.atMs && a.kind === b.kind && a.party === b.party;

/**
 * Every schedule of `depth` faults from `all` (indices ascending, so by time), run in order; the
 * runs that share a first fault resume from that fault's run. Yields after every SLICE runs.
 */
function* exhaust(s: Searcher, all: readonly Fault[], depth: number): Generator<SearchProgress, Found> {
  const check = (sim: Simulation, faults: readonly Fault[]): Found => {
    const v = firstBreak(sim.trace);
    return v ? { faults, rule: v.invariant } : null;
  };
  function* from(start: number, chosen: Fault[], prefix: Simulation): Generator<SearchProgress, Found> {
    for (let i = start; i < all.length; i++) {
      const fault = all[i]!;
      if (chosen.some((c) => stacked(c, fault))) continue;
      const faults = [...chosen, fault];
      if (faults.length === depth) {
        const found = check(s.run(faults, prefix), faults);
        if (found) return found;
        if (s.tried % SLICE === 0) yield { tried: s.tried, depth };
        continue;
      }
      const run = s.run(faults, prefix, true);
      const found = yield* from(i + 1, faults, chosen.length === 0 ? run : prefix);
      if (found) return found;
    }
    return null;
  }
  return yield* from(0, [], s.baseRun);
}

/** The seeded random phase: `count` schedules of `k` faults drawn from `all`. */
function* randomPhase(
  s: Searcher,
  all: readonly Fault[],
  random: { seed: number; schedules: number; faults: number },
): Generator<SearchProgress, Found> {
  const rng = createRng(random.seed, 'search');
  const k = Math.min(random.faults, all.length);
  for (let n = 0; n < random.schedules && k > 0; n++) {
    const picked = new Set<number>();
    while (picked.size < k) picked.add(rng.nextInt(0, all.length - 1));
    const faults = [...picked].sort((a, b) => a - b).map((i) => all[i]!);
    const v = firstBreak(s.run(faults).trace);
    if (v) return { faults, rule: v.invariant };
    if (s.tried % SLICE === 0) yield { tried: s.tried, depth: k };
  }
  return null;
}

function* searching(input: Checked, models: Models): Generator<SearchProgress, SearchResult> {
  const s = new Searcher(input, models);
  s.tried = 1;
  const zero = firstBreak(s.baseRun.trace);
  if (zero?.invariant === 'issued-tokens-increase') {
    const reason = asSentence(zero.message);
    return {
      kind: 'property',
      rule: zero.invariant,
      ruleWords: RULE_WORDS[zero.invariant],
      words: propertyWords(reason),
    };
  }
  if (zero) return s.answer([], zero.invariant);
  yield { tried: s.tried, depth: 0 };
  const all = placements(s.baseRun.trace, input.faults);
  for (let depth = 1; depth <= input.maxFaults; depth++) {
    const found = yield* exhaust(s, all, depth);
    if (found) return s.answer(found.faults, found.rule);
    yield { tried: s.tried, depth };
  }
  if (input.random) {
    const found = yield* randomPhase(s, all, input.random);
    if (found) return s.answer(found.faults, found.rule);
  }
  return {
    kind: 'held',
    tried: s.tried,
    maxFaults: input.maxFaults,
    faults: input.faults,
    bound: boundWords(s.tried, input.maxFaults, input.faults, input.random),
  };
}

/**
 * A search, one slice at a time: each next() runs about SLICE schedules and reports progress;
 * the last returns the answer (SearchResult). Bad input gives `{ kind: 'invalid' }` at once.
 * `models` must have the scenario's strategy. Pure: stop by not calling next() again.
 */
export function startSearch(input: SearchInput, models: Models): Iterator<SearchProgress, SearchResult> {
  const checked = checkInput(input, models);
  if (typeof checked === 'string') {
    const invalid: SearchResult = { kind: 'invalid', message: asSentence(checked) };
    return { next: () => ({ done: true, value: invalid }) };
  }
  return searching(checked, models);
}

/** The whole search, run to its answer (see startSearch). */
export function search(input: SearchInput, models: Models): SearchResult {
  const it = startSearch(input, models);
  for (;;) {
    const step = it.next();
    if (step.done) return step.value;
  }
}
