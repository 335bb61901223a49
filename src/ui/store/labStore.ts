// The lab's state, framework-free: the scenario (the document), its trace (simulate(scenario)), a
// cursor into the trace and the play state. Components, tests and the embed API all drive this one
// store. Invariants: `trace` is the simulation of `scenario`, except while `computing`, when it is
// still the previous scenario's (a long run is computed by a worker, a model may be fetched first:
// ./code/runs.ts has where a trace comes from);
// `cursor` is a valid step index of `trace`; a scenario that fails validation never replaces the
// loaded one.
//
// The store is made of slices (./slices/), each owning its part of the state and the actions on
// it: the document (scenario, run, settings, timed actions), its history (undo, redo), playback
// (cursor, play state), errors, and the run's loading (commit, `computing`), which the document
// and history slices change the document through. Its shape is ./labState.ts.

import { createStore } from 'zustand/vanilla';
import { validateScenario, type Scenario } from '../../engine';
import { defaultScenario } from './code/presetOf';
import { simulatorNow, type RunSources } from './code/runs';
import { documentSlice, openedDocument } from './slices/document';
import { errorsSlice } from './slices/errors';
import { historySlice } from './slices/history';
import { playbackSlice } from './slices/playback';
import { createRun, loadingSlice, settledOf } from './slices/run';
import type { Lab } from './slices/types';
import type { LabStore, StoreOptions } from './labState';

export * from './labState';

/**
 * A lab store holding `given` (the default scenario if undefined) and its run, at its first step.
 * @throws Error when `given`'s run can be had neither from `options.code.shipped` nor from a
 *   simulator `options.code` has at hand now (a page fetches the model first: code/loading.ts
 *   prepareRun)
 */
export function createLabStore(given: Scenario | undefined, options: StoreOptions): LabStore {
  // Held in the form a loaded scenario has (defaults filled in), so the same run loaded again is
  // recognised as the same (slices/run.ts sameRun).
  const scenario = given ?? defaultScenario();
  const checked = validateScenario(scenario);
  const initial = checked.ok ? checked.scenario : scenario;
  const { code } = options;
  const trace = code.shipped?.(initial) ?? simulatorNow(code, initial.strategy).simulate(initial);
  const sources: RunSources = { runner: options.background ?? null, code };
  return createStore<Lab>()((set, get) => {
    const run = createRun(set, get, sources, settledOf({ ...openedDocument(initial, trace), past: [], future: [] }));
    return {
      ...documentSlice(set, get, run, initial, trace),
      ...historySlice(get, run),
      ...playbackSlice(set, get, trace),
      ...errorsSlice(set),
      ...loadingSlice(),
    };
  });
}
