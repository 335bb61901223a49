// What the Break it view searches: a design (the run's own, a strategy with its defaults, or
// fencing with one of its pitfalls) over the current scenario's clients and writes (the search
// takes the run's own faults out and places its own), and the fault kinds in plain words.

import { STRATEGIES, carryTo, type Knobs, type Scenario } from '../../engine';
import type { FaultKind, SearchInput } from '../../engine/surfaces/search';

/** A design the view offers: the run's own, or a strategy with knobs of its own. */
export interface DesignChoice {
  id: string;
  label: string;
  strategy?: string;
  knobs?: Partial<Knobs>;
}

export const CURRENT_DESIGN = 'current';

/** Fencing with one thing done wrong: the pitfalls the lab's presets show, as designs to search. */
const PITFALLS: readonly DesignChoice[] = (
  [
    {
      id: 'pitfall-counter-reset',
      label: 'Fencing whose counter restarts after a crash',
      knobs: { tokenSource: 'resetting-counter' },
    },
    {
      id: 'pitfall-less-than',
      label: 'Fencing that refuses only smaller tokens (< for <=), counter restarting',
      knobs: { tokenSource: 'resetting-counter', check: 'reject-lt' },
    },
    {
      id: 'pitfall-second-store',
      label: 'Fencing with a second store that does not check',
      knobs: { secondResource: 'unchecked' },
    },
    { id: 'pitfall-email', label: 'Fencing with an email sent outside the fence', knobs: { sideEffect: 'email' } },
    { id: 'pitfall-uuid', label: 'Fencing with random (UUID-like) tokens', knobs: { tokenSource: 'uuid' } },
    { id: 'pitfall-wall-clock', label: 'Fencing with wall-clock tokens', knobs: { tokenSource: 'wall-clock' } },
    { id: 'pitfall-no-check', label: 'Fencing whose store never checks the token', knobs: { check: 'none' } },
  ] satisfies DesignChoice[]
).map((p) => ({ ...p, strategy: 'fencing' }));

/** Every design the view offers, the run's own first. */
export const DESIGNS: readonly DesignChoice[] = [
  { id: CURRENT_DESIGN, label: 'This run’s design' },
  ...STRATEGIES.map((s) => ({ id: s.id, label: s.name, strategy: s.id, knobs: {} })),
  ...PITFALLS,
];

/** The fault kinds in the order the view lists them, each in words for someone new to locks. */
export const FAULT_WORDS: readonly { kind: FaultKind; words: string }[] = [
  { kind: 'pause', words: 'pause a client' },
  { kind: 'partition', words: 'cut a client off from the lock service' },
  { kind: 'delay', words: 'hold up a client’s write to the store' },
  { kind: 'clock-jump-client', words: 'step a client’s clock' },
  { kind: 'clock-jump-server', words: 'step the lock service’s clock' },
  { kind: 'lock-crash', words: 'crash the lock service' },
  { kind: 'store-crash', words: 'crash the store' },
];

/** The form's choices. */
export interface BreakItForm {
  design: string;
  faults: readonly FaultKind[];
  maxFaults: number;
}

export const MAX_FAULTS = { min: 1, max: 3 } as const;

/**
 * Knobs that make a design what it is (where tokens come from, the store's check, its stores):
 * another design replaces them, and the safe twin leaves them out, since each pitfall is one.
 */
const DESIGN_KNOBS = ['tokenSource', 'check', 'blobStore', 'secondResource', 'sideEffect'] as const;

/**
 * The search input for `form` over `scenario`: its clients and writes under the chosen design
 * (the run's own, or the design's strategy with the run's timing knobs, such as its lease, and
 * the design's own choice of tokens, check and stores). Returns a message naming the problem for a form that cannot
 * be searched (no fault kind, a bound outside 1–3, a design the lab does not have).
 */
export function searchInputOf(scenario: Scenario, form: BreakItForm): SearchInput | { problem: string } {
  if (form.faults.length === 0) return { problem: 'Pick at least one kind of fault for the search to try.' };
  if (!Number.isInteger(form.maxFaults) || form.maxFaults < MAX_FAULTS.min || form.maxFaults > MAX_FAULTS.max)
    return { problem: `The most faults to try must be a whole number from ${MAX_FAULTS.min} to ${MAX_FAULTS.max}.` };
  const design = DESIGNS.find((d) => d.id === form.design);
  if (!design) return { problem: `There is no design called “${form.design}”.` };
  let base = scenario;
  if (design.strategy) {
    try {
      const carried = carryTo(scenario, design.strategy).scenario;
      const knobs: Partial<Knobs> = { ...carried.knobs };
      for (const k of DESIGN_KNOBS) delete knobs[k];
      base = { ...carried, knobs: { ...knobs, ...design.knobs } };
    } catch (e) {
      return { problem: `Could not set up that design: ${(e as Error).message}` };
    }
  }
  return { scenario: base, faults: form.faults, maxFaults: form.maxFaults };
}

/**
 * The same schedule under fencing with its own checking store: the broken run's faults and
 * writes, carried to the fencing strategy, without any knob that makes fencing unsafe.
 */
export function fencingTwin(scenario: Scenario): Scenario {
  const carried = carryTo(scenario, 'fencing').scenario;
  const knobs: Partial<Knobs> = { ...carried.knobs };
  for (const k of DESIGN_KNOBS) delete knobs[k];
  return { ...carried, knobs, name: `${scenario.name} (under fencing)` };
}
