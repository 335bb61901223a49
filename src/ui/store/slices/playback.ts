// The playback slice: the cursor into the run on screen and the play state (playing, speed, where
// to stop, whether the future is hidden). Invariant: `cursor` is a valid step index of the trace,
// and `playheadMs` is the cursor's time unless playing. Pacing itself (how far a frame moves the
// playhead) is ../pacing/playback.ts; this slice only applies it.

import type { Trace } from '../../../engine';
import type { LabActions, LabState } from '../labState';
import { nearestSpeed, stepSpeed, type Speed } from '../pacing/speed';
import { clampCursor, timeAt } from '../pacing/time';
import { SKIM_ABOVE_SPEED, advancePlayback, readingMs } from '../pacing/playback';
import type { GetLab, SetLab } from './types';

type PlaybackFields =
  'cursor' | 'playheadMs' | 'playing' | 'playMoves' | 'holdMs' | 'speed' | 'stopAt' | 'stopAtLabels' | 'hideFuture';

type PlaybackActions =
  | 'seek'
  | 'step'
  | 'stepBack'
  | 'toStart'
  | 'toEnd'
  | 'play'
  | 'playTo'
  | 'pause'
  | 'togglePlay'
  | 'advance'
  | 'setSpeed'
  | 'setStopAtLabels'
  | 'setHideFuture'
  | 'faster'
  | 'slower'
  | 'reset';

export type PlaybackSlice = Pick<LabState, PlaybackFields> & Pick<LabActions, PlaybackActions>;

/** Stops playing and moves the cursor (and the playhead with it) to a step. */
function seekTo(set: SetLab, get: GetLab, index: number): void {
  const { trace } = get();
  const cursor = clampCursor(trace.steps, index);
  set({ cursor, playheadMs: timeAt(trace.steps, cursor), playing: false, holdMs: 0, stopAt: null });
}

/** A new speed also applies to the step being read: what is left of its time is rescaled. */
function changeSpeed(set: SetLab, get: GetLab, speed: Speed): void {
  const { speed: before, holdMs } = get();
  set({ speed, holdMs: speed > SKIM_ABOVE_SPEED ? 0 : (holdMs * before) / speed });
}

/** Playing and pausing: from the cursor, to a step, one frame further. */
function playActions(
  set: SetLab,
  get: GetLab,
): Pick<LabActions, 'play' | 'playTo' | 'pause' | 'togglePlay' | 'advance'> {
  return {
    play() {
      const { trace, cursor, speed } = get();
      const last = trace.steps.length - 1;
      if (last <= 0) return;
      // At the end, play means "play again from the start".
      const from = cursor >= last ? 0 : cursor;
      const holdMs = readingMs(trace.steps[from]!, speed);
      set({ playing: true, cursor: from, playheadMs: timeAt(trace.steps, from), holdMs, stopAt: null });
    },
    playTo(index) {
      const { trace, cursor } = get();
      const target = clampCursor(trace.steps, index);
      if (target <= cursor) return seekTo(set, get, target);
      set({ playing: true, playheadMs: timeAt(trace.steps, cursor), holdMs: 0, stopAt: target });
    },
    pause: () => seekTo(set, get, get().cursor),
    togglePlay: () => (get().playing ? get().pause() : get().play()),
    advance(realMs) {
      const { playing, trace, cursor, playheadMs, holdMs, speed, stopAt, stopAtLabels, playMoves } = get();
      if (!playing || !(realMs > 0)) return;
      const next = advancePlayback(
        { steps: trace.steps, cursor, playheadMs, holdMs, speed, stopAt, stopAtLabels },
        realMs,
      );
      set(next.cursor !== cursor ? { ...next, playMoves: playMoves + 1 } : next);
    },
  };
}

/** The playback slice of a store whose run is `trace`, at its first step, paused at 1x. */
export function playbackSlice(set: SetLab, get: GetLab, trace: Trace): PlaybackSlice {
  return {
    cursor: 0,
    playheadMs: timeAt(trace.steps, 0),
    playing: false,
    playMoves: 0,
    holdMs: 0,
    speed: 1,
    stopAt: null,
    stopAtLabels: false,
    hideFuture: false,

    seek: (index) => seekTo(set, get, index),
    step: () => seekTo(set, get, get().cursor + 1),
    stepBack: () => seekTo(set, get, get().cursor - 1),
    toStart: () => seekTo(set, get, 0),
    toEnd: () => seekTo(set, get, get().trace.steps.length - 1),
    reset: () => seekTo(set, get, 0),
    ...playActions(set, get),

    setStopAtLabels: (on) => set({ stopAtLabels: on }),
    setHideFuture: (on) => set({ hideFuture: on }),
    setSpeed: (speed) => changeSpeed(set, get, nearestSpeed(speed)),
    faster: () => changeSpeed(set, get, stepSpeed(get().speed, 1)),
    slower: () => changeSpeed(set, get, stepSpeed(get().speed, -1)),
  };
}
