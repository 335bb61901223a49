// @vitest-environment jsdom
// The intro beside a run: once a knob makes the run differ from its preset, the preset's own story
// (canonical-race: "33 <= 34") is shown only as the preset as it ships, never as this run's.
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { findPreset } from '../../engine';
import { createLabStore } from '../store/labStore';
import { renderInLab } from '../testing/renderInLab';
import { ALL_CODE } from '../store/code/allCode';
import { ScenarioIntro } from './ScenarioIntro';

describe('the scenario intro after a knob change', () => {
  it("marks the run changed and frames the preset's story as the preset as it ships", () => {
    const store = createLabStore(findPreset('canonical-race')!.scenario, { code: ALL_CODE });
    const container = renderInLab(store, <ScenarioIntro />);
    const intro = () => container.querySelector('p')!.textContent!;
    expect(intro()).not.toContain('(changed)');
    act(() => store.getState().setKnob('check', 'equal'));
    expect(store.getState().error).toBeNull();
    const stale = store.getState().trace.steps.find((s) => s.write?.stale);
    expect(stale?.write?.comparison).toMatch(/^33 != 34/);
    expect(intro()).toContain('(changed)');
    // The shipped story's "33 <= 34" comes only after the words that say it is the preset's.
    const framing = intro().indexOf('The preset as it ships:');
    expect(framing).toBeGreaterThan(-1);
    expect(intro().indexOf('33 <= 34')).toBeGreaterThan(framing);
    expect(intro()).toContain('the narration and the verdict follow your run');
    // Put back, the preset is itself again and its story is the run's.
    act(() => store.getState().setKnob('check', undefined));
    expect(intro()).not.toContain('(changed)');
  });
});
