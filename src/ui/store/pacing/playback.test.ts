// Playback paced for reading: what a class watching at 1x depends on.
import { describe, expect, it } from 'vitest';
import { createSimulator, findPreset } from '../../../engine';
import { createLabStore } from '../labStore';
import { READ_MS_MIN, readingMs } from './playback';
import { ALL_MODELS } from '../../../engine/surfaces/allModels';
import { ALL_CODE } from '../code/allCode';

const { simulate } = createSimulator(ALL_MODELS);

const FRAME_MS = 16;

/** Plays `store` to its stop and returns how long (real ms) each step was at the cursor. */
function watch(store: ReturnType<typeof createLabStore>): Map<number, number> {
  const onScreen = new Map<number, number>();
  for (let guard = 0; store.getState().playing && guard < 100_000; guard++) {
    const at = store.getState().cursor;
    store.getState().advance(FRAME_MS);
    onScreen.set(at, (onScreen.get(at) ?? 0) + FRAME_MS);
  }
  return onScreen;
}

describe('playback paced for reading', () => {
  it('shows every step of the canonical race at 1x for at least its reading time', () => {
    const store = createLabStore(findPreset('canonical-race')!.scenario, { code: ALL_CODE });
    const { steps } = store.getState().trace;
    store.getState().play();
    const onScreen = watch(store);
    for (const step of steps) {
      // Each step is drawn, and stays at least as long as its sentence needs (one frame of slack).
      expect(onScreen.get(step.index) ?? 0).toBeGreaterThanOrEqual(readingMs(step, 1) - FRAME_MS);
      expect(readingMs(step, 1)).toBeGreaterThanOrEqual(READ_MS_MIN);
    }
  });

  it('never skips a step up to 8x, and skims faster than that', () => {
    const scenario = findPreset('redlock-race')!.scenario;
    const count = simulate(scenario).steps.length;
    for (const speed of [0.25, 1, 8]) {
      const store = createLabStore(scenario, { code: ALL_CODE });
      store.getState().setSpeed(speed);
      store.getState().play();
      expect(watch(store).size).toBe(count);
    }
    const fast = createLabStore(scenario, { code: ALL_CODE });
    fast.getState().setSpeed(64);
    fast.getState().play();
    expect(watch(fast).size).toBeLessThan(count);
    expect(fast.getState().cursor).toBe(count - 1);
  });

  it('stops on a requested step, or on every labelled step when asked', () => {
    const store = createLabStore(findPreset('canonical-race')!.scenario, { code: ALL_CODE });
    const { steps } = store.getState().trace;
    const t4 = steps.findIndex((s) => s.label === 't4');
    store.getState().playTo(t4);
    watch(store);
    expect(store.getState().cursor).toBe(t4);
    expect(store.getState().playing).toBe(false);
    // Behind the cursor, playTo goes straight there.
    store.getState().playTo(2);
    expect(store.getState().cursor).toBe(2);

    store.getState().setStopAtLabels(true);
    for (const speed of [1, 64]) {
      store.getState().setSpeed(speed);
      store.getState().seek(0);
      const stops: (string | undefined)[] = [];
      for (let i = 0; i < 10 && store.getState().cursor < steps.length - 1; i++) {
        store.getState().play();
        watch(store);
        stops.push(steps[store.getState().cursor]!.label);
      }
      expect(stops.slice(0, 7)).toEqual(['t0', 't1', 't2', 't3', 't4', 't5', 't6']);
    }
  });
});
