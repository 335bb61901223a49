// @vitest-environment jsdom
// The scenario list names the preset the run came from, and, when the run is under another
// system, that system: never the preset's own system in brackets beside another's run.
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { findPreset } from '../../engine';
import { createLabStore } from '../store/labStore';
import { renderInLab } from '../testing/renderInLab';
import { PresetPicker } from './PresetPicker';
import { ALL_CODE } from '../store/code/allCode';

const shown = (container: HTMLElement) => {
  const select = container.querySelector('select')!;
  return select.options[select.selectedIndex]!.textContent;
};

describe('PresetPicker', () => {
  it('says the system a preset runs under, carried and then changed too', () => {
    const store = createLabStore(findPreset('canonical-race')!.scenario, { code: ALL_CODE });
    const container = renderInLab(store, <PresetPicker />);
    expect(shown(container)).toBe('The canonical race (fencing token)');
    act(() => store.getState().setStrategy('redlock'));
    expect(shown(container)).toBe('Under Redlock (Redis multi-master): The canonical race');
    // Found by a docs author: a knob changed as well, it read "Changed: The canonical race (fencing token)".
    act(() => store.getState().setKnob('leaseTtlMs', 1500));
    expect(shown(container)).toBe('Changed, under Redlock (Redis multi-master): The canonical race');
    act(() => store.getState().setStrategy('fencing'));
    expect(shown(container)).toBe('Changed: The canonical race (fencing token)');
  });
});
