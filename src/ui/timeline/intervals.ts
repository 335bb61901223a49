// Finds the records (messages, leases, pauses) whose time span can overlap a window without reading
// them all: records come in start order, and a running maximum of their ends says where the first
// candidate is. Built once per array (cached), O(log n) per window after that.
// Invariant: every record that overlaps the window lies in the returned range; the caller still
// checks each one, so a record list that is not in start order only costs a full scan.

import type { TimeWindow } from './types';

interface Index {
  sorted: boolean;
  starts: number[];
  /** endsMax[i]: the latest end among records 0..i. */
  endsMax: number[];
}

const cache = new WeakMap<readonly unknown[], Index>();

function build<T>(items: readonly T[], startOf: (item: T) => number, endOf: (item: T) => number): Index {
  const starts = items.map(startOf);
  const endsMax: number[] = [];
  let sorted = true;
  let max = -Infinity;
  items.forEach((item, i) => {
    max = Math.max(max, endOf(item));
    endsMax.push(max);
    if (i > 0 && starts[i]! < starts[i - 1]!) sorted = false;
  });
  return { sorted, starts, endsMax };
}

/** The first index whose value is >= target (or > target, if `strictly`) in a non-decreasing array. */
function lowerBound(values: readonly number[], target: number, strictly = false): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid]! < target || (strictly && values[mid] === target)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** [from, to): the only indices whose records can overlap the window. */
export function candidateRange<T>(
  items: readonly T[],
  window: TimeWindow,
  startOf: (item: T) => number,
  endOf: (item: T) => number,
): [number, number] {
  let index = cache.get(items);
  if (!index) {
    index = build(items, startOf, endOf);
    cache.set(items, index);
  }
  if (!index.sorted) return [0, items.length];
  const from = lowerBound(index.endsMax, window.startMs);
  // Records that start exactly at the window's end still touch it. (endMs + Number.MIN_VALUE
  // would not do: it rounds back to endMs for any endMs other than 0.)
  const to = lowerBound(index.starts, window.endMs, true);
  return [from, Math.max(from, to)];
}
