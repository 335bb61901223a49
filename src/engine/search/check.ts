// The search's input, checked before any run: every problem becomes one sentence naming it.

import type { Scenario } from '../core/scenario';
import { STRATEGY_IDS } from '../core/defaults';
import type { Models } from '../strategies/types';
import { formatScenarioError, validateScenario } from '../validation/validate';
import { FAULT_KINDS } from './faults';
import type { FaultKind, SearchInput } from './types';

/** The most faults one schedule may have in the exhaustive phase (the count grows as P^k). */
const MAX_FAULTS = 3;
/** Bounds of the random phase. */
const RANDOM_LIMITS = { schedules: 100_000, faults: 4 } as const;

/** A checked input: the scenario validated, the fault kinds known, each once, in FAULT_KINDS order. */
export interface Checked {
  scenario: Scenario;
  faults: FaultKind[];
  maxFaults: number;
  random?: { seed: number; schedules: number; faults: number };
}

const whole = (x: unknown, lo: number, hi: number): x is number =>
  typeof x === 'number' && Number.isInteger(x) && x >= lo && x <= hi;

function checkRandom(raw: unknown): Checked['random'] | string {
  if (typeof raw !== 'object' || raw === null) return 'random must be { seed, schedules, faults }';
  const r = raw as Record<string, unknown>;
  if (!whole(r.seed, 0, 0xffffffff))
    return `random.seed must be a whole number from 0 to 4294967295, not ${String(r.seed)}`;
  if (!whole(r.schedules, 1, RANDOM_LIMITS.schedules))
    return `random.schedules must be a whole number from 1 to ${RANDOM_LIMITS.schedules}, not ${String(r.schedules)}`;
  if (!whole(r.faults, 1, RANDOM_LIMITS.faults))
    return `random.faults must be a whole number from 1 to ${RANDOM_LIMITS.faults}, not ${String(r.faults)}`;
  return { seed: r.seed, schedules: r.schedules, faults: r.faults };
}

/** The input checked, or a sentence saying what is wrong with it. */
export function checkInput(input: SearchInput, models: Models): Checked | string {
  if (typeof input !== 'object' || input === null) return 'the search needs a scenario, the faults allowed and a bound';
  const valid = validateScenario(input.scenario);
  if (!valid.ok) return `the scenario is not valid: ${formatScenarioError(valid.error)}`;
  const strategy = valid.scenario.strategy;
  const known = STRATEGY_IDS.find((s) => s === strategy);
  if (!known || !models[known]) return `the search was given no model of the strategy "${strategy}"`;
  if (!Array.isArray(input.faults) || input.faults.length === 0)
    return `pick at least one kind of fault (${FAULT_KINDS.join(', ')})`;
  const unknown = input.faults.find((k) => !FAULT_KINDS.includes(k));
  if (unknown !== undefined) return `unknown fault kind "${String(unknown)}" (one of: ${FAULT_KINDS.join(', ')})`;
  if (!whole(input.maxFaults, 0, MAX_FAULTS))
    return `maxFaults must be a whole number from 0 to ${MAX_FAULTS}, not ${String(input.maxFaults)}`;
  const faults = FAULT_KINDS.filter((k) => input.faults.includes(k));
  const checked: Checked = { scenario: valid.scenario, faults, maxFaults: input.maxFaults };
  if (input.random !== undefined) {
    const random = checkRandom(input.random);
    if (typeof random === 'string') return random;
    checked.random = random;
  }
  return checked;
}
