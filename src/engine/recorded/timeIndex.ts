// Observations grouped by a key (a client, a kind), each group in the recording's order, which is
// time order: "the first of Client1's ends at or after 500 ms" is a binary search instead of a
// scan of the whole recording, so reading a recording of n observations costs n log n, not n².
// Invariant: pure; a group keeps its items in the order they were added.

/** Items with a time, grouped by key, each group in the order added (times never decreasing). */
export class TimeIndex<T extends { atMs: number }> {
  private readonly groups = new Map<string, T[]>();

  /** Adds `item` to group `key`; items must come in time order. */
  add(key: string, item: T): void {
    const group = this.groups.get(key);
    if (group) group.push(item);
    else this.groups.set(key, [item]);
  }

  /** Every item of `key`, in order. */
  group(key: string): readonly T[] {
    return this.groups.get(key) ?? [];
  }

  /** The last item of `key` at or before `atMs`. */
  lastAtOrBefore(key: string, atMs: number): T | undefined {
    const group = this.group(key);
    return group[firstAfter(group, atMs) - 1];
  }

  /** The first item of `key` at or after `atMs`. */
  firstAtOrAfter(key: string, atMs: number): T | undefined {
    const group = this.group(key);
    return group[firstAtOrAfter(group, atMs)];
  }
}

/** The index of the first item of `sorted` later than `atMs` (its length if none). */
export function firstAfter(sorted: readonly { atMs: number }[], atMs: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]!.atMs > atMs) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The index of the first item of `sorted` at or after `atMs` (its length if none). */
export function firstAtOrAfter(sorted: readonly { atMs: number }[], atMs: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]!.atMs >= atMs) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
