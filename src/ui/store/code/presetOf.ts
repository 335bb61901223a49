// Which preset a scenario is: the one the lab opens by default, the preset a scenario came from,
// and whether it still matches that preset (a shared link to a changed preset says so), or that
// preset carried to another strategy and nothing more (a link says that in two words too).

import { carryTo, findStrategy, validateScenario, type Scenario } from '../../../engine';
import { knownPreset, knownPresets } from './presets';

export const DEFAULT_PRESET_ID = 'canonical-race';

/** The scenario the lab opens with: the default preset's. */
export function defaultScenario(): Scenario {
  const preset = knownPreset(DEFAULT_PRESET_ID);
  if (!preset) throw new Error(`Fencelab: the page has no preset "${DEFAULT_PRESET_ID}" to open.`);
  return preset.scenario;
}

/**
 * The preset a scenario came from, recognised by its name and description (presets have distinct
 * names), so a run the user renamed or described (describe()) opens as theirs, not as a preset.
 * Among the presets the page holds (presets.ts): what opens a scenario from anywhere fetches them
 * all first.
 */
export function presetOf(scenario: Pick<Scenario, 'name' | 'description'>): string | null {
  for (const p of knownPresets())
    if (p.scenario.name === scenario.name && p.scenario.description === scenario.description) return p.id;
  return null;
}

/** A preset as the store holds it (validated), and its text to compare a scenario with. */
interface Canonical {
  scenario: Scenario;
  text: string;
}
/** By `presetId|strategy`; null where the preset cannot be run under the strategy. */
const canonical = new Map<string, Canonical | null>();

/**
 * The preset `presetId` as the store holds it, under its own strategy or carried to `strategy`
 * (validated, as setStrategy commits it). Cached. Null for an unknown preset or strategy.
 */
function canonicalOf(presetId: string, strategy?: string): Canonical | null {
  const preset = knownPreset(presetId);
  if (!preset) return null;
  const to = strategy ?? preset.scenario.strategy;
  const key = `${presetId}|${to}`;
  let found = canonical.get(key);
  if (found === undefined) {
    found = null;
    const own = validateScenario(preset.scenario);
    if (own.ok && to === own.scenario.strategy) found = { scenario: own.scenario, text: JSON.stringify(own.scenario) };
    else if (own.ok && findStrategy(to)) {
      const carried = validateScenario(carryTo(own.scenario, to).scenario);
      if (carried.ok) found = { scenario: carried.scenario, text: JSON.stringify(carried.scenario) };
    }
    canonical.set(key, found);
  }
  return found;
}

export function differsFromPreset(scenario: Scenario, presetId: string): boolean {
  return JSON.stringify(scenario) !== canonicalOf(presetId)?.text;
}

/**
 * `scenario` is the preset `presetId` carried to its strategy and changed in nothing else (the
 * store's validated form, as setStrategy commits it). False for the preset's own strategy: that
 * is the preset itself (see differsFromPreset).
 */
export function isPresetUnder(scenario: Scenario, presetId: string): boolean {
  const known = under.get(scenario);
  if (known?.presetId === presetId) return known.is;
  const preset = knownPreset(presetId);
  const is =
    preset !== undefined &&
    preset.scenario.strategy !== scenario.strategy &&
    JSON.stringify(scenario) === canonicalOf(presetId, scenario.strategy)?.text;
  under.set(scenario, { presetId, is });
  return is;
}
/**
 * isPresetUnder's answers by scenario (the store never changes a scenario in place): the intro,
 * the picker, the embed code and the address bar ask of the same one, compared once.
 */
const under = new WeakMap<Scenario, { presetId: string; is: boolean }>();

/** The strategy the open preset was carried to and nothing more, or null (see isPresetUnder). */
export const carriedToOf = ({ scenario, presetId }: { scenario: Scenario; presetId: string | null }): string | null =>
  presetId !== null && isPresetUnder(scenario, presetId) ? scenario.strategy : null;

/**
 * Whether the open run is its preset with nothing changed but, at most, its strategy (`edited`,
 * the store's, says whether it differs from the preset as it ships): the store carries such a run
 * afresh from the preset, and the embed's events call any other run of a preset edited.
 */
export const isPresetAsShipped = (s: { scenario: Scenario; presetId: string | null; edited: boolean }): boolean =>
  s.presetId !== null && (!s.edited || carriedToOf(s) !== null);

/**
 * The preset `presetId` carried to `strategy`, validated: what a link `#preset=ID&strategy=S`
 * opens. Null for an unknown preset or strategy.
 */
export function presetUnder(presetId: string, strategy: string): Scenario | null {
  return canonicalOf(presetId, strategy)?.scenario ?? null;
}
