// The embed API's events, derived from the lab store: ready, run (a new run opened after ready),
// step (index, label, kind, the comparison if any; each step passed while playing), playback (the
// player started or stopped playing, so a page's own Play button can follow it), verdict (so
// far, at the cursor, and the whole run's; when either changes), invariant-broken (as the cursor
// reaches a step that breaks one) and error. Invariant: each event says something that changed
// since the last one of its kind; nothing here changes the store.

import type { LabState } from '../store/labStore';
import { isPresetAsShipped } from '../store/code/presetOf';
import { knownPreset } from '../store/code/presets';
import { headlineOf } from '../narration/verdictWords';

export const EVENT_SOURCE = 'fencelab';
const API_VERSION = 1;

/** What `ready` and `run` say of the run open. */
interface RunFields {
  /** How many steps the run has; their indices run 0 to `lastStep`. */
  steps: number;
  /** The last step's index: the transport's "Step 21 / 21" shows it after the slash. */
  lastStep: number;
  strategy: string;
  /** The preset the run came from, changed or not (null: a scenario of one's own). */
  preset: string | null;
  /** That preset's own strategy (null with no preset): `strategy` differs when it was carried. */
  presetStrategy: string | null;
  /** Whether the run differs from its preset in more than its strategy (an action, a knob, the
   * seed): a page that captions it by the preset's name can say it was changed. */
  edited: boolean;
}

export type EmbedEvent =
  | ({ type: 'ready'; version: number; step: number; playing: boolean } & RunFields)
  | ({ type: 'run'; name: string } & RunFields)
  | { type: 'step'; index: number; label: string | null; kind: string; timeMs: number; comparison: string | null }
  /** Playing started or stopped (a pause, the end of the run, a new run): `step` is the cursor's. */
  | { type: 'playback'; playing: boolean; step: number; atEnd: boolean }
  | {
      type: 'verdict';
      step: number;
      /** So far, up to the cursor. */
      ok: boolean;
      violations: number;
      staleWriteAccepted: boolean;
      /**
       * The whole run's; `verdict` and `words`: what the lab's verdict says of it (a journal edit
       * too few journal nodes logged is counted in `staleWritesAccepted` but took no effect: 'warn').
       */
      run: {
        ok: boolean;
        violations: number;
        staleWritesAccepted: number;
        verdict: 'ok' | 'warn' | 'broken';
        words: string;
      };
    }
  | { type: 'invariant-broken'; step: number; invariant: string; message: string }
  | { type: 'error'; message: string };

const runFields = (s: LabState): RunFields => {
  const preset = s.presetId === null ? undefined : knownPreset(s.presetId);
  return {
    steps: s.trace.steps.length,
    lastStep: Math.max(0, s.trace.steps.length - 1),
    strategy: s.scenario.strategy,
    preset: preset ? s.presetId : null,
    presetStrategy: preset?.scenario.strategy ?? null,
    edited: preset !== undefined && !isPresetAsShipped(s),
  };
};

export const readyEvent = (s: LabState): EmbedEvent => ({
  type: 'ready',
  version: API_VERSION,
  ...runFields(s),
  step: s.cursor,
  playing: s.playing,
});

/** The run now open, as the `run` event tells it (ready tells the first). */
const runEvent = (s: LabState): EmbedEvent => ({ type: 'run', ...runFields(s), name: s.scenario.name });

const stepEvent = (step: LabState['trace']['steps'][number]): EmbedEvent => ({
  type: 'step',
  index: step.index,
  label: step.label ?? null,
  kind: step.kind,
  timeMs: step.timeMs,
  comparison: step.write?.comparison ?? null,
});

/**
 * The most steps one change reports while playing (a fast run passes many in one frame): the last
 * ones, up to the cursor.
 */
const MAX_STEPS_PER_CHANGE = 500;

/**
 * Follows the store and says what changed: feed it every state, in order. The first state fed is
 * the one `ready` told of: its run is not told again.
 */
export function eventDiffer(): (s: LabState) => EmbedEvent[] {
  let trace: LabState['trace'] | null = null;
  let cursor = -1;
  let playMoves = 0;
  let verdictKey = '';
  let playing: boolean | null = null;
  return (s) => {
    const out: EmbedEvent[] = [];
    // Told before the steps it plays, after the steps that took it to a stop.
    const playback = (): EmbedEvent => ({
      type: 'playback',
      playing: s.playing,
      step: s.cursor,
      atEnd: s.cursor >= s.trace.steps.length - 1,
    });
    // The first state too, when it is already playing (an early `play`, sent before ready): a
    // page's Play button that follows only these events would otherwise never hear it started.
    const startsPlaying = s.playing && playing !== true;
    if (startsPlaying) out.push(playback());
    const step = s.trace.steps[s.cursor];
    const newTrace = s.trace !== trace;
    if (newTrace && trace !== null) out.push(runEvent(s));
    if (newTrace || s.cursor !== cursor) {
      // Playing on (to the end too, which stops it) passes each step: each is told, in order. A
      // seek (playing or not) goes straight to its step.
      const played = !newTrace && s.playMoves !== playMoves && s.cursor > cursor;
      const passed = played ? s.cursor - cursor : 1;
      const first = Math.max(0, s.cursor - Math.min(passed, MAX_STEPS_PER_CHANGE) + 1);
      // Violations the cursor has just reached: all up to it on a new run, else those passed over;
      // each after the step told that reaches it.
      let toldUpTo = newTrace ? -1 : cursor;
      for (let i = first; i <= s.cursor; i++) {
        const reached = s.trace.steps[i];
        if (!reached) continue;
        out.push(stepEvent(reached));
        for (const v of s.trace.verdict.violations)
          if (v.step > toldUpTo && v.step <= i)
            out.push({ type: 'invariant-broken', step: v.step, invariant: v.invariant, message: v.message });
        toldUpTo = i;
      }
    }
    const run = s.trace.verdict;
    const violations = step?.status.violations ?? 0;
    const stale = step?.status.staleWriteAccepted ?? false;
    const headline = headlineOf(s.trace);
    const key = [violations, stale, run.ok, run.violations.length, run.staleWritesAccepted, headline.text].join('|');
    if (key !== verdictKey)
      out.push({
        type: 'verdict',
        step: s.cursor,
        ok: violations === 0 && !stale,
        violations,
        staleWriteAccepted: stale,
        run: {
          ok: run.ok,
          violations: run.violations.length,
          staleWritesAccepted: run.staleWritesAccepted,
          verdict: headline.tone,
          words: headline.text,
        },
      });
    if (playing !== null && !s.playing && playing) out.push(playback());
    trace = s.trace;
    cursor = s.cursor;
    playMoves = s.playMoves;
    verdictKey = key;
    playing = s.playing;
    return out;
  };
}
