// The presets the page holds. The default run's file of them (the canonical race, the same race
// with a plain lease, the slow network) comes with the page, as every page starts from the
// default run; the other presets (37 of 40, 7.8 kB gzipped) come in one file, fetched when
// first needed: the lab's view as it is shown (its picker names any preset), a lesson as it opens
// (its steps do), a link that names one, an embed only when its link or a command names one of
// them (the page's starter asks for the file early for such a link: boot/starter.ts).
// Invariant: the store asks only for a preset known here; whatever opens a preset by its id
// fetches it first (fetchPreset), and whatever may open any scenario (a link's `s=`, a file, a
// command's scenario) fetches them all first (loadAllPresets), so presetOf can tell a preset.

import { DEFAULT_RUN_PRESETS, type Preset } from '../../../engine';

/** The presets that come with the page. */
export const PAGE_PRESETS: readonly Preset[] = DEFAULT_RUN_PRESETS;

const known = new Map<string, Preset>(PAGE_PRESETS.map((preset) => [preset.id, preset]));

let everyPreset: Promise<readonly Preset[]> | null = null;

/** Why a preset could not be had, in the words a link's or a command's message uses. */
export const PRESETS_UNFETCHED =
  'the page could not fetch its presets (offline, or the site was updated since the page was opened)';

/** The preset `id`, if the page holds it (it came with the page, or loadAllPresets has settled). */
export function knownPreset(id: string): Preset | undefined {
  return known.get(id);
}

/** Every preset the page holds so far, in no particular order. */
export function knownPresets(): IterableIterator<Preset> {
  return known.values();
}

/**
 * Every preset (the engine's PRESETS, in the picker's order), fetched once and then known here.
 * Rejects with the fetch's error when the file cannot be had (offline, or the site was updated
 * since the page opened); a later call tries again.
 */
export function loadAllPresets(): Promise<readonly Preset[]> {
  everyPreset ??= import('../../../engine/surfaces/presets').then(
    ({ PRESETS }) => {
      for (const preset of PRESETS) known.set(preset.id, preset);
      return PRESETS;
    },
    (error: unknown) => {
      everyPreset = null;
      throw error;
    },
  );
  return everyPreset;
}

/**
 * The preset `id`: at once if the page holds it, else once every preset has been fetched.
 * Undefined for an id no preset has; rejects as loadAllPresets does.
 */
export async function fetchPreset(id: string): Promise<Preset | undefined> {
  return known.get(id) ?? (await loadAllPresets()).find((preset) => preset.id === id);
}
