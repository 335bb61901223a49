// The embed's events, from the store's states: a seek tells its step, playing tells every step it
// passes (each before the invariants it breaks), a new run is told once ready has been sent, and
// the verdict only when it changes.
import { describe, expect, it } from 'vitest';
import { findPreset } from '../../engine';
import { createLabStore } from '../store/labStore';
import { eventDiffer, type EmbedEvent } from './events';

const lease = () => ({ ...findPreset('canonical-race')!.scenario, strategy: 'lease-trust' });
const steps = (events: EmbedEvent[]) => events.flatMap((e) => (e.type === 'step' ? [e.index] : []));

describe('eventDiffer', () => {
  it('tells a seek its step alone, and every step passed while playing, in order', () => {
    const store = createLabStore();
    const differ = eventDiffer();
    differ(store.getState());
    store.setState({ cursor: 6 });
    expect(steps(differ(store.getState()))).toEqual([6]);
    store.setState({ playing: true, cursor: 9 });
    expect(steps(differ(store.getState()))).toEqual([7, 8, 9]);
    // Play reaching the end stops it in the same change: the steps on the way are still told.
    const last = store.getState().trace.steps.length - 1;
    store.setState({ playing: false, cursor: last });
    expect(steps(differ(store.getState()))).toEqual([...Array(last - 9).keys()].map((i) => i + 10));
    // Back, even while playing, is a seek.
    store.setState({ playing: true, cursor: 2 });
    expect(steps(differ(store.getState()))).toEqual([2]);
  });

  it('tells each broken invariant after the step that reaches it, once', () => {
    const store = createLabStore();
    store.getState().loadScenario(lease());
    const broken = store.getState().trace.verdict.violations;
    expect(broken.length).toBeGreaterThan(0);
    const differ = eventDiffer();
    differ(store.getState());
    store.setState({ playing: true, cursor: store.getState().trace.steps.length - 1 });
    const told = differ(store.getState());
    const order = told.map((e) =>
      e.type === 'step' ? `s${e.index}` : e.type === 'invariant-broken' ? `v${e.step}` : '',
    );
    for (const v of broken) expect(order.indexOf(`v${v.step}`)).toBe(order.indexOf(`s${v.step}`) + 1);
    expect(told.filter((e) => e.type === 'invariant-broken')).toHaveLength(broken.length);
  });

  it('tells a new run after the first (which ready told), and the verdict only when it changes', () => {
    const store = createLabStore();
    const differ = eventDiffer();
    const first = differ(store.getState());
    expect(first.map((e) => e.type)).toEqual(['step', 'verdict']);
    store.setState({ cursor: 3 });
    expect(differ(store.getState()).map((e) => e.type)).toEqual(['step']);
    store.getState().loadScenario(lease());
    const opened = differ(store.getState());
    const run = opened.find((e) => e.type === 'run');
    const { steps: count } = store.getState().trace;
    expect(run).toEqual({
      type: 'run',
      steps: count.length,
      lastStep: count.length - 1,
      strategy: 'lease-trust',
      preset: 'canonical-race',
      name: 'The canonical race',
    });
    expect(opened.map((e) => e.type)).toContain('verdict');
  });
});
