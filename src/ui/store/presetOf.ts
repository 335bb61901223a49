// Which preset a scenario is: the one the lab opens by default, the preset a scenario came from,
// and whether it still matches that preset (a shared link to a changed preset says so).

import { PRESETS, findPreset, validateScenario, type Scenario } from '../../engine';

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
export function presetOf(scenario: Scenario): string | null {
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
