// Opening the search's answer in the lab: as an ordinary run loaded through the lab's store (so
// undo, links and export work as for any scenario), at the step where the rule broke; and its
// safe twin, the same faults under fencing, at the step where the store refused the stale write.

import type { Scenario } from '../../engine';
import type { LabStore } from '../store/labStore';
import { fencingTwin } from './design';
import { rememberWhy } from './why';

/** Where the answer comes from, in the words of an error message ("Could not open …"). */
const SOURCE = 'the schedule the search found';

/**
 * Loads the breaking schedule `scenario` into the lab with its cursor on `breakStep`, and keeps
 * `why` (the rule in words and the chain of sentences) to show beside that run.
 */
export function openAnswer(
  store: LabStore,
  scenario: Scenario,
  breakStep: number,
  why: { ruleWords: string; chain: readonly string[] },
): boolean {
  const opened = store.getState().loadScenario(scenario, { source: SOURCE, cursor: breakStep, presetId: null });
  if (opened) rememberWhy({ scenario: store.getState().scenario, ...why });
  return opened;
}

/**
 * Loads the same schedule under fencing; once its run is on screen the cursor moves to the
 * first write the store refused (if the run has one; else it stays at the start).
 */
export function openFencingTwin(store: LabStore, scenario: Scenario): boolean {
  const twin = fencingTwin(scenario);
  const refusedStep = (s: ReturnType<LabStore['getState']>) =>
    s.trace.steps.findIndex((st) => st.kind === 'write.rejected');
  const opened = store.getState().loadScenario(twin, { source: 'the same schedule under fencing', presetId: null });
  if (!opened) return false;
  const seekWhenRun = () => {
    const state = store.getState();
    if (state.computing || state.scenario.name !== twin.name || state.scenario.strategy !== 'fencing') return false;
    const index = refusedStep(state);
    if (index >= 0) state.seek(index);
    return true;
  };
  if (seekWhenRun()) return true;
  const unsubscribe = store.subscribe(() => {
    if (store.getState().computing) return;
    unsubscribe();
    seekWhenRun();
  });
  return true;
}
