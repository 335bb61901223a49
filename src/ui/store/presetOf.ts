// Which preset a scenario is: the one the lab opens by default, the preset a scenario came from,
// and whether it still matches that preset (a shared link to a changed preset says so), or that
// preset carried to another strategy and nothing more (a link says that in two words too).

import { PRESETS, carryTo, findPreset, validateScenario, type Scenario } from '../../engine';

export const DEFAULT_PRESET_ID = 'canonical-race';

/** The scenario the lab opens with: the default preset's. */
export function defaultScenario(): Scenario {
  const preset = findPreset(DEFAULT_PRESET_ID) ?? PRESETS[0];
  if (!preset) throw new Error('Fencelab: the engine has no presets to open.');
  return preset.scenario;
}

/**
 * The preset a scenario came from, recognised by its name and description (presets have distinct
 * names), so a run the user renamed or described (describe()) opens as theirs, not as a preset.
 */
export function presetOf(scenario: Pick<Scenario, 'name' | 'description'>): string | null {
  return (
    PRESETS.find((p) => p.scenario.name === scenario.name && p.scenario.description === scenario.description)?.id ??
    null
  );
}

/** Each preset's scenario as the validator writes it, to compare a scenario with it. */
const presetTexts = new Map<string, string>();
export function differsFromPreset(scenario: Scenario, presetId: string): boolean {
  let text = presetTexts.get(presetId);
  if (text === undefined) {
    const preset = findPreset(presetId);
    const checked = preset ? validateScenario(preset.scenario) : null;
    text = checked?.ok ? JSON.stringify(checked.scenario) : '';
    presetTexts.set(presetId, text);
  }
  return JSON.stringify(scenario) !== text;
}

/** Each preset carried to a strategy, as the store would hold it after setStrategy. */
const carriedTexts = new Map<string, string | null>();

/**
 * `scenario` is the preset `presetId` carried to its strategy and changed in nothing else (the
 * store's validated form, as setStrategy commits it). False for the preset's own strategy: that
 * is the preset itself (see differsFromPreset).
 */
export function isPresetUnder(scenario: Scenario, presetId: string): boolean {
  const preset = findPreset(presetId);
  if (!preset || preset.scenario.strategy === scenario.strategy) return false;
  return JSON.stringify(scenario) === presetTextUnder(presetId, scenario.strategy);
}

/**
 * The preset `presetId` carried to `strategy`, validated: what a link `#preset=ID&strategy=S`
 * opens. Null for an unknown preset; throws (carryTo's Error) for an unknown strategy.
 */
export function presetUnder(presetId: string, strategy: string): Scenario | null {
  const preset = findPreset(presetId);
  if (!preset) return null;
  const own = validateScenario(preset.scenario);
  if (!own.ok) return null;
  const carried = validateScenario(carryTo(own.scenario, strategy).scenario);
  return carried.ok ? carried.scenario : null;
}

function presetTextUnder(presetId: string, strategy: string): string | null {
  const key = `${presetId}|${strategy}`;
  let text = carriedTexts.get(key);
  if (text === undefined) {
    let scenario: Scenario | null = null;
    try {
      scenario = presetUnder(presetId, strategy);
    } catch {
      // An unknown strategy: no preset is carried to it.
    }
    text = scenario && JSON.stringify(scenario);
    carriedTexts.set(key, text);
  }
  return text;
}
