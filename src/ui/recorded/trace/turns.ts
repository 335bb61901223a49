// Who held what when, as lookups: the grants (or leases) of a recording in time order, asked "the
// last of this client's at or before t" and "the last of anyone else's at or before t" in log n,
// so marking every write stale or not costs n log n over a recording, not n².
// Invariant: pure; answers are what a scan of the list up to t would give.

import { firstAfter } from '../../../engine/surfaces/recorded';

interface Turn {
  atMs: number;
}

export class Turns<T extends Turn> {
  /** Per holder, the indices of its turns. */
  private readonly mine = new Map<string, number[]>();
  /** Per turn, the index of the last turn before it held by someone else (-1 if none). */
  private readonly lastOtherBefore: number[] = [];

  /** `turns` in time order; `holder` names whose each is. */
  constructor(
    private readonly turns: readonly T[],
    private readonly holder: (t: T) => string,
  ) {
    turns.forEach((t, i) => {
      const who = holder(t);
      const list = this.mine.get(who);
      if (list) list.push(i);
      else this.mine.set(who, [i]);
      const previous = turns[i - 1];
      this.lastOtherBefore.push(
        previous === undefined ? -1 : holder(previous) !== who ? i - 1 : this.lastOtherBefore[i - 1]!,
      );
    });
  }

  /** The last turn of `who` at or before `atMs`. */
  lastOf(who: string, atMs: number): T | undefined {
    const list = this.mine.get(who) ?? [];
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.turns[list[mid]!]!.atMs > atMs) hi = mid;
      else lo = mid + 1;
    }
    return lo === 0 ? undefined : this.turns[list[lo - 1]!];
  }

  /** The last turn of anyone but `who` at or before `atMs`. */
  lastOfOthers(who: string, atMs: number): T | undefined {
    const k = firstAfter(this.turns, atMs) - 1;
    if (k < 0) return undefined;
    const i = this.holder(this.turns[k]!) !== who ? k : this.lastOtherBefore[k]!;
    return i < 0 ? undefined : this.turns[i];
  }
}
