// The Break it worker's loop, over a fake iterator: one slice per task with a progress reply
// after each, the result at the end, a thrown slice posted as a failure, and nothing run or
// posted once stopped.

import { describe, expect, it } from 'vitest';
import type { SearchProgress, SearchResult } from '../../engine/surfaces/search';
import { driveSearch, type SearchReply } from './searchWire';

const HELD: SearchResult = { kind: 'held', tried: 30, maxFaults: 1, faults: ['pause'], bound: 'No rule broken.' };

/** An iterator of `slices` progress reports then `end` (or a throw), counting the slices run. */
function fakeSearch(slices: number, end: SearchResult | Error) {
  const seen = { ran: 0, returned: false };
  const iterator: Iterator<SearchProgress, SearchResult> = {
    next() {
      seen.ran += 1;
      if (seen.ran <= slices) return { done: false, value: { tried: seen.ran * 10, depth: 1 } };
      if (end instanceof Error) throw end;
      return { done: true, value: end };
    },
    return() {
      seen.returned = true;
      return { done: true, value: HELD };
    },
  };
  return { iterator, seen };
}

/** A task queue run by hand: later() queues, runAll() runs until empty. */
function tasks() {
  const queue: (() => void)[] = [];
  return {
    later: (f: () => void) => void queue.push(f),
    runOne: () => queue.shift()?.(),
    runAll: () => {
      while (queue.length) queue.shift()!();
    },
    get pending() {
      return queue.length;
    },
  };
}

describe('driveSearch', () => {
  it('runs one slice per task, reporting progress after each and the result at the end', () => {
    const { iterator } = fakeSearch(3, HELD);
    const replies: SearchReply[] = [];
    const t = tasks();
    driveSearch(7, iterator, (r) => replies.push(r), t.later);
    expect(replies).toEqual([]);
    t.runOne();
    expect(replies).toEqual([{ type: 'progress', id: 7, progress: { tried: 10, depth: 1 } }]);
    t.runAll();
    expect(replies.map((r) => r.type)).toEqual(['progress', 'progress', 'progress', 'result']);
    expect(replies.at(-1)).toEqual({ type: 'result', id: 7, result: HELD });
  });

  it('posts a slice that throws as a failure with its message, and runs nothing after it', () => {
    const { iterator, seen } = fakeSearch(1, new Error('the scenario has no writes'));
    const replies: SearchReply[] = [];
    const t = tasks();
    driveSearch(2, iterator, (r) => replies.push(r), t.later);
    t.runAll();
    expect(replies.at(-1)).toEqual({ type: 'failed', id: 2, message: 'the scenario has no writes' });
    expect(seen.ran).toBe(2);
    expect(t.pending).toBe(0);
  });

  it('after stop() runs no further slice and posts nothing, and closes the iterator', () => {
    const { iterator, seen } = fakeSearch(100, HELD);
    const replies: SearchReply[] = [];
    const t = tasks();
    const drive = driveSearch(3, iterator, (r) => replies.push(r), t.later);
    t.runOne();
    t.runOne();
    drive.stop();
    t.runAll();
    expect(seen.ran).toBe(2);
    expect(seen.returned).toBe(true);
    expect(replies).toHaveLength(2);
    expect(replies.every((r) => r.type === 'progress')).toBe(true);
  });
});
