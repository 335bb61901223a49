// @vitest-environment jsdom
// The what-if form: the question loads as one undoable change; a lease of 0 or a word
// where seconds belong is said beside its field and loads nothing.
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { findPreset } from '../../engine';
import { compareStrategies } from '../../engine/surfaces/comparison';
import { createLabStore } from '../store/labStore';
import { renderInLab } from '../testing/renderInLab';
import { WhatIfForm } from './WhatIfForm';
import { ALL_CODE, ALL_SIMULATOR } from '../store/code/allCode';

const canonical = () => createLabStore(findPreset('canonical-race')!.scenario, { code: ALL_CODE });

function type(input: HTMLInputElement, value: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const field = (container: HTMLElement, label: RegExp): HTMLInputElement => {
  const l = [...container.querySelectorAll('label')].find((x) => label.test(x.textContent ?? ''));
  if (!l) throw new Error(`no field ${String(label)}`);
  return document.getElementById(l.htmlFor) as HTMLInputElement;
};

const run = (container: HTMLElement) => act(() => container.querySelector('form')!.requestSubmit());

/** Picks what goes wrong, as a change of the form's first list. */
const pickFault = (container: HTMLElement, value: string) => {
  const fault = container.querySelector<HTMLSelectElement>('select')!;
  act(() => {
    fault.value = value;
    fault.dispatchEvent(new Event('change', { bubbles: true }));
  });
};

describe('WhatIfForm', () => {
  it("loads the issue's what-if as one change, which undo takes back", () => {
    const store = canonical();
    const container = renderInLab(store, <WhatIfForm />);
    expect(container.querySelector('.whatif-preview')!.textContent).toBe(
      'Will run: Client1 pauses for 30 s with a 10 s lease; Client2 asks at 11 s.',
    );
    run(container);
    const { scenario, past, error } = store.getState();
    expect(error).toBeNull();
    expect(scenario).toMatchObject({ name: 'Client1 pauses for 30 s with a 10 s lease; Client2 asks at 11 s' });
    expect(scenario.knobs.leaseTtlMs).toBe(10_000);
    expect(container.querySelector('[role="status"]')!.textContent).toMatch(/^Loaded\./);
    expect(past).toHaveLength(1);
    act(() => store.getState().undo());
    expect(store.getState().scenario.name).toBe('The canonical race');
  });

  it('reads the fields in seconds, and the fault and strategy from their pickers', () => {
    const store = canonical();
    const container = renderInLab(store, <WhatIfForm />);
    pickFault(container, 'server-clock-jump');
    type(field(container, /How far its clock jumps/), '2.5');
    type(field(container, /When Client2 asks/), '0,5');
    run(container);
    const { scenario } = store.getState();
    expect(scenario.name).toBe("The lock service's clock jumps 2.5 s forward with a 10 s lease; Client2 asks at 0.5 s");
    expect(scenario.actions).toContainEqual({ atMs: 100, type: 'clockJump', party: 'LockService', deltaMs: 2500 });
  });

  it("takes a client's clock jumping back, the dangerous direction, and says so", () => {
    const store = canonical();
    const container = renderInLab(store, <WhatIfForm />);
    pickFault(container, 'client-clock-jump');
    const story = () => container.querySelector('.whatif-story')!.textContent;
    expect(story()).toMatch(/the safe direction/);
    expect(container.textContent).toContain('Forward; a negative number jumps it back.');
    type(field(container, /How far Client1’s clock jumps/), '-30');
    expect(story()).toMatch(/only a check at the store stops it/);
    run(container);
    const { scenario } = store.getState();
    expect(scenario.name).toBe("Client1's clock jumps 30 s back with a 10 s lease; Client2 asks at 11 s");
    expect(scenario.actions).toContainEqual({ atMs: 100, type: 'clockJump', party: 'Client1', deltaMs: -30_000 });
  });

  it("asks Client2 in at 2 s for a jump of the lock server's clock, where the danger is, unless a time was typed", () => {
    const store = canonical();
    const container = renderInLab(store, <WhatIfForm />);
    const pick = (value: string) => pickFault(container, value);
    const asks = () => field(container, /When Client2 asks/);
    pick('server-clock-jump');
    expect(asks().value).toBe('2');
    expect(container.querySelector('.whatif-story')!.textContent).toMatch(/while Client1 still believes it holds it/);
    run(container);
    // Under a plain lease the stale write now gets in: the what-if shows the danger it names.
    expect(store.getState().scenario.name).toMatch(/Client2 asks at 2 s$/);
    const rows = compareStrategies(store.getState().scenario, ALL_SIMULATOR);
    expect(rows.find((r) => r.strategy === 'lease-trust')!.staleWriteBlocked).toBe(false);
    pick('pause');
    expect(asks().value).toBe('11');
    type(asks(), '4');
    pick('server-clock-jump');
    expect(asks().value).toBe('4');
    pick('client-clock-jump');
    expect(container.querySelector('.whatif-story')!.textContent).toMatch(/the safe direction/);
  });

  it.each([
    [/How long a lease lasts/, '0', 'The lease must be more than 0 s (got 0 s).'],
    [/How long Client1 freezes/, 'abc', 'Enter a number of seconds, such as 30 or 0.5.'],
    [/When Client2 asks/, '-1', 'The time Client2 asks cannot be before the start (got -1 s).'],
  ])('%s = %j: says so beside the field and loads nothing', (label, value, sentence) => {
    const store = canonical();
    const container = renderInLab(store, <WhatIfForm />);
    const input = field(container, label);
    type(input, value);
    run(container);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby')!.split(' ').at(-1)!)!.textContent).toBe(
      sentence,
    );
    expect(document.activeElement).toBe(input);
    expect(store.getState().scenario.name).toBe('The canonical race');
    expect(store.getState().past).toHaveLength(0);
    // The button's press is answered where a pressed button is looked at, not only at the field.
    const status = container.querySelector('.whatif-status')!;
    expect(status.textContent).toMatch(/^Not run: fix the field marked above/);
    type(input, '5');
    expect(status.textContent).toBe('');
  });
});
