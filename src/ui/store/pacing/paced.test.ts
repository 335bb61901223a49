// The paced cursor: immediate when the user moves, a few updates a second while playing.
import { describe, expect, it, vi } from 'vitest';
import { createLabStore } from '../labStore';
import { PACE_MS, createPacedCursor } from './paced';
import { ALL_CODE } from '../code/allCode';

describe('createPacedCursor', () => {
  it('follows single moves at once, paces a fast burst and shows where it ended', () => {
    vi.useFakeTimers();
    const store = createLabStore(undefined, { code: ALL_CODE });
    let now = 1000;
    const paced = createPacedCursor(store, 0, () => now);
    const stop = paced.subscribe(() => {});
    store.getState().seek(3);
    expect(paced.getSnapshot()).toBe(3);
    now += 500;
    store.getState().step();
    expect(paced.getSnapshot()).toBe(4);
    // A drag: moves every 5 ms. Only some are shown; the last one is shown soon after.
    for (let i = 5; i < 15; i++) {
      now += 5;
      store.getState().seek(i);
    }
    expect(paced.getSnapshot()).toBeLessThan(14);
    vi.advanceTimersByTime(PACE_MS);
    expect(paced.getSnapshot()).toBe(14);
    stop();
    vi.useRealTimers();
  });

  it('updates at most once per period while playing, and catches up when playing stops', () => {
    const store = createLabStore(undefined, { code: ALL_CODE });
    let now = 0;
    const paced = createPacedCursor(store, 0, () => now);
    let notified = 0;
    const stop = paced.subscribe(() => notified++);
    store.getState().setSpeed(64);
    store.getState().play();
    const seen = new Set<number>();
    while (store.getState().playing) {
      now += 16;
      store.getState().advance(16);
      seen.add(paced.getSnapshot());
    }
    expect(notified).toBeLessThanOrEqual(Math.ceil(now / PACE_MS) + 2);
    expect(paced.getSnapshot()).toBe(store.getState().cursor);
    expect(seen.size).toBeGreaterThan(1);
    stop();
  });
});
