// @vitest-environment jsdom
// The rename form: saving what it opened with changes nothing; a new name makes the run the user's.
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { findPreset } from '../../engine';
import { createLabStore } from '../store/labStore';
import { renderInLab } from '../testing/renderInLab';
import { DescribeForm } from './DescribeForm';
import { ALL_CODE } from '../store/code/allCode';

const submit = (form: HTMLFormElement) => act(() => form.requestSubmit());

describe('DescribeForm', () => {
  it('leaves a preset alone when saved unchanged, and closes', () => {
    const store = createLabStore(findPreset('canonical-race')!.scenario, { code: ALL_CODE });
    const onClose = vi.fn();
    const form = renderInLab(store, <DescribeForm onClose={onClose} />).querySelector('form')!;
    submit(form);
    expect(onClose).toHaveBeenCalledOnce();
    expect(store.getState().past).toHaveLength(0);
    expect(store.getState().presetId).toBe('canonical-race');
  });

  it("saves a new name as the user's own scenario, with the text the intro showed", () => {
    const store = createLabStore(findPreset('canonical-race')!.scenario, { code: ALL_CODE });
    const container = renderInLab(store, <DescribeForm onClose={() => {}} />);
    const name = container.querySelector('input')!;
    act(() => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(name, 'Class 3');
      name.dispatchEvent(new Event('input', { bubbles: true }));
    });
    submit(container.querySelector('form')!);
    expect(store.getState().scenario.name).toBe('Class 3');
    expect(store.getState().scenario.description).toBe(findPreset('canonical-race')!.summary);
    expect(store.getState().presetId).toBeNull();
  });
});
