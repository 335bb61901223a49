// @vitest-environment jsdom
// The lab's knobs for a store fenced at takeover and the equality check: offered only where a run
// can use them, and each changes the run a person sees.
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { findPreset } from '../../engine';
import { createLabStore } from '../store/labStore';
import { renderInLab, unmountAll } from '../testing/renderInLab';
import { KnobPicker } from './KnobPicker';
import { TAKEOVER_LABEL } from './TakeoverField';
import { ALL_CODE } from '../store/code/allCode';

function lab(preset: string, strategy?: string) {
  const store = createLabStore(findPreset(preset)!.scenario, { code: ALL_CODE });
  if (strategy) store.getState().setStrategy(strategy);
  const container = renderInLab(store, <KnobPicker />);
  const control = <T extends HTMLElement>(text: string) =>
    ([...container.querySelectorAll('label')].find((l) => l.textContent === text)?.control ?? null) as T | null;
  return { store, container, control };
}

const click = (box: HTMLInputElement) => act(() => box.click());
const choose = (select: HTMLSelectElement, value: string) =>
  act(() => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
const fenced = (store: ReturnType<typeof lab>['store']) =>
  store.getState().trace.steps.filter((s) => s.kind === 'store.fenced').length;

describe('the store fenced at takeover, as a checkbox', () => {
  it('is offered under the generic lock service only, not under systems whose clients cannot fence', () => {
    for (const strategy of ['fencing', 'lease-trust']) {
      expect(lab('canonical-race', strategy).control(TAKEOVER_LABEL), strategy).not.toBeNull();
      unmountAll();
    }
    for (const strategy of ['zookeeper', 'etcd', 'chubby', 'qjm', 'redlock', 'redis-watchdog']) {
      expect(lab('canonical-race', strategy).control(TAKEOVER_LABEL), strategy).toBeNull();
      unmountAll();
    }
  });

  it('ticked, the new holder fences the store before it writes; unticked, the knob is left out again', () => {
    const { store, control, container } = lab('canonical-race');
    const box = control<HTMLInputElement>(TAKEOVER_LABEL)!;
    expect(box.checked).toBe(false);
    expect(fenced(store)).toBe(0);
    click(box);
    expect(store.getState().scenario.knobs.fenceAtTakeover).toBe(true);
    expect(store.getState().error).toBeNull();
    expect(fenced(store)).toBeGreaterThan(0);
    expect(container.textContent).toContain(
      'a stale write that arrives before the new holder’s first write is refused',
    );
    click(control<HTMLInputElement>(TAKEOVER_LABEL)!);
    expect(store.getState().scenario.knobs.fenceAtTakeover).toBeUndefined();
    expect(fenced(store)).toBe(0);
  });

  it('cannot be ticked where the run has no token to give, and says why', () => {
    const { store, control, container } = lab('canonical-race', 'lease-trust');
    const box = control<HTMLInputElement>(TAKEOVER_LABEL)!;
    expect(box.disabled).toBe(true);
    expect(container.textContent).toContain('It needs a token to give: pick a token source first.');
    expect(store.getState().scenario.knobs.fenceAtTakeover).toBeUndefined();
  });

  it('is dropped, with a note, when the run is carried to a system that cannot fence', () => {
    const { store, control } = lab('canonical-race');
    click(control<HTMLInputElement>(TAKEOVER_LABEL)!);
    act(() => store.getState().setStrategy('zookeeper'));
    expect(store.getState().error).toBeNull();
    expect(store.getState().scenario.knobs.fenceAtTakeover).toBeUndefined();
  });
});

describe('the equality check', () => {
  it('is offered under the generic lock service, and picked it fences the store and ticks the box for good', () => {
    const { store, control } = lab('canonical-race');
    const check = control<HTMLSelectElement>('Resource check')!;
    const option = [...check.options].find((o) => o.value === 'equal');
    expect(option?.textContent).toBe('equal to the current holder’s token');
    choose(check, 'equal');
    expect(store.getState().error).toBeNull();
    expect(store.getState().scenario.knobs.check).toBe('equal');
    expect(fenced(store)).toBeGreaterThan(0);
    const box = control<HTMLInputElement>(TAKEOVER_LABEL)!;
    expect(box.checked).toBe(true);
    expect(box.disabled).toBe(true);
    // The zombie's stale write is refused as not the current holder's token.
    const stale = store.getState().trace.steps.find((s) => s.write?.stale);
    expect(stale?.write?.verdict).toBe('rejected');
    expect(stale?.write?.comparison).toMatch(/ != .* -> REJECT$/);
  });

  it('is greyed with the reason where the run has no token to give, and offered again once it has one', () => {
    const { store, control, container } = lab('lease-trust-race');
    const check = control<HTMLSelectElement>('Resource check')!;
    const option = () => [...check.options].find((o) => o.value === 'equal')!;
    expect(option().disabled).toBe(true);
    expect(option().textContent).toContain('needs a token source');
    expect(container.textContent).toContain(
      '“equal to the current holder’s token” needs a token to give: pick a token source first.',
    );
    choose(control<HTMLSelectElement>('Token source')!, 'durable-counter');
    expect(option().disabled).toBe(false);
    choose(check, 'equal');
    expect(store.getState().error).toBeNull();
    expect(store.getState().scenario.knobs.check).toBe('equal');
    expect(fenced(store)).toBeGreaterThan(0);
  });

  it('is not offered under systems that cannot give the store the current token', () => {
    for (const strategy of ['zookeeper', 'etcd', 'chubby', 'redlock', 'redis-watchdog']) {
      const check = lab('canonical-race', strategy).control<HTMLSelectElement>('Resource check')!;
      expect(
        [...check.options].map((o) => o.value),
        strategy,
      ).not.toContain('equal');
      unmountAll();
    }
  });
});

describe('the renewal period', () => {
  it('takes a period within the lease, and refuses a longer one with a reason, changing nothing', () => {
    const { store, control, container } = lab('canonical-race');
    click(control<HTMLInputElement>('A holder renews its lease while it holds the lock (keepalive)')!);
    const renew = control<HTMLInputElement>('Renew the lock every (ms)')!;
    expect(renew.value).toBe('333');
    const type = (text: string) =>
      act(() => {
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(renew, text);
        renew.dispatchEvent(new Event('input', { bubbles: true }));
        renew.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      });
    const before = store.getState().trace;
    type('1500');
    expect(container.querySelector('.field-problem')?.textContent).toContain(
      'A renewal must come before the lock runs out: at most the lease, 1,000 ms.',
    );
    expect(store.getState().scenario.knobs.renewEveryMs).toBeUndefined();
    expect(store.getState().trace).toBe(before);
    type('500');
    expect(container.querySelector('.field-problem')).toBeNull();
    expect(store.getState().scenario.knobs.renewEveryMs).toBe(500);
  });
});
