// When two scenarios run alike: the part of a run a changed scenario can take over unchanged from
// the run before the change (simulate/simulate.ts resumes from a checkpoint inside that part).
// Invariant: before sharedUntilMs(a, b), the runs of `a` and `b` process the same events in the
// same order, so every step, message and state before it is the same in both.

import type { Action, Scenario } from '../core/scenario';

/** Equality of JSON-like values (a validated scenario holds nothing else); key order does not count. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((x, i) => sameValue(x, other[i]));
  }
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return (
    ka.length === kb.length &&
    ka.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

/** What shapes a run from its start: everything but the timed actions, the stop time and the words. */
const SETUP = ['strategy', 'seed', 'clients', 'knobs', 'network', 'clocks'] as const;

/**
 * The virtual time (ms) before which `a` and `b` run alike: +Infinity when they differ in nothing
 * that is run (names, descriptions, labels and the stop time are applied after), -Infinity when
 * they differ from the start (strategy, seed, clients, knobs, network or clocks). Otherwise it is
 * the earliest time from which their timed actions differ: the actions before it are the same, in
 * the same order. The caller checks the stop time (durationMs) itself.
 */
export function sharedUntilMs(a: Scenario, b: Scenario): number {
  if (!SETUP.every((key) => sameValue(a[key], b[key]))) return -Infinity;
  const times = [...new Set([...a.actions, ...b.actions].map((x) => x.atMs))].sort((x, y) => x - y);
  const sameBefore = (t: number) => sameActions(before(a.actions, t), before(b.actions, t));
  if (sameBefore(Infinity)) return Infinity;
  // The lists agree before t and can only start to differ at an action's time: find the first
  // action time d with a difference among the actions at d. Actions at d are not shared; all before are.
  let lo = 0;
  let hi = times.length - 1; // sameBefore(last + 1) is sameBefore(Infinity): false
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sameBefore(times[mid]! + 1)) lo = mid + 1;
    else hi = mid;
  }
  return times[lo]!;
}

const before = (actions: readonly Action[], t: number): Action[] => actions.filter((x) => x.atMs < t);

function sameActions(a: readonly Action[], b: readonly Action[]): boolean {
  return a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
}
