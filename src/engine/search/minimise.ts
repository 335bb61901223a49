// Minimising a breaking schedule: drop every fault the break does not need, then bring each
// fault's size down to the smallest whole ms that still breaks the same rule.

import type { Fault } from './faults';

/** Does this schedule break the rule being minimised? */
type Breaks = (faults: readonly Fault[]) => boolean;

/** `faults` without each fault whose removal still breaks, tried in order. */
function dropUnneeded(faults: readonly Fault[], breaks: Breaks): Fault[] {
  let kept = [...faults];
  for (let i = 0; i < kept.length && kept.length > 1;) {
    const without = kept.filter((_, j) => j !== i);
    if (breaks(without)) kept = without;
    else i++;
  }
  return kept;
}

/**
 * The schedule with fault `i` at the smallest size (>= 1 ms) that still breaks, by bisection
 * between 0 and its size (which breaks). A break that is not monotone in the size can leave a
 * larger value than the true least: the answer always breaks, as the caller checks.
 */
function lowestSize(faults: readonly Fault[], i: number, breaks: Breaks): Fault[] {
  const at = (sizeMs: number) => faults.map((f, j) => (j === i ? { ...f, sizeMs } : f));
  let lo = 0;
  let hi = faults[i]!.sizeMs;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (breaks(at(mid))) hi = mid;
    else lo = mid;
  }
  return at(hi);
}

/** The fewest faults that still break, each at its threshold size. `faults` must break. */
export function minimise(faults: readonly Fault[], breaks: Breaks): Fault[] {
  let kept = dropUnneeded(faults, breaks);
  for (let i = 0; i < kept.length; i++) kept = lowestSize(kept, i, breaks);
  return kept;
}
