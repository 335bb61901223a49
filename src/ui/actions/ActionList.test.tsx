// @vitest-environment jsdom
// Editing a timed action in the list: Save replaces it (undoably), Cancel and Escape leave it, and
// a field the action cannot take is pointed out before anything is saved.
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { findPreset } from '../../engine';
import { createLabStore } from '../store/labStore';
import { renderInLab } from '../testing/renderInLab';
import { ActionList } from './ActionList';
import { ALL_CODE } from '../store/code/allCode';

function type(input: HTMLInputElement, value: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

function openEdit(container: HTMLElement, name: RegExp): HTMLFormElement {
  const button = [...container.querySelectorAll('button')].find((b) => name.test(b.getAttribute('aria-label') ?? ''));
  if (!button) throw new Error(`no button ${String(name)}`);
  act(() => button.click());
  expect(button.getAttribute('aria-expanded')).toBe('true');
  return container.querySelector<HTMLFormElement>('form.edit-action')!;
}

const input = (form: HTMLFormElement, label: string): HTMLInputElement => {
  const l = [...form.querySelectorAll('label')].find((x) => x.textContent === label)!;
  return document.getElementById(l.htmlFor) as HTMLInputElement;
};

describe('editing a timed action', () => {
  it("saves a pause's new length in place of the old, and undo puts it back", () => {
    const store = createLabStore(findPreset('canonical-race')!.scenario, { code: ALL_CODE });
    const container = renderInLab(store, <ActionList />);
    const form = openEdit(container, /^Edit: Client1 pauses for 2500 ms at 100 ms$/);
    expect(form.getAttribute('aria-label')).toBe('Edit: Client1 pauses for 2500 ms at 100 ms');
    expect(document.activeElement).toBe(input(form, 'Time (ms)'));
    type(input(form, 'For (ms, empty = until resumed)'), '500');
    act(() => form.requestSubmit());
    expect(container.querySelector('form.edit-action')).toBeNull();
    expect(store.getState().scenario.actions[1]).toEqual({
      atMs: 100,
      type: 'pause',
      client: 'Client1',
      durationMs: 500,
    });
    expect(container.textContent).toContain('Client1 pauses for 500 ms');
    act(() => store.getState().undo());
    expect(store.getState().scenario.actions[1]).toMatchObject({ durationMs: 2500 });
  });

  it('Cancel and Escape close it and change nothing', () => {
    const store = createLabStore(findPreset('canonical-race')!.scenario, { code: ALL_CODE });
    const container = renderInLab(store, <ActionList />);
    let form = openEdit(container, /^Edit: Client2 writes X/);
    type(input(form, 'Time (ms)'), '5');
    act(() => [...form.querySelectorAll('button')].find((b) => b.textContent === 'Cancel')!.click());
    expect(container.querySelector('form.edit-action')).toBeNull();
    form = openEdit(container, /^Edit: Client2 writes X/);
    act(() => {
      input(form, 'Time (ms)').dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(container.querySelector('form.edit-action')).toBeNull();
    expect(store.getState().past).toHaveLength(0);
  });

  it('points out a time that is not a whole number and saves nothing', () => {
    const store = createLabStore(findPreset('canonical-race')!.scenario, { code: ALL_CODE });
    const container = renderInLab(store, <ActionList />);
    const form = openEdit(container, /^Edit: Client2 writes X/);
    const time = input(form, 'Time (ms)');
    type(time, '1.5');
    act(() => form.requestSubmit());
    expect(time.getAttribute('aria-invalid')).toBe('true');
    expect(form.textContent).toContain('Enter a whole number of milliseconds.');
    expect(store.getState().past).toHaveLength(0);
  });
});
