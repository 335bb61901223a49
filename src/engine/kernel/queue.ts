// The scheduler's agenda: a binary min-heap ordered by (timeMs, seq).
// Invariant: ties in virtual time break by insertion sequence, never by anything else, so the
// order of events is a function of the scenario alone.

export interface Scheduled<T> {
  timeMs: number;
  seq: number;
  item: T;
}

export class EventQueue<T> {
  private heap: Scheduled<T>[] = [];
  private nextSeq = 0;

  get size(): number {
    return this.heap.length;
  }

  /** The sequence number the next push gets. */
  get sequence(): number {
    return this.nextSeq;
  }

  /** Every pending entry, in no particular order (the entries themselves, not copies). */
  entries(): readonly Scheduled<T>[] {
    return this.heap;
  }

  /**
   * A queue holding exactly `entries` (the same objects, so holders of an entry can still compare
   * it by identity), whose next push gets sequence `nextSeq`.
   */
  static of<T>(entries: readonly Scheduled<T>[], nextSeq: number): EventQueue<T> {
    const queue = new EventQueue<T>();
    queue.heap = [...entries].sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
    queue.nextSeq = nextSeq;
    return queue;
  }

  push(timeMs: number, item: T): Scheduled<T> {
    const entry = { timeMs, seq: this.nextSeq++, item };
    const heap = this.heap;
    heap.push(entry);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(heap[i]!, heap[parent]!)) break;
      [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
      i = parent;
    }
    return entry;
  }

  peek(): Scheduled<T> | undefined {
    return this.heap[0];
  }

  pop(): Scheduled<T> | undefined {
    const heap = this.heap;
    const top = heap[0];
    const last = heap.pop();
    if (heap.length > 0 && last) {
      heap[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < heap.length && before(heap[l]!, heap[m]!)) m = l;
        if (r < heap.length && before(heap[r]!, heap[m]!)) m = r;
        if (m === i) break;
        [heap[i], heap[m]] = [heap[m]!, heap[i]!];
        i = m;
      }
    }
    return top;
  }
}

function before<T>(a: Scheduled<T>, b: Scheduled<T>): boolean {
  return a.timeMs < b.timeMs || (a.timeMs === b.timeMs && a.seq < b.seq);
}
