// @vitest-environment jsdom
// The what-if form: the question loads as one undoable change; a lease of 0 or a word
// where seconds belong is said beside its field and loads nothing.
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
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

/** Presses Run and waits until the placements have all run and the status says how it went. */
const run = async (container: HTMLElement) => {
  act(() => container.querySelector('form')!.requestSubmit());
  const status = container.querySelector('.whatif-status')!;
  await vi.waitFor(() => expect(status.textContent).not.toMatch(/^Trying/), { timeout: 20_000, interval: 20 });
};

/** Picks what goes wrong, as a change of the form's first list. */
const pickFault = (container: HTMLElement, value: string) => {
  const fault = container.querySelector<HTMLSelectElement>('select')!;
  act(() => {
    fault.value = value;
    fault.dispatchEvent(new Event('change', { bubbles: true }));
  });
};

describe('WhatIfForm', () => {
  it("loads the issue's what-if as one change, which undo takes back", async () => {
    const store = canonical();
    const container = renderInLab(store, <WhatIfForm code={ALL_CODE} />);
    expect(container.querySelector('.whatif-preview')!.textContent).toBe(
      'Will run: Client1 pauses for 30 s with a 10 s lease; Client2 asks at 11 s.',
    );
    await run(container);
    const { scenario, past, error } = store.getState();
    expect(error).toBeNull();
    expect(scenario).toMatchObject({ name: 'Client1 pauses for 30 s with a 10 s lease; Client2 asks at 11 s' });
    expect(scenario.knobs.leaseTtlMs).toBe(10_000);
    expect(container.querySelector('[role="status"]')!.textContent).toBe(
      'Safe under Fencing token (generic pattern) only because the store turned a stale write away; it came when the pause starts at 0.1 s (the worst of 6 placements tried). Loaded. “Undo last change” at the top puts back the run before.',
    );
    expect(past).toHaveLength(1);
    act(() => store.getState().undo());
    expect(store.getState().scenario.name).toBe('The canonical race');
  });

  it('reads the fields in seconds, and the fault and strategy from their pickers', async () => {
    const store = canonical();
    const container = renderInLab(store, <WhatIfForm code={ALL_CODE} />);
    pickFault(container, 'server-clock-jump');
    type(field(container, /How far its clock jumps/), '2.5');
    type(field(container, /When Client2 asks/), '0,5');
    await run(container);
    const { scenario } = store.getState();
    expect(scenario.name).toBe("The lock service's clock jumps 2.5 s forward with a 10 s lease; Client2 asks at 0.5 s");
    expect(scenario.actions).toContainEqual({ atMs: 100, type: 'clockJump', party: 'LockService', deltaMs: 2500 });
  });

  it("takes a client's clock jumping back, the dangerous direction, and says so", async () => {
    const store = canonical();
    const container = renderInLab(store, <WhatIfForm code={ALL_CODE} />);
    pickFault(container, 'client-clock-jump');
    const story = () => container.querySelector('.whatif-story')!.textContent;
    expect(story()).toMatch(/the safe direction/);
    expect(container.textContent).toContain('Forward; a negative number jumps it back.');
    type(field(container, /How far Client1’s clock jumps/), '-30');
    expect(story()).toMatch(/only a check at the store stops it/);
    await run(container);
    const { scenario } = store.getState();
    expect(scenario.name).toBe("Client1's clock jumps 30 s back with a 10 s lease; Client2 asks at 11 s");
    expect(scenario.actions).toContainEqual({ atMs: 100, type: 'clockJump', party: 'Client1', deltaMs: -30_000 });
  });

  it("asks Client2 in at 2 s for a jump of the lock server's clock, where the danger is, unless a time was typed", async () => {
    const store = canonical();
    const container = renderInLab(store, <WhatIfForm code={ALL_CODE} />);
    const pick = (value: string) => pickFault(container, value);
    const asks = () => field(container, /When Client2 asks/);
    pick('server-clock-jump');
    expect(asks().value).toBe('2');
    expect(container.querySelector('.whatif-story')!.textContent).toMatch(/while Client1 still believes it holds it/);
    await run(container);
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

  it('under a watchdog that never tells Client1, opens the worst placement (the pause just before a renewal) and says which it was', async () => {
    const store = canonical();
    const container = renderInLab(store, <WhatIfForm code={ALL_CODE} />);
    const select = (label: RegExp, value: string) => {
      const el = field(container, label) as unknown as HTMLSelectElement;
      act(() => {
        el.value = value;
        el.dispatchEvent(new Event('change', { bubbles: true }));
      });
    };
    select(/Lock design/, 'lease-trust');
    select(/When Client1 stops acting/, 'never');
    const keepalive = [...container.querySelectorAll('label')].find((l) =>
      /renews the lease/.test(l.textContent ?? ''),
    )!;
    act(() => keepalive.querySelector('input')!.click());
    type(field(container, /How long Client1 freezes/), '20.2');
    type(field(container, /How long a lease lasts/), '30');
    await run(container);
    const { scenario } = store.getState();
    expect(scenario.name).toBe(
      'Client1 pauses for 20.2 s at 9.9 s with a 30 s lease, renewed; Client2 asks at 11 s; Client1 is never told',
    );
    expect(container.querySelector('.whatif-status')!.textContent).toMatch(
      /^Unsafe under Lease \+ trust the client when the pause starts at 9\.9 s, just before a renewal: a stale write got in/,
    );
    expect(container.querySelector('.whatif-preview')!.textContent).toBe(`Showing: ${scenario.name}.`);
  });

  it.each([
    [/How long a lease lasts/, '0', 'The lease must be more than 0 s (got 0 s).'],
    [/How long Client1 freezes/, 'abc', 'Enter a number of seconds, such as 30 or 0.5.'],
    [/When Client2 asks/, '-1', 'The time Client2 asks cannot be before the start (got -1 s).'],
  ])('%s = %j: says so beside the field and loads nothing', async (label, value, sentence) => {
    const store = canonical();
    const container = renderInLab(store, <WhatIfForm code={ALL_CODE} />);
    const input = field(container, label);
    type(input, value);
    await run(container);
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
