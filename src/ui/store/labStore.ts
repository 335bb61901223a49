// The lab's state, framework-free: the scenario (the document), its trace (simulate(scenario)), a
// cursor into the trace and the play state. Components, tests and the embed API all drive this one
// store. Invariants: `trace` is the simulation of `scenario`, except while `computing`, when it is
// still the previous scenario's (a long run is computed by a worker, a model may be fetched first:
// ./runs.ts has where a trace comes from);
// `cursor` is a valid step index of `trace`; a scenario that fails validation never replaces the
// loaded one.

import { createStore } from 'zustand/vanilla';
import {
  asSentence,
  formatScenarioError,
  validateScenario,
  carryTo,
  type Carried,
  type Action,
  type Knobs,
  type Scenario,
  type Trace,
} from '../../engine';
import { nearestSpeed, stepSpeed, type Speed } from './pacing/speed';
import { clampCursor, lastStepAtOrBefore, timeAt } from './pacing/time';
import { SKIM_ABOVE_SPEED, advancePlayback, readingMs } from './pacing/playback';
import { defaultScenario, differsFromPreset, isPresetAsShipped, presetOf } from './code/presetOf';
import { knownPreset } from './code/presets';
import { historyMove, revisionOf, withoutDefaults } from './history';
import { HERE_MAX_EVENTS, simulatorNow, traceLater, traceNow, type RunResult, type RunSources } from './code/runs';
import { NAME_NEEDED, UNDO_LIMIT, type LabActions, type LabState, type LabStore, type StoreOptions } from './labState';

export * from './labState';

/** Scenarios this small are compared whole before a run; a longer one is simply run. */
const SAME_RUN_MAX_ACTIONS = 500;

/** Whether `scenario` is the one whose trace is on screen, field for field. */
function sameRun(scenario: Scenario, state: Pick<LabState, 'scenario' | 'computing'>): boolean {
  if (state.computing || scenario.actions.length > SAME_RUN_MAX_ACTIONS) return false;
  return scenario === state.scenario || JSON.stringify(scenario) === JSON.stringify(state.scenario);
}

/**
 * A lab store holding `given` (the default scenario if undefined) and its run, at its first step.
 * @throws Error when `given`'s run can be had neither from `options.code.shipped` nor from a
 *   simulator `options.code` has at hand now (a page fetches the model first: loading.ts prepareRun)
 */
export function createLabStore(given: Scenario | undefined, options: StoreOptions): LabStore {
  // Held in the form a loaded scenario has (defaults filled in), so the same run loaded again is
  // recognised as the same (sameRun).
  const scenario = given ?? defaultScenario();
  const checked = validateScenario(scenario);
  const initial = checked.ok ? checked.scenario : scenario;
  const { code } = options;
  const trace = code.shipped?.(initial) ?? simulatorNow(code, initial.strategy).simulate(initial);
  const sources: RunSources = { runner: options.background ?? null, code };
  /** The document the trace on screen belongs to: what a failed worker run puts back. */
  let settled: Pick<LabState, 'scenario' | 'ownActionCount' | 'presetId' | 'edited' | 'past' | 'future' | 'carried'> = {
    scenario: initial,
    ownActionCount: initial.actions.length,
    presetId: presetOf(initial),
    edited: false,
    past: [],
    future: [],
    carried: [],
  };
  return createStore<LabState & LabActions>()((set, get) => {
    /** Moves the cursor (and the playhead with it) to a step. */
    const seekTo = (index: number, keepPlaying = false) => {
      const { trace, playing } = get();
      const cursor = clampCursor(trace.steps, index);
      set({
        cursor,
        playheadMs: timeAt(trace.steps, cursor),
        playing: keepPlaying && playing,
        holdMs: 0,
        stopAt: keepPlaying ? get().stopAt : null,
      });
    };

    /**
     * Replaces the scenario after validating it and recomputes the trace. `place` picks the new
     * cursor from the new trace. Returns false (and changes nothing but `error`) on a bad scenario.
     * An error reads "Could not <verb> <source>: …".
     */
    const commit = (
      next: Scenario,
      place: (trace: Trace) => number,
      extra: Partial<LabState> = {},
      source = 'the change',
      verb = 'apply',
    ): boolean => {
      const checked = validateScenario(next);
      if (!checked.ok) {
        set({ error: `Could not ${verb} ${source}: ${asSentence(formatScenarioError(checked.error))}` });
        return false;
      }
      const scenario = checked.scenario;
      const before = get();
      const presetId = extra.presetId !== undefined ? extra.presetId : before.presetId;
      const edited = presetId !== null ? differsFromPreset(scenario, presetId) : (extra.edited ?? true);
      const revision = revisionOf(before);
      const document = {
        scenario,
        error: null,
        carried: [],
        ...extra,
        edited,
        past: extra.past ?? [...before.past, revision].slice(-UNDO_LIMIT),
        future: extra.future ?? [],
      };
      const show = (trace: Trace, cursorAt: (trace: Trace) => number) => {
        const cursor = clampCursor(trace.steps, cursorAt(trace));
        return { trace, cursor, playheadMs: timeAt(trace.steps, cursor), playing: false, computing: false };
      };
      const settle = () => {
        const s = get();
        settled = {
          scenario: s.scenario,
          ownActionCount: s.ownActionCount,
          presetId: s.presetId,
          edited: s.edited,
          past: s.past,
          future: s.future,
          carried: s.carried,
        };
      };
      const wasShort = before.trace.steps.length + before.trace.heartbeats <= HERE_MAX_EVENTS;
      // The engine is deterministic: the same scenario again (a link naming the run already open,
      // as a page's first link often does) has the same trace, so it is not computed twice.
      const here = sameRun(scenario, before) ? { ...before.trace, scenario } : traceNow(sources, scenario, wasShort);
      if (here) {
        set({ ...document, ...show(here, place) });
        settle();
        return true;
      }
      // A long run, or a strategy whose model is still to be fetched: the document changes now,
      // its trace follows. The old trace stays on screen (marked as being recomputed) and the page
      // keeps answering meanwhile.
      const cursorThen = before.cursor;
      set({ ...document, playing: false, computing: true });
      const finish = (result: RunResult) => {
        if (get().scenario !== scenario) return; // changed again since: that change's run counts
        if ('trace' in result) {
          // Where the cursor goes: as the change asked, unless it was moved meanwhile; then it
          // keeps the place it was moved to (its label, else its time: keepPlace).
          const moved = get().cursor !== cursorThen;
          set(show(result.trace, moved ? keepPlace() : place));
          return settle();
        }
        // The engine could not run it: put back the document the trace on screen belongs to.
        set({ ...settled, computing: false, error: `Could not ${verb} ${source}: ${asSentence(result.error)}` });
      };
      traceLater(sources, scenario, wasShort, () => get().scenario === scenario, finish);
      return true;
    };

    /** A new speed also applies to the step being read: what is left of its time is rescaled. */
    const changeSpeed = (speed: Speed) => {
      const { speed: before, holdMs } = get();
      set({ speed, holdMs: speed > SKIM_ABOVE_SPEED ? 0 : (holdMs * before) / speed });
    };

    /** Undo or redo: opens the revision the history moves to, where its cursor was. */
    const travel = (direction: 'undo' | 'redo') => {
      const move = historyMove(get(), direction);
      if (!move) return;
      const { to, past, future } = move;
      commit(to.scenario, to.cursor === null ? keepPlace() : () => to.cursor!, {
        ownActionCount: to.ownActionCount,
        presetId: to.presetId,
        edited: to.edited,
        past,
        future,
      });
    };

    /**
     * Where a new trace puts the cursor: on the step with the same label when the cursor is on a
     * labelled step and the new run has that label (t6 under fencing is step 16, under Redlock step
     * 56, and t6 a moment later under plain leases), else at the cursor's virtual time: the last
     * step at or before it.
     */
    const keepPlace = () => {
      const { trace, cursor } = get();
      const label = trace.steps[cursor]?.label;
      const timeMs = timeAt(trace.steps, cursor);
      return (next: Trace) => {
        const same = label === undefined ? -1 : next.steps.findIndex((step) => step.label === label);
        return same >= 0 ? same : lastStepAtOrBefore(next.steps, timeMs);
      };
    };

    return {
      scenario: initial,
      trace,
      ownActionCount: initial.actions.length,
      presetId: presetOf(initial),
      cursor: 0,
      playheadMs: timeAt(trace.steps, 0),
      playing: false,
      playMoves: 0,
      holdMs: 0,
      speed: 1,
      stopAt: null,
      stopAtLabels: false,
      hideFuture: false,
      edited: false,
      past: [],
      future: [],
      error: null,
      carried: [],
      computing: false,

      loadScenario(raw, options = {}) {
        const checked = validateScenario(raw);
        if (!checked.ok) {
          set({
            error: `Could not open ${options.source ?? 'the scenario'}: ${asSentence(formatScenarioError(checked.error))}`,
          });
          return false;
        }
        const scenario = checked.scenario;
        const own = options.ownActionCount;
        const ownActionCount =
          own !== undefined && Number.isInteger(own) && own >= 0 && own <= scenario.actions.length
            ? own
            : scenario.actions.length;
        return commit(
          scenario,
          () => options.cursor ?? 0,
          {
            edited: false,
            ownActionCount,
            presetId: options.presetId === undefined ? presetOf(scenario) : options.presetId,
          },
          options.source ?? 'the scenario',
          'open',
        );
      },

      loadPreset(id) {
        const preset = knownPreset(id);
        if (!preset) {
          set({ error: `There is no preset called "${id}".` });
          return false;
        }
        return get().loadScenario(preset.scenario, { presetId: id, source: `the preset "${id}"` });
      },

      seek: (index) => seekTo(index),
      step: () => seekTo(get().cursor + 1),
      stepBack: () => seekTo(get().cursor - 1),
      toStart: () => seekTo(0),
      toEnd: () => seekTo(get().trace.steps.length - 1),

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
        if (target <= cursor) return seekTo(target);
        set({ playing: true, playheadMs: timeAt(trace.steps, cursor), holdMs: 0, stopAt: target });
      },
      pause: () => seekTo(get().cursor),
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

      setStopAtLabels: (on) => set({ stopAtLabels: on }),
      setHideFuture: (on) => set({ hideFuture: on }),
      setSpeed: (speed) => changeSpeed(nearestSpeed(speed)),
      faster: () => changeSpeed(stepSpeed(get().speed, 1)),
      slower: () => changeSpeed(stepSpeed(get().speed, -1)),
      reset: () => seekTo(0),

      setStrategy(id) {
        // The preset as it ships, or only carried to another strategy, is carried afresh from the
        // preset itself: fencing -> Redlock -> fencing comes back to the preset as it ships, not to
        // a copy whose labels lost what Redlock's could not say (it read "Changed" after).
        const preset = isPresetAsShipped(get()) ? knownPreset(get().presetId!) : undefined;
        let next: Carried;
        try {
          next = carryTo(preset?.scenario ?? get().scenario, id);
        } catch (e) {
          set({ error: `Could not switch strategy: ${(e as Error).message}` });
          return;
        }
        commit(next.scenario, keepPlace(), { carried: next.notes }, `the strategy "${id}"`);
      },

      setKnob(key, value) {
        get().setKnobs({ [key]: value }, `the setting ${key}`);
      },

      setKnobs(changes, what) {
        const { scenario } = get();
        const knobs: Record<string, unknown> = { ...scenario.knobs };
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined) delete knobs[key];
          else knobs[key] = value;
        }
        const kept = withoutDefaults(scenario, knobs, Object.keys(changes));
        // The knobs it already has (a default set on a knob left out, say): no change, no history.
        if (JSON.stringify(kept) === JSON.stringify(scenario.knobs)) return;
        commit({ ...scenario, knobs: kept as Partial<Knobs> }, keepPlace(), {}, what);
      },

      resetKnobs() {
        commit({ ...get().scenario, knobs: {} }, keepPlace(), {}, 'the default knobs');
      },

      setSeed(seed) {
        commit({ ...get().scenario, seed }, keepPlace(), {}, 'the seed');
      },

      describe(name, description) {
        const { scenario } = get();
        const title = name.trim();
        const text = description.trim();
        if (!title) {
          set({ error: `${NAME_NEEDED} Nothing was changed.` });
          return false;
        }
        if (title === scenario.name && text === (scenario.description ?? '')) return true;
        // The validator leaves out a description that is undefined.
        const next: Scenario = { ...scenario, name: title, description: text || undefined };
        return commit(next, () => get().cursor, { presetId: null, edited: true }, 'the new name');
      },

      addAction(added) {
        const { scenario, trace, cursor } = get();
        // One millisecond after the step at the cursor, so that step and everything before it
        // stay exactly as they are: the new action can only change the future (a fork).
        const atMs = trace.steps.length === 0 ? 0 : timeAt(trace.steps, cursor) + 1;
        const action = { ...added, atMs } as Action;
        commit({ ...scenario, actions: [...scenario.actions, action] }, () => cursor, {}, 'the action');
      },

      removeAction(index) {
        const { scenario, ownActionCount } = get();
        if (!Number.isInteger(index) || index < 0 || index >= scenario.actions.length) return;
        const actions = scenario.actions.filter((_, i) => i !== index);
        commit({ ...scenario, actions }, keepPlace(), {
          ownActionCount: index < ownActionCount ? ownActionCount - 1 : ownActionCount,
        });
      },

      replaceAction(index, action) {
        const { scenario } = get();
        if (!Number.isInteger(index) || index < 0 || index >= scenario.actions.length) return false;
        const actions = scenario.actions.map((a, i) => (i === index ? action : a));
        return commit({ ...scenario, actions }, keepPlace(), {}, 'the edited action');
      },

      clearYourActions() {
        const { scenario, ownActionCount } = get();
        commit({ ...scenario, actions: scenario.actions.slice(0, ownActionCount) }, keepPlace());
      },

      undo: () => travel('undo'),
      redo: () => travel('redo'),

      setHistory(history) {
        set(history);
        settled = { ...settled, ...history };
      },

      restorePreset() {
        const { presetId } = get();
        if (presetId !== null) get().loadPreset(presetId);
      },

      showError: (message) => set({ error: message }),
      dismissError: () => set({ error: null }),
    };
  });
}
