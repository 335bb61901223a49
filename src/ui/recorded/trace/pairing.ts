// Pairs each store decision with its write's send and its reply, each used once: "the last unused
// send of this key at or before t" and "the first unused reply at or after t", over groups in time
// order. Used items are skipped by pointers that jump over them (union-find with path halving),
// so pairing every write of a recording costs about n log n, not n².
// Invariant: an item is returned at most once; the answer is what a scan skipping used items gives.

import { firstAfter, firstAtOrAfter, type TimeIndex } from '../../../engine/surfaces/recorded';

interface Timed {
  atMs: number;
}

/** Per group, for each position, the nearest position at or beyond it still unused. */
class Skips {
  private readonly next: number[];

  /** Positions 0..n-1, stepping by `step` (-1: leftwards, +1: rightwards) past used ones. */
  constructor(
    n: number,
    private readonly step: -1 | 1,
  ) {
    this.next = Array.from({ length: n }, (_, i) => i);
  }

  /** The nearest unused position at or beyond `i` (-1 or n when none). */
  find(i: number): number {
    const next = this.next;
    while (i >= 0 && i < next.length && next[i] !== i) {
      const j = next[i]!;
      const k = j >= 0 && j < next.length ? next[j]! : j;
      next[i] = k;
      i = k;
    }
    return i;
  }

  use(i: number): void {
    this.next[i] = i + this.step;
  }
}

export class Pairing<T extends Timed> {
  private readonly left = new Map<string, Skips>();
  private readonly right = new Map<string, Skips>();
  private readonly used = new Set<T>();

  constructor(private readonly index: TimeIndex<T>) {}

  private skips(side: Map<string, Skips>, key: string, step: -1 | 1): Skips {
    let s = side.get(key);
    if (!s) side.set(key, (s = new Skips(this.index.group(key).length, step)));
    return s;
  }

  /** Takes the last unused item of `key` at or before `atMs`. */
  lastAtOrBefore(key: string, atMs: number): T | undefined {
    const group = this.index.group(key);
    return this.take(group, this.skips(this.left, key, -1), firstAfter(group, atMs) - 1);
  }

  /** Takes the first unused item of `key` at or after `atMs`. */
  firstAtOrAfter(key: string, atMs: number): T | undefined {
    const group = this.index.group(key);
    return this.take(group, this.skips(this.right, key, 1), firstAtOrAfter(group, atMs));
  }

  private take(group: readonly T[], skips: Skips, from: number): T | undefined {
    // An item taken from the other side is marked here as it is met (each is met once).
    for (let i = skips.find(from); i >= 0 && i < group.length; i = skips.find(i)) {
      const item = group[i]!;
      skips.use(i);
      if (!this.used.has(item)) {
        this.used.add(item);
        return item;
      }
    }
    return undefined;
  }
}
