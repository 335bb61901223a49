// Drives playback in the browser: while the store says "playing", every animation frame advances
// the playhead by the real time since the last frame. Invariant: at most one frame loop runs.

import type { LabStore } from '../labStore';

/** Longest real gap counted in one frame, so a backgrounded tab does not jump to the end. */
const MAX_FRAME_MS = 100;

export function startPlayer(store: LabStore): () => void {
  let frame: number | null = null;
  let lastMs = 0;

  const tick = (nowMs: number) => {
    const realMs = Math.min(MAX_FRAME_MS, nowMs - lastMs);
    lastMs = nowMs;
    store.getState().advance(realMs);
    frame = store.getState().playing ? requestAnimationFrame(tick) : null;
  };

  const sync = (playing: boolean) => {
    if (playing && frame === null) {
      lastMs = performance.now();
      frame = requestAnimationFrame(tick);
    } else if (!playing && frame !== null) {
      cancelAnimationFrame(frame);
      frame = null;
    }
  };

  sync(store.getState().playing);
  const unsubscribe = store.subscribe((state, previous) => {
    if (state.playing !== previous.playing) sync(state.playing);
  });
  return () => {
    unsubscribe();
    sync(false);
  };
}
