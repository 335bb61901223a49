// The presets a page holds: its own three at once, the others once fetched; and a link to one of
// the page's own opens without fetching the others (what an embed of the canonical race relies on
// to draw without the file of the other 37).

import { describe, expect, it } from 'vitest';
import { PRESETS } from '../../../engine';
import { PAGE_PRESETS, fetchPreset, knownPreset, loadAllPresets } from './presets';
import { decodeHash } from '../link/url';
import { DEFAULT_PRESET_ID, defaultScenario, presetOf } from './presetOf';

describe('the presets a page holds', () => {
  // In order: the module's state (what has been fetched) is the page's, shared by the tests here.
  it('holds its own presets, the default run among them, before anything is fetched', async () => {
    expect(PAGE_PRESETS.map((p) => p.id)).toContain(DEFAULT_PRESET_ID);
    expect(defaultScenario()).toBe(PRESETS.find((p) => p.id === DEFAULT_PRESET_ID)!.scenario);
    for (const preset of PAGE_PRESETS) {
      expect(knownPreset(preset.id)).toBe(preset);
      const decoded = await decodeHash(`#preset=${preset.id}&step=2`);
      expect(decoded).toMatchObject({ kind: 'ok', presetId: preset.id, scenario: preset.scenario, cursor: 2 });
      expect(presetOf(preset.scenario)).toBe(preset.id);
    }
    // Opening them fetched nothing more.
    expect(knownPreset('etcd-race')).toBeUndefined();
    expect(presetOf(PRESETS.find((p) => p.id === 'etcd-race')!.scenario)).toBeNull();
  });

  it('fetches the others for a link that names one of them, and then holds every preset', async () => {
    const decoded = await decodeHash('#preset=etcd-race&step=t4');
    expect(decoded).toMatchObject({ kind: 'ok', presetId: 'etcd-race', stepLabel: 't4' });
    for (const preset of PRESETS) {
      expect(knownPreset(preset.id), preset.id).toBe(preset);
      expect(presetOf(preset.scenario), preset.id).toBe(preset.id);
    }
    expect(await loadAllPresets()).toBe(PRESETS);
  });

  it('answers an id no preset has with nothing, and a link naming one with a message', async () => {
    expect(await fetchPreset('no-such-preset')).toBeUndefined();
    expect(await fetchPreset('zookeeper-race')).toBe(PRESETS.find((p) => p.id === 'zookeeper-race'));
    expect(await decodeHash('#preset=no-such-preset')).toEqual({
      kind: 'error',
      message: 'The link names a preset "no-such-preset" that does not exist.',
    });
  });
});
