// Playback paced for reading: while playing, the playhead moves along virtual time at the chosen
// speed, and the cursor steps onto each step as the playhead reaches it and stays there at least
// as long as its sentence takes to read. Invariants: at 8x and slower no step is skipped, and each
// is on screen for at least readingMs(step, speed) of real time; faster than that, playback skims
// (a frame may pass many steps). A stop requested at a step (stopAt, or every labelled step) ends
// playing on that step.

import type { Step } from '../../../engine';
import { BASE_RATE } from './speed';
import { lastStepAtOrBefore } from './time';

/** Above this speed nobody reads: steps are not held, and a frame may pass several. */
export const SKIM_ABOVE_SPEED = 8;
/** Real ms a character of a step's sentence is given at 1x (about 40 characters a second). */
const READ_MS_PER_CHAR = 25;
/** The least and most real ms a step is held at 1x; a labelled step or a write's verdict is held
 * at least KEY_STEP_MS. */
export const READ_MS_MIN = 600;
const READ_MS_MAX = 3000;
const KEY_STEP_MS = 1200;

/**
 * Steps worth a longer look while playing: the article's labels and every write's verdict. Events
 * an instant apart (the reject at t6 comes 6 ms after the wake-up) would otherwise flash past.
 */
function isKeyStep(step: Step): boolean {
  return step.label !== undefined || step.write !== undefined;
}

/** Real ms the cursor stays on `step` at `speed` before moving on: its reading time at 1x,
 * divided by the speed; 0 above SKIM_ABOVE_SPEED. */
export function readingMs(step: Step, speed: number): number {
  if (speed > SKIM_ABOVE_SPEED) return 0;
  const read = Math.min(READ_MS_MAX, Math.max(READ_MS_MIN, step.text.length * READ_MS_PER_CHAR));
  return (isKeyStep(step) ? Math.max(read, KEY_STEP_MS) : read) / speed;
}

export interface PlaybackState {
  steps: readonly Step[];
  cursor: number;
  playheadMs: number;
  /** Real ms the cursor must still stay on its step. */
  holdMs: number;
  speed: number;
  /** Stop on this step when playback reaches it; null: play to the end. */
  stopAt: number | null;
  /** Stop on every labelled step playback reaches. */
  stopAtLabels: boolean;
}

export interface PlaybackUpdate {
  cursor: number;
  playheadMs: number;
  holdMs: number;
  playing: boolean;
  stopAt: number | null;
}

/** Where playback is after `realMs` more real time (one animation frame, usually). */
export function advancePlayback(state: PlaybackState, realMs: number): PlaybackUpdate {
  const { steps, speed, stopAtLabels } = state;
  const rate = speed * BASE_RATE;
  const last = steps.length - 1;
  let { cursor, playheadMs, holdMs, stopAt } = state;
  let left = realMs;
  const out = (playing: boolean): PlaybackUpdate => ({ cursor, playheadMs, holdMs, playing, stopAt });
  const stopsAt = (i: number) => i === stopAt || (stopAtLabels && steps[i]!.label !== undefined);

  while (left > 0) {
    if (cursor >= last) {
      // The last step is read to the end, then playing stops.
      holdMs = Math.max(0, holdMs - left);
      if (holdMs > 0) break;
      stopAt = null;
      return out(false);
    }
    const nextMs = steps[cursor + 1]!.timeMs;
    // The playhead moves on while the step is read, up to the next step's time.
    const used = Math.min(left, Math.max(holdMs, (nextMs - playheadMs) / rate));
    playheadMs = Math.min(nextMs, playheadMs + used * rate);
    holdMs = Math.max(0, holdMs - used);
    left -= used;
    if (holdMs > 0 || playheadMs < nextMs) break;
    if (speed > SKIM_ABOVE_SPEED) {
      // Skimming: jump to the last step the playhead has passed, unless a stop comes first.
      const reach = lastStepAtOrBefore(steps, playheadMs + left * rate);
      let to = Math.max(cursor + 1, reach);
      for (let i = cursor + 1; i <= to; i++)
        if (stopsAt(i)) {
          to = i;
          break;
        }
      left -= (steps[to]!.timeMs - playheadMs) / rate;
      cursor = to;
      playheadMs = steps[to]!.timeMs;
    } else {
      cursor += 1;
      holdMs = readingMs(steps[cursor]!, speed);
    }
    if (stopsAt(cursor)) {
      holdMs = 0;
      stopAt = null;
      return out(false);
    }
  }
  return out(true);
}
