// The embed's events, from the store's states: a seek tells its step, playing tells every step it
// passes (each before the invariants it breaks), a new run is told once ready has been sent, and
// the verdict only when it changes.
import { describe, expect, it } from 'vitest';
import { findPreset } from '../../engine';
import { createLabStore } from '../store/labStore';
import { eventDiffer, type EmbedEvent } from './events';
import { ALL_CODE } from '../store/code/allCode';

const lease = () => ({ ...findPreset('canonical-race')!.scenario, strategy: 'lease-trust' });
const steps = (events: EmbedEvent[]) => events.flatMap((e) => (e.type === 'step' ? [e.index] : []));

describe('eventDiffer', () => {
  it('tells a seek its step alone, and every step passed while playing, in order', () => {
    const store = createLabStore(undefined, { code: ALL_CODE });
    const differ = eventDiffer();
    differ(store.getState());
    store.getState().seek(6);
    expect(steps(differ(store.getState()))).toEqual([6]);
    /** One animation frame of playing, `ms` long: the steps it tells. */
    const playOn = (ms: number) => {
      store.getState().advance(ms);
      return steps(differ(store.getState()));
    };
    store.getState().setSpeed(64);
    store.getState().play();
    differ(store.getState());
    const told: number[] = [];
    while (store.getState().playing) told.push(...playOn(50));
    // Every step from 7 to the last, in order, each once: playing to the end stops it in the same
    // change, and the steps on the way are still told.
    const last = store.getState().trace.steps.length - 1;
    expect(told).toEqual([...Array(last - 6).keys()].map((i) => i + 7));
    // A seek is a seek, forward or back, playing or not: only the step it lands on.
    store.getState().seek(2);
    store.getState().play();
    differ(store.getState());
    playOn(50);
    expect(store.getState().playing).toBe(true);
    store.getState().seek(15);
    expect(steps(differ(store.getState()))).toEqual([15]);
  });

  it('tells when playing starts (before its steps) and stops (after them), at a pause or the end', () => {
    const store = createLabStore(undefined, { code: ALL_CODE });
    const differ = eventDiffer();
    differ(store.getState());
    const kinds = (events: EmbedEvent[]) =>
      events.map((e) =>
        e.type === 'playback' ? `${e.playing ? 'play' : 'stop'}@${e.step}${e.atEnd ? ' end' : ''}` : e.type,
      );
    store.getState().play();
    expect(kinds(differ(store.getState()))).toEqual(['play@0']);
    store.getState().advance(3000);
    const played = kinds(differ(store.getState()));
    expect(played.length).toBeGreaterThan(0);
    expect(played.every((k) => k === 'step' || k === 'verdict')).toBe(true);
    store.getState().pause();
    const at = store.getState().cursor;
    expect(kinds(differ(store.getState()))).toEqual([`stop@${at}`]);
    // Nothing changed, nothing told.
    expect(differ(store.getState())).toEqual([]);
    store.getState().setSpeed(64);
    store.getState().play();
    const told: string[] = kinds(differ(store.getState()));
    while (store.getState().playing) {
      store.getState().advance(50);
      told.push(...kinds(differ(store.getState())));
    }
    const last = store.getState().trace.steps.length - 1;
    expect(told.at(-1)).toBe(`stop@${last} end`);
    expect(told.filter((k) => k.startsWith('play'))).toEqual([`play@${at}`]);
  });

  it('tells playing from the first state on, when a play sent before ready has started it', () => {
    const kinds = (events: EmbedEvent[]) => events.map((e) => (e.type === 'playback' ? `play@${e.step}` : e.type));
    const playing = createLabStore(undefined, { code: ALL_CODE });
    playing.getState().seek(4);
    playing.getState().play();
    expect(kinds(eventDiffer()(playing.getState()))).toEqual(['play@4', 'step', 'verdict']);
    // Still, nothing about playing when it is not.
    expect(kinds(eventDiffer()(createLabStore(undefined, { code: ALL_CODE }).getState()))).toEqual(['step', 'verdict']);
  });

  it('tells each broken invariant after the step that reaches it, once', () => {
    const store = createLabStore(undefined, { code: ALL_CODE });
    store.getState().loadScenario(lease());
    const broken = store.getState().trace.verdict.violations;
    expect(broken.length).toBeGreaterThan(0);
    const differ = eventDiffer();
    differ(store.getState());
    store.getState().setSpeed(64);
    store.getState().play();
    const told: EmbedEvent[] = [];
    while (store.getState().playing) {
      store.getState().advance(50);
      told.push(...differ(store.getState()));
    }
    const order = told.map((e) =>
      e.type === 'step' ? `s${e.index}` : e.type === 'invariant-broken' ? `v${e.step}` : '',
    );
    for (const v of broken) expect(order.indexOf(`v${v.step}`)).toBe(order.indexOf(`s${v.step}`) + 1);
    expect(told.filter((e) => e.type === 'invariant-broken')).toHaveLength(broken.length);
  });

  it('tells a new run after the first (which ready told), and the verdict only when it changes', () => {
    const store = createLabStore(undefined, { code: ALL_CODE });
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
      presetStrategy: 'fencing',
      // Built by hand, not carried by the lab (its labels still ask for fencing's tokens).
      edited: true,
      name: 'The canonical race',
    });
    expect(opened.map((e) => e.type)).toContain('verdict');
  });

  it('says when the run is its preset changed in more than its strategy, so a caption can say so', () => {
    const store = createLabStore(undefined, { code: ALL_CODE });
    const differ = eventDiffer();
    differ(store.getState());
    const runOf = () => differ(store.getState()).find((e) => e.type === 'run');
    store.getState().setStrategy('redlock');
    expect(runOf()).toMatchObject({ strategy: 'redlock', preset: 'canonical-race', edited: false });
    store.getState().setSeed(99);
    expect(runOf()).toMatchObject({ strategy: 'redlock', preset: 'canonical-race', edited: true });
    store.getState().setSeed(findPreset('canonical-race')!.scenario.seed);
    store.getState().setStrategy('fencing');
    expect(runOf()).toMatchObject({ strategy: 'fencing', presetStrategy: 'fencing', edited: false });
  });

  it("gives the whole run's verdict in the lab's words, which a host page can show as they are", () => {
    const verdictOf = (presetId: string) => {
      const store = createLabStore(findPreset(presetId)!.scenario, { code: ALL_CODE });
      return eventDiffer()(store.getState()).find((e) => e.type === 'verdict');
    };
    expect(verdictOf('canonical-race')).toMatchObject({
      run: { ok: true, verdict: 'ok', words: 'Every safety rule (invariant) held; no stale write got in.' },
    });
    expect(verdictOf('pitfall-less-than')).toMatchObject({
      run: { ok: false, verdict: 'broken', words: '2 safety rules (invariants) broken.' },
    });
    // A journal node logged a stale edit too few logged to commit: counted, but it took no effect.
    expect(verdictOf('qjm-missed-epoch')).toMatchObject({
      run: {
        staleWritesAccepted: 1,
        verdict: 'warn',
        words: expect.stringMatching(/^No stale write took effect: a stale holder's edit was logged on JN3 only/),
      },
    });
  });
});
