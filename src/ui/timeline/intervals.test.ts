// The index that finds what overlaps the window must never lose a record, or the timeline would
// silently leave out a message or a lease a user is looking for.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { candidateRange } from './intervals';

interface Span {
  fromMs: number;
  toMs: number;
}

const spans = fc
  .array(fc.tuple(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 3_000 })), { maxLength: 60 })
  .map((pairs) =>
    pairs.map(([fromMs, lengthMs]) => ({ fromMs, toMs: fromMs + lengthMs })).sort((a, b) => a.fromMs - b.fromMs),
  );
const windows = fc
  .tuple(fc.integer({ min: -100, max: 14_000 }), fc.integer({ min: 0, max: 5_000 }))
  .map(([startMs, spanMs]) => ({ startMs, endMs: startMs + spanMs }));

describe('candidateRange', () => {
  it('contains every record that overlaps the window, in start order or not', () => {
    fc.assert(
      fc.property(spans, windows, fc.boolean(), (sorted, window, shuffle) => {
        const items: Span[] = shuffle ? [...sorted].reverse() : sorted;
        const [from, to] = candidateRange(
          items,
          window,
          (s) => s.fromMs,
          (s) => s.toMs,
        );
        items.forEach((s, i) => {
          if (s.toMs >= window.startMs && s.fromMs <= window.endMs) {
            expect(i).toBeGreaterThanOrEqual(from);
            expect(i).toBeLessThan(to);
          }
        });
      }),
    );
  });

  it('skips what lies before and after a narrow window', () => {
    const items = Array.from({ length: 1000 }, (_, i) => ({ fromMs: i * 10, toMs: i * 10 + 5 }));
    const [from, to] = candidateRange(
      items,
      { startMs: 5000, endMs: 5100 },
      (s) => s.fromMs,
      (s) => s.toMs,
    );
    expect(to - from).toBeLessThanOrEqual(12);
  });

  it('keeps a record that starts exactly at the window end (fast-check found it once in ~40 runs)', () => {
    const items = [{ fromMs: 13, toMs: 13 }];
    const range = candidateRange(
      items,
      { startMs: 9, endMs: 13 },
      (s) => s.fromMs,
      (s) => s.toMs,
    );
    expect(range).toEqual([0, 1]);
  });
});
