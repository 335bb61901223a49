// The loading slice: how a new document becomes the run on screen. Every change to the document
// (a load, an edit, undo) goes through `commit`, which validates the scenario, then shows its
// trace at once when it can be had here, or marks the store `computing` and shows it when the
// worker (or a model being fetched) delivers it; ../code/runs.ts decides where a trace comes
// from. Invariants: a scenario that fails validation changes nothing but `error`; while
// `computing`, `trace` is still the previous document's; a run that fails puts back the document
// that trace belongs to (`settled`).

import { asSentence, formatScenarioError, validateScenario, type Scenario, type Trace } from '../../../engine';
import { UNDO_LIMIT, type LabState, type Revision } from '../labState';
import { clampCursor, lastStepAtOrBefore, timeAt } from '../pacing/time';
import { differsFromPreset } from '../code/presetOf';
import { HERE_MAX_EVENTS, traceLater, traceNow, type RunResult, type RunSources } from '../code/runs';
import { revisionOf } from './history';
import type { GetLab, SetLab } from './types';

/** Scenarios this small are compared whole before a run; a longer one is simply run. */
const SAME_RUN_MAX_ACTIONS = 500;

/** The document a trace belongs to: what a failed worker run puts back. */
export type Settled = Pick<
  LabState,
  'scenario' | 'ownActionCount' | 'presetId' | 'edited' | 'past' | 'future' | 'carried'
>;

/** Picks a new trace's cursor from that trace. */
type Place = (trace: Trace) => number;

export interface Run {
  /**
   * Replaces the scenario after validating it and recomputes the trace. `place` picks the new
   * cursor from the new trace. Returns false (and changes nothing but `error`) on a bad scenario.
   * An error reads "Could not <verb> <source>: …".
   */
  commit(next: Scenario, place: Place, extra?: Partial<LabState>, source?: string, verb?: string): boolean;
  /** Where a new trace puts the cursor to keep the user's place (keepPlaceOf, now). */
  keepPlace(): Place;
  /** Sets the history without a change to the run; the settled document keeps it too. */
  setHistory(history: { past?: Revision[]; future?: Revision[] }): void;
}

/** The document `state` holds, as a failed run puts it back. */
export function settledOf(state: Settled): Settled {
  const { scenario, ownActionCount, presetId, edited, past, future, carried } = state;
  return { scenario, ownActionCount, presetId, edited, past, future, carried };
}

/** Whether `scenario` is the one whose trace is on screen, field for field. */
function sameRun(scenario: Scenario, state: Pick<LabState, 'scenario' | 'computing'>): boolean {
  if (state.computing || scenario.actions.length > SAME_RUN_MAX_ACTIONS) return false;
  return scenario === state.scenario || JSON.stringify(scenario) === JSON.stringify(state.scenario);
}

/**
 * Where a new trace puts the cursor: on the step with the same label when the cursor is on a
 * labelled step and the new run has that label (t6 under fencing is step 16, under Redlock step
 * 56, and t6 a moment later under plain leases), else at the cursor's virtual time: the last
 * step at or before it.
 */
function keepPlaceOf({ trace, cursor }: Pick<LabState, 'trace' | 'cursor'>): Place {
  const label = trace.steps[cursor]?.label;
  const timeMs = timeAt(trace.steps, cursor);
  return (next) => {
    const same = label === undefined ? -1 : next.steps.findIndex((step) => step.label === label);
    return same >= 0 ? same : lastStepAtOrBefore(next.steps, timeMs);
  };
}

/** The state that shows `trace` with its cursor where `place` puts it, paused. */
function shown(trace: Trace, place: Place): Partial<LabState> {
  const cursor = clampCursor(trace.steps, place(trace));
  return { trace, cursor, playheadMs: timeAt(trace.steps, cursor), playing: false, computing: false };
}

/**
 * The document after a change to `scenario`: its preset and whether it is edited, the history with
 * the document before it kept for undo (unless `extra` sets the history itself), no error.
 */
function documentAfter(before: LabState, scenario: Scenario, extra: Partial<LabState>): Partial<LabState> {
  const presetId = extra.presetId !== undefined ? extra.presetId : before.presetId;
  const edited = presetId !== null ? differsFromPreset(scenario, presetId) : (extra.edited ?? true);
  return {
    scenario,
    error: null,
    carried: [],
    replacedRun: null,
    ...extra,
    edited,
    past: extra.past ?? [...before.past, revisionOf(before)].slice(-UNDO_LIMIT),
    future: extra.future ?? [],
  };
}

/** The loading slice's state: no run is being computed, or was stopped, when a store is made. */
export function loadingSlice(): Pick<LabState, 'computing' | 'replacedRun'> {
  return { computing: false, replacedRun: null };
}

/** The store's run: `commit` and what it shares with the slices that call it. */
export function createRun(set: SetLab, get: GetLab, sources: RunSources, opened: Settled): Run {
  /** The document the trace on screen belongs to: what a failed worker run puts back. */
  let settled = opened;
  const settle = () => {
    settled = settledOf(get());
  };
  const keepPlace = () => keepPlaceOf(get());

  /**
   * Opens `document` now, its run still on the way, and shows `scenario`'s run once it comes (the
   * worker's, or here once its model is fetched).
   */
  const showLater = (
    document: Partial<LabState>,
    scenario: Scenario,
    place: Place,
    wasShort: boolean,
    failed: (why: string) => string,
  ) => {
    const cursorThen = get().cursor;
    // The run still being computed when this change came (the document already holds it).
    const older = get().computing ? get().scenario.name : null;
    set({ ...document, playing: false, computing: true });
    const finish = (result: RunResult) => {
      if (get().scenario !== scenario) return; // changed again since: that change's run counts
      if ('trace' in result) {
        // Where the cursor goes: as the change asked, unless it was moved meanwhile; then it
        // keeps the place it was moved to (its label, else its time: keepPlace).
        const moved = get().cursor !== cursorThen;
        set(shown(result.trace, moved ? keepPlace() : place));
        return settle();
      }
      // The engine could not run it: put back the document the trace on screen belongs to.
      set({ ...settled, computing: false, error: failed(asSentence(result.error)) });
    };
    const replaced = () => {
      if (get().scenario === scenario) set({ replacedRun: older ?? 'the run before' });
    };
    traceLater(sources, scenario, wasShort, () => get().scenario === scenario, finish, replaced);
  };

  const commit: Run['commit'] = (next, place, extra = {}, source = 'the change', verb = 'apply') => {
    const checked = validateScenario(next);
    if (!checked.ok) {
      set({ error: `Could not ${verb} ${source}: ${asSentence(formatScenarioError(checked.error))}` });
      return false;
    }
    const scenario = checked.scenario;
    const before = get();
    const document = documentAfter(before, scenario, extra);
    const wasShort = before.trace.steps.length + before.trace.heartbeats <= HERE_MAX_EVENTS;
    // The engine is deterministic: the same scenario again (a link naming the run already open,
    // as a page's first link often does) has the same trace, so it is not computed twice.
    const here = sameRun(scenario, before) ? { ...before.trace, scenario } : traceNow(sources, scenario, wasShort);
    if (here) {
      set({ ...document, ...shown(here, place) });
      settle();
      return true;
    }
    // A long run, or a strategy whose model is still to be fetched: the document changes now,
    // its trace follows. The old trace stays on screen (marked as being recomputed) and the page
    // keeps answering meanwhile.
    showLater(document, scenario, place, wasShort, (why) => `Could not ${verb} ${source}: ${why}`);
    return true;
  };

  const setHistory: Run['setHistory'] = (history) => {
    set(history);
    settled = { ...settled, ...history };
  };

  return { commit, keepPlace, setHistory };
}
