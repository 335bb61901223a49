// The document slice: the scenario and its run on screen, with what the scenario came as (its
// preset, its own actions, whether it was changed), and every action that changes the document:
// opening a scenario or a preset, its settings (strategy, knobs, seed, name), its timed actions.
// Each change goes through the run's commit (./run.ts), so it is validated, undoable, and its
// trace follows.

import {
  asSentence,
  carryTo,
  effectiveKnobs,
  findStrategy,
  formatScenarioError,
  validateScenario,
  type Action,
  type Carried,
  type Knobs,
  type Scenario,
  type Trace,
} from '../../../engine';
import { NAME_NEEDED, type LabActions, type LabState } from '../labState';
import { timeAt } from '../pacing/time';
import { isPresetAsShipped, presetOf } from '../code/presetOf';
import { knownPreset } from '../code/presets';
import type { Run } from './run';
import type { GetLab, SetLab } from './types';

type DocumentFields = 'scenario' | 'trace' | 'ownActionCount' | 'presetId' | 'edited' | 'carried';

type OpenActions = 'loadScenario' | 'loadPreset' | 'restorePreset';
type SettingActions = 'setStrategy' | 'setKnob' | 'setKnobs' | 'resetKnobs' | 'setSeed' | 'describe';
type TimedActionEdits = 'addAction' | 'removeAction' | 'replaceAction' | 'clearYourActions';

export type DocumentSlice = Pick<LabState, DocumentFields> &
  Pick<LabActions, OpenActions | SettingActions | TimedActionEdits>;

/** The document as first opened: `scenario` (its defaults filled in) with its run `trace`. */
export function openedDocument(scenario: Scenario, trace: Trace): Pick<LabState, DocumentFields> {
  return {
    scenario,
    trace,
    ownActionCount: scenario.actions.length,
    presetId: presetOf(scenario),
    edited: false,
    carried: [],
  };
}

/**
 * `knobs` with the overrides of `keys` dropped where they equal the strategy's own default for that
 * knob (a knob with no default of its own, such as a lock-delay that follows the lease, is kept). A
 * knob set back to its default is then no change: a preset is its preset again (not "changed"),
 * and its link is short again. No shipped preset writes a default out.
 */
function withoutDefaults(
  scenario: Scenario,
  knobs: Record<string, unknown>,
  keys: readonly string[],
): Record<string, unknown> {
  const strategy = findStrategy(scenario.strategy);
  if (!strategy) return knobs;
  const out = { ...knobs };
  for (const key of keys) {
    if (!Object.hasOwn(out, key)) continue;
    const rest = { ...out };
    delete rest[key];
    const meant = (effectiveKnobs(strategy, rest as Partial<Knobs>) as unknown as Record<string, unknown>)[key];
    if (JSON.stringify(meant) === JSON.stringify(out[key])) delete out[key];
  }
  return out;
}

/** How many of `scenario`'s actions are its own: `own` if it can be, else all of them. */
function ownCount(scenario: Scenario, own: number | undefined): number {
  return own !== undefined && Number.isInteger(own) && own >= 0 && own <= scenario.actions.length
    ? own
    : scenario.actions.length;
}

/** Opening a scenario, a preset, or the preset the scenario came from again. */
function openActions(set: SetLab, get: GetLab, run: Run): Pick<LabActions, OpenActions> {
  return {
    loadScenario(raw, options = {}) {
      const source = options.source ?? 'the scenario';
      const checked = validateScenario(raw);
      if (!checked.ok) {
        set({ error: `Could not open ${source}: ${asSentence(formatScenarioError(checked.error))}` });
        return false;
      }
      const scenario = checked.scenario;
      const extra = {
        edited: false,
        ownActionCount: ownCount(scenario, options.ownActionCount),
        presetId: options.presetId === undefined ? presetOf(scenario) : options.presetId,
      };
      return run.commit(scenario, () => options.cursor ?? 0, extra, source, 'open');
    },
    loadPreset(id) {
      const preset = knownPreset(id);
      if (!preset) {
        set({ error: `There is no preset called "${id}".` });
        return false;
      }
      return get().loadScenario(preset.scenario, { presetId: id, source: `the preset "${id}"` });
    },
    restorePreset() {
      const { presetId } = get();
      if (presetId !== null) get().loadPreset(presetId);
    },
  };
}

/** The scenario's settings: its strategy, knobs, seed, name and description. */
function settingActions(set: SetLab, get: GetLab, run: Run): Pick<LabActions, SettingActions> {
  return {
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
      run.commit(next.scenario, run.keepPlace(), { carried: next.notes }, `the strategy "${id}"`);
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
      run.commit({ ...scenario, knobs: kept as Partial<Knobs> }, run.keepPlace(), {}, what);
    },
    resetKnobs() {
      run.commit({ ...get().scenario, knobs: {} }, run.keepPlace(), {}, 'the default knobs');
    },
    setSeed(seed) {
      run.commit({ ...get().scenario, seed }, run.keepPlace(), {}, 'the seed');
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
      return run.commit(next, () => get().cursor, { presetId: null, edited: true }, 'the new name');
    },
  };
}

/** The scenario's timed actions: the user's added at the cursor, any of them edited or removed. */
function timedActionEdits(get: GetLab, run: Run): Pick<LabActions, TimedActionEdits> {
  return {
    addAction(added) {
      const { scenario, trace, cursor } = get();
      // One millisecond after the step at the cursor, so that step and everything before it
      // stay exactly as they are: the new action can only change the future (a fork).
      const atMs = trace.steps.length === 0 ? 0 : timeAt(trace.steps, cursor) + 1;
      const action = { ...added, atMs } as Action;
      run.commit({ ...scenario, actions: [...scenario.actions, action] }, () => cursor, {}, 'the action');
    },
    removeAction(index) {
      const { scenario, ownActionCount } = get();
      if (!Number.isInteger(index) || index < 0 || index >= scenario.actions.length) return;
      const actions = scenario.actions.filter((_, i) => i !== index);
      run.commit({ ...scenario, actions }, run.keepPlace(), {
        ownActionCount: index < ownActionCount ? ownActionCount - 1 : ownActionCount,
      });
    },
    replaceAction(index, action) {
      const { scenario } = get();
      if (!Number.isInteger(index) || index < 0 || index >= scenario.actions.length) return false;
      const actions = scenario.actions.map((a, i) => (i === index ? action : a));
      return run.commit({ ...scenario, actions }, run.keepPlace(), {}, 'the edited action');
    },
    clearYourActions() {
      const { scenario, ownActionCount } = get();
      run.commit({ ...scenario, actions: scenario.actions.slice(0, ownActionCount) }, run.keepPlace());
    },
  };
}

/** The document slice of a store opened on `scenario`, whose run is `trace`. */
export function documentSlice(set: SetLab, get: GetLab, run: Run, scenario: Scenario, trace: Trace): DocumentSlice {
  return {
    ...openedDocument(scenario, trace),
    ...openActions(set, get, run),
    ...settingActions(set, get, run),
    ...timedActionEdits(get, run),
  };
}
