// The lab store's shape: its state (the document, the run on screen, playback), the actions
// that change it, and what a store is made with. The store itself is labStore.ts.

import type { StoreApi } from 'zustand/vanilla';
import type { Action, Knobs, NewAction, Scenario, Trace } from '../../engine';
import type { Speed } from './pacing/speed';
import type { TraceRunner } from '../workers/background';
import type { EngineCode } from './code/runs';

export interface StoreOptions {
  /** Computes long runs off the main thread; without it every run is computed here. */
  background?: TraceRunner | null;
  /**
   * What runs the store's scenarios: the page's code, fetched as first needed (./code/loading.ts
   * PAGE_CODE), where a change to a strategy whose model is not loaded yet waits for it, as for a
   * worker's run; or every model, linked in (./code/allCode.ts ALL_CODE). The initial scenario's model
   * must be at hand, unless `code.shipped` has its run.
   */
  code: EngineCode;
}

export interface LoadOptions {
  /** Words for the error message: "the link", "the file scenario.json". */
  source?: string;
  cursor?: number;
  /** How many leading actions belong to the scenario itself; the rest are the user's. */
  ownActionCount?: number;
  presetId?: string | null;
}

/** One version of the document: what undo and redo put back. */
export interface Revision {
  scenario: Scenario;
  ownActionCount: number;
  presetId: string | null;
  edited: boolean;
  /**
   * The step the cursor was on: undo and redo put it back there too, where the user was. Null when
   * the revision was kept while its run was still being computed (the step on screen was another
   * run's): the cursor then keeps its time.
   */
  cursor: number | null;
}

export const UNDO_LIMIT = 50;

export interface LabState {
  scenario: Scenario;
  trace: Trace;
  /** scenario.actions[0..ownActionCount) came with the scenario; later ones are the user's. */
  ownActionCount: number;
  /** The preset the scenario was opened from (it may have been changed since), or null. */
  presetId: string | null;
  cursor: number;
  /** Virtual time of the playhead; equals the cursor's time unless playing. */
  playheadMs: number;
  playing: boolean;
  /**
   * How many times playing has moved the cursor on (advance): a change that raises it passed its
   * steps by playing, one that does not is a seek or a new run (the embed tells each step played).
   */
  playMoves: number;
  /** Real ms the player still stays on the cursor's step before moving on (store/pacing/playback.ts). */
  holdMs: number;
  speed: Speed;
  /** Playing stops on this step when it gets there (a lesson plays up to its next stop). */
  stopAt: number | null;
  /** Playing stops on every labelled step (t0 … t6) it reaches. */
  stopAtLabels: boolean;
  /** Views show only what has happened up to the cursor: the rest of the timeline, the chart and
   * the whole run's verdict stay hidden until reached (always in lessons; an option elsewhere). */
  hideFuture: boolean;
  /**
   * The scenario differs from what it was opened as: from its preset, when it came from one (so a
   * shared link to a changed preset says so too); otherwise, changed since it was opened.
   */
  edited: boolean;
  /** Earlier versions of the document, newest last, for undo (at most UNDO_LIMIT). */
  past: Revision[];
  /**
   * Versions undone, the next to put back last, for redo (at most UNDO_LIMIT). Any change but undo
   * and redo empties it: a change made after an undo starts a new line of versions.
   */
  future: Revision[];
  /** A message about something that could not be loaded or done; null when all is well. */
  error: string | null;
  /** What the last change of strategy could not carry one for one (comparison/carry.ts), in
   * sentences; empty after any other change. */
  carried: string[];
  /** A worker is computing the trace of `scenario`; `trace` is still the one before the change. */
  computing: boolean;
  /**
   * The name of the run the last change stopped before it finished (its worker was still busy
   * with it, and was ended so this change need not wait); null when it stopped none.
   */
  replacedRun: string | null;
}

export interface LabActions {
  loadScenario(raw: unknown, options?: LoadOptions): boolean;
  /** Opens the preset `id` as it ships; false (and the store's error) for a preset the page does
   * not hold: the lab, a lesson and the embed's messaging fetch every preset first (presets.ts). */
  loadPreset(id: string): boolean;
  seek(index: number): void;
  step(): void;
  stepBack(): void;
  toStart(): void;
  toEnd(): void;
  play(): void;
  /** Plays from the cursor up to step `index` and stops there (seeks back to it if it is behind). */
  playTo(index: number): void;
  pause(): void;
  togglePlay(): void;
  /** Moves the playhead by `realMs` of real time at the current speed (called once per frame). */
  advance(realMs: number): void;
  setSpeed(speed: number): void;
  setStopAtLabels(on: boolean): void;
  setHideFuture(on: boolean): void;
  faster(): void;
  slower(): void;
  /** Stops playing and returns to the first step. */
  reset(): void;
  setStrategy(id: string): void;
  setKnob<K extends keyof Knobs>(key: K, value: Knobs[K] | undefined): void;
  /** Sets several knobs as one undoable change (a client library's retry policy is three numbers);
   * an undefined value drops that override. `what` names the change in an error. */
  setKnobs(changes: { [K in keyof Knobs]?: Knobs[K] | undefined }, what: string): void;
  /** Drops every knob override: the strategy's defaults apply again. */
  resetKnobs(): void;
  setSeed(seed: number): void;
  /**
   * Gives the scenario a name and a description of the user's own (what an export and a link carry).
   * It becomes the user's scenario, no longer the preset's. Undoable; an empty name changes nothing.
   */
  describe(name: string, description: string): boolean;
  /** Adds `action` 1 ms after the step at the cursor (a fork: nothing up to the cursor changes). Undoable. */
  addAction(action: NewAction): void;
  /** Removes the timed action at `index`, the scenario's own or the user's. Undoable. */
  removeAction(index: number): void;
  /**
   * Puts `action` in place of the timed action at `index` (its time, duration, party or kind
   * changed). Undoable; an action the scenario cannot hold is refused with the error banner and
   * changes nothing. Returns whether it was applied.
   */
  replaceAction(index: number, action: Action): boolean;
  /** Removes every action the user added, keeping the scenario's own. Undoable. */
  clearYourActions(): void;
  /** Puts back the document as it was before the last change (a load counts as a change). */
  undo(): void;
  /**
   * Sets what undo and redo have to put back, leaving the run as it is: opening a page or a lesson
   * is no change to undo, and a load put back is nothing to redo. (Through this action, not
   * setState: a failed computation puts back the history with the run it belongs to.)
   */
  setHistory(history: { past?: Revision[]; future?: Revision[] }): void;
  /** Puts back the change the last undo took away (undoable again); nothing once a new change is made. */
  redo(): void;
  /** Reopens the preset the scenario came from, as it ships (undoable). */
  restorePreset(): void;
  showError(message: string): void;
  dismissError(): void;
}

export type LabStore = StoreApi<LabState & LabActions>;

/** What a rename with an empty name is told (the form says it beside the field). */
export const NAME_NEEDED = 'A scenario needs a name.';
