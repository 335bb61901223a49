// The store is the lab's behaviour without a browser: loading, time travel, forks, strategies (the
// history and undo: labStore.history.test.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { createSimulator, PRESETS, STRATEGIES, findPreset, type Scenario } from '../../engine';
import { createLabStore } from './labStore';
import { BASE_RATE, SPEEDS } from './pacing/speed';
import { loadAllPresets } from './code/presets';
import { ALL_MODELS } from '../../engine/surfaces/allModels';
import { ALL_CODE } from './code/allCode';

const { simulate } = createSimulator(ALL_MODELS);

// As the lab and a lesson do before they open (main.tsx): every preset, not only the page's own.
beforeAll(() => loadAllPresets());

const race = () => findPreset('canonical-race')!.scenario;
const labelIndex = (store: ReturnType<typeof createLabStore>, label: string) =>
  store.getState().trace.steps.findIndex((s) => s.label === label);

describe('loading', () => {
  it('opens the canonical race by default, at the first step, with its trace', () => {
    const store = createLabStore(undefined, { code: ALL_CODE });
    const s = store.getState();
    expect(s.scenario.name).toBe('The canonical race');
    expect(s.presetId).toBe('canonical-race');
    expect(s.cursor).toBe(0);
    expect(s.trace).toEqual(simulate(s.scenario));
    expect(s.error).toBeNull();
  });

  it('does not run a scenario again when it is the one open (the same trace), but runs any change', () => {
    const store = createLabStore(undefined, { code: ALL_CODE });
    const first = store.getState().trace;
    expect(store.getState().loadScenario(race(), { cursor: 4 })).toBe(true);
    expect(store.getState().trace.steps).toBe(first.steps);
    expect(store.getState().trace.scenario).toBe(store.getState().scenario);
    expect(store.getState().cursor).toBe(4);
    expect(store.getState().loadScenario({ ...race(), seed: 99 })).toBe(true);
    expect(store.getState().trace.steps).not.toBe(first.steps);
    expect(store.getState().trace).toEqual(simulate({ ...race(), seed: 99 }));
  });

  it('loads a preset and a valid scenario', () => {
    const store = createLabStore(undefined, { code: ALL_CODE });
    expect(store.getState().loadPreset('lease-trust-race')).toBe(true);
    expect(store.getState().scenario.strategy).toBe('lease-trust');
    expect(store.getState().loadScenario({ ...race(), seed: 99 }, { cursor: 3 })).toBe(true);
    expect(store.getState().scenario.seed).toBe(99);
    expect(store.getState().cursor).toBe(3);
  });

  it('refuses a bad scenario with a message naming the field, and changes nothing else', () => {
    const store = createLabStore(undefined, { code: ALL_CODE });
    store.getState().seek(5);
    const before = store.getState();
    const bad = { ...race(), actions: [{ atMs: 0, type: 'acquire', client: 'Client9' }] };
    expect(store.getState().loadScenario(bad, { source: 'the file x.json' })).toBe(false);
    const after = store.getState();
    expect(after.error).toMatch(/the file x\.json/);
    expect(after.error).toMatch(/actions\[0\]\.client/);
    expect(after.scenario).toBe(before.scenario);
    expect(after.trace).toBe(before.trace);
    expect(after.cursor).toBe(5);
    store.getState().dismissError();
    expect(store.getState().error).toBeNull();
  });

  it('refuses garbage and an unknown preset without changing the scenario', () => {
    const store = createLabStore(undefined, { code: ALL_CODE });
    const before = store.getState().scenario;
    for (const raw of [null, 42, 'text', [], { format: 'other' }]) {
      expect(store.getState().loadScenario(raw)).toBe(false);
      expect(store.getState().scenario).toBe(before);
    }
    expect(store.getState().loadPreset('no-such-preset')).toBe(false);
    expect(store.getState().error).toMatch(/no-such-preset/);
    expect(store.getState().scenario).toBe(before);
  });
});

describe('time travel', () => {
  it('steps forward and back through the same snapshots', () => {
    const store = createLabStore(undefined, { code: ALL_CODE });
    const { trace } = store.getState();
    store.getState().step();
    store.getState().step();
    expect(store.getState().cursor).toBe(2);
    store.getState().stepBack();
    expect(store.getState().cursor).toBe(1);
    expect(store.getState().trace.steps[1]).toBe(trace.steps[1]);
    store.getState().stepBack();
    store.getState().stepBack();
    expect(store.getState().cursor).toBe(0);
    store.getState().toEnd();
    expect(store.getState().cursor).toBe(trace.steps.length - 1);
    store.getState().step();
    expect(store.getState().cursor).toBe(trace.steps.length - 1);
    store.getState().seek(-5);
    expect(store.getState().cursor).toBe(0);
  });

  it('plays along virtual time at the chosen speed and stops at the end', () => {
    const store = createLabStore(undefined, { code: ALL_CODE });
    const { trace } = store.getState();
    store.getState().play();
    expect(store.getState().playing).toBe(true);
    // At 64x (no dwelling on key steps) 10 real ms move the playhead 10 * 64 * BASE_RATE virtual ms.
    store.getState().setSpeed(64);
    store.getState().advance(10);
    expect(store.getState().playheadMs).toBeCloseTo(10 * 64 * BASE_RATE);
    store.getState().advance(100);
    const t = store.getState().playheadMs;
    expect(store.getState().cursor).toBe(trace.steps.filter((s) => s.timeMs <= t).length - 1);
    store.getState().advance(10_000);
    expect(store.getState().playing).toBe(false);
    expect(store.getState().cursor).toBe(trace.steps.length - 1);
    // Play at the end starts again from the beginning.
    store.getState().play();
    expect(store.getState().cursor).toBe(0);
    store.getState().reset();
    expect(store.getState().playing).toBe(false);
  });

  it('dwells on each labelled step and verdict while playing slowly, and never skips one', () => {
    const store = createLabStore(undefined, { code: ALL_CODE });
    const keys = store
      .getState()
      .trace.steps.filter((s) => s.label || s.write)
      .map((s) => s.index);
    for (const speed of [1, 8]) {
      store.getState().setSpeed(speed);
      store.getState().play();
      const shown = new Set<number>();
      while (store.getState().playing) {
        store.getState().advance(16);
        shown.add(store.getState().cursor);
      }
      for (const k of keys) expect(shown).toContain(k);
    }
  });

  it('plays the canonical race at 1x in under a minute, with time to read every step', () => {
    const store = createLabStore(undefined, { code: ALL_CODE });
    store.getState().play();
    let realMs = 0;
    while (store.getState().playing) {
      store.getState().advance(16);
      realMs += 16;
    }
    expect(realMs).toBeGreaterThan(20_000);
    expect(realMs).toBeLessThan(60_000);
  });

  it('keeps speed on the log scale from 0.25x to 64x', () => {
    const store = createLabStore(undefined, { code: ALL_CODE });
    for (let i = 0; i < 20; i++) store.getState().faster();
    expect(store.getState().speed).toBe(64);
    for (let i = 0; i < 20; i++) store.getState().slower();
    expect(store.getState().speed).toBe(0.25);
    store.getState().setSpeed(5);
    expect(SPEEDS).toContain(store.getState().speed);
  });
});

describe('actions added at the cursor', () => {
  it('forks at the cursor: every step up to the cursor stays identical', () => {
    const store = createLabStore(undefined, { code: ALL_CODE });
    const t3 = labelIndex(store, 't3');
    store.getState().seek(t3);
    const before = store.getState().trace.steps;
    store.getState().addAction({ type: 'pause', client: 'Client2', durationMs: 3000 });
    const s = store.getState();
    expect(s.cursor).toBe(t3);
    const action = s.scenario.actions.at(-1)!;
    expect(action).toEqual({ type: 'pause', client: 'Client2', durationMs: 3000, atMs: before[t3]!.timeMs + 1 });
    expect(s.scenario.actions).toHaveLength(race().actions.length + 1);
    expect(s.ownActionCount).toBe(race().actions.length);
    for (let i = 0; i <= t3; i++) expect(s.trace.steps[i]).toEqual(before[i]);
    expect(s.trace.steps).not.toEqual(before);
  });

  it('expiring the lease early changes what follows', () => {
    const store = createLabStore(undefined, { code: ALL_CODE });
    const granted = store.getState().trace.steps.findIndex((s) => s.kind === 'lock.acquired');
    store.getState().seek(granted);
    store.getState().addAction({ type: 'expireLease' });
    const expired = store.getState().trace.steps.find((s) => s.kind === 'lease.expired');
    expect(expired!.timeMs).toBe(store.getState().trace.steps[granted]!.timeMs + 1);
  });

  it('undo removes the added action and restores the trace exactly', () => {
    const store = createLabStore(undefined, { code: ALL_CODE });
    const original = store.getState().trace;
    store.getState().seek(4);
    store.getState().addAction({ type: 'crash', party: 'Storage' });
    expect(store.getState().trace).not.toEqual(original);
    store.getState().removeAction(store.getState().scenario.actions.length - 1);
    expect(store.getState().scenario).toEqual(race());
    expect(store.getState().trace).toEqual(original);
    expect(store.getState().cursor).toBe(4);
  });

  it("removing one of the scenario's own actions shrinks its count; clearing keeps only its own", () => {
    const store = createLabStore(undefined, { code: ALL_CODE });
    store.getState().addAction({ type: 'expireLease' });
    store.getState().removeAction(0);
    expect(store.getState().ownActionCount).toBe(race().actions.length - 1);
    expect(store.getState().scenario.actions.at(-1)!.type).toBe('expireLease');
    store.getState().clearYourActions();
    expect(store.getState().scenario.actions).toEqual(race().actions.slice(1));
  });
});

describe('editing a timed action', () => {
  it('moves a pause later and lengthens it; undo puts the old one back', () => {
    const store = createLabStore(undefined, { code: ALL_CODE });
    const index = race().actions.findIndex((a) => a.type === 'pause');
    const pause = race().actions[index]!;
    expect(pause.type).toBe('pause');
    const longer = { ...pause, atMs: pause.atMs + 50, durationMs: 5000 } as typeof pause;
    expect(store.getState().replaceAction(index, longer)).toBe(true);
    expect(store.getState().scenario.actions[index]).toEqual(longer);
    expect(store.getState().trace.pauses.map((p) => (p.toMs ?? 0) - p.fromMs)).toContain(5000);
    store.getState().undo();
    expect(store.getState().scenario).toEqual(race());
  });

  it('refuses an action the scenario cannot hold, naming the problem, and keeps the old one', () => {
    const store = createLabStore(undefined, { code: ALL_CODE });
    const before = store.getState().scenario;
    expect(store.getState().replaceAction(0, { atMs: -5, type: 'acquire', client: 'Client1' })).toBe(false);
    expect(store.getState().error).toMatch(/atMs/);
    expect(store.getState().scenario).toBe(before);
    expect(store.getState().replaceAction(99, { atMs: 5, type: 'acquire', client: 'Client1' })).toBe(false);
  });
});

describe('strategy and knobs', () => {
  it('keeps the cursor at the same virtual time when the strategy changes, off a labelled step', () => {
    const store = createLabStore(undefined, { code: ALL_CODE });
    const t4 = labelIndex(store, 't4');
    store.getState().seek(t4 + 1);
    expect(store.getState().trace.steps[t4 + 1]!.label).toBeUndefined();
    const timeMs = store.getState().trace.steps[t4 + 1]!.timeMs;
    const other = STRATEGIES.find((s) => s.id !== 'fencing')!.id;
    store.getState().setStrategy(other);
    const s = store.getState();
    expect(s.scenario.strategy).toBe(other);
    expect(s.trace).toEqual(simulate(s.scenario));
    expect(s.trace.steps[s.cursor]!.timeMs).toBeLessThanOrEqual(timeMs);
    expect(s.trace.steps[s.cursor + 1]?.timeMs ?? Infinity).toBeGreaterThan(timeMs);
  });

  it('keeps the cursor on its labelled step when the strategy or a knob changes: t6 stays t6', () => {
    // Found by a docs author: at t6, plain leases opened one step before t6 (the lease lapsing, 6 ms
    // earlier), Redlock at t3 a step before its grant, and a longer lease one step before t6.
    const store = createLabStore(undefined, { code: ALL_CODE });
    store.getState().seek(labelIndex(store, 't6'));
    const labelAtCursor = () => store.getState().trace.steps[store.getState().cursor]!.label;
    for (const strategy of ['lease-trust', 'redlock', 'zookeeper', 'fencing']) {
      store.getState().setStrategy(strategy);
      expect(labelAtCursor(), strategy).toBe('t6');
    }
    store.getState().setKnob('leaseTtlMs', 1500);
    expect(labelAtCursor()).toBe('t6');
    store.getState().seek(labelIndex(store, 't3'));
    store.getState().setStrategy('redlock');
    expect(labelAtCursor()).toBe('t3');
    // Undo goes back to where the change was made, on its label too.
    store.getState().undo();
    expect(labelAtCursor()).toBe('t3');
    expect(store.getState().scenario.strategy).toBe('fencing');
  });

  it('comes back to the preset as it ships after a trip through other strategies; a change made on the way stays', () => {
    const store = createLabStore(undefined, { code: ALL_CODE });
    const shipped = store.getState().scenario;
    for (const strategy of ['redlock', 'lease-trust', 'qjm', 'fencing']) store.getState().setStrategy(strategy);
    // Redlock's labels cannot ask for t4's token: carried through it, t4 once came back changed.
    expect(store.getState().scenario).toEqual(shipped);
    expect(store.getState()).toMatchObject({ presetId: 'canonical-race', edited: false });
    store.getState().setStrategy('redlock');
    store.getState().setSeed(99);
    store.getState().setStrategy('fencing');
    expect(store.getState()).toMatchObject({ edited: true, scenario: { strategy: 'fencing', seed: 99 } });
  });

  it('sets and clears a knob override, and refuses an invalid one', () => {
    const store = createLabStore(undefined, { code: ALL_CODE });
    store.getState().setKnob('check', 'reject-lt');
    expect(store.getState().scenario.knobs.check).toBe('reject-lt');
    expect(store.getState().trace.knobs.check).toBe('reject-lt');
    store.getState().setKnob('check', undefined);
    expect(store.getState().scenario.knobs).toEqual({});
    const before = store.getState().scenario;
    store.getState().setKnob('leaseTtlMs', -5);
    expect(store.getState().error).toMatch(/knobs\.leaseTtlMs/);
    expect(store.getState().scenario).toBe(before);
  });

  it('changes the seed', () => {
    const store = createLabStore(undefined, { code: ALL_CODE });
    store.getState().setSeed(1234);
    expect(store.getState().scenario.seed).toBe(1234);
  });

  it('refuses an unknown strategy', () => {
    const store = createLabStore(undefined, { code: ALL_CODE });
    const before = store.getState().scenario;
    store.getState().setStrategy('nope');
    expect(store.getState().error).toMatch(/nope/);
    expect(store.getState().scenario).toBe(before);
  });
});

describe('a scenario with no steps', () => {
  it('keeps the cursor at 0 and plays nothing', () => {
    const empty: Scenario = { ...race(), actions: [], labels: [] };
    const store = createLabStore(undefined, { code: ALL_CODE });
    store.getState().loadScenario(empty);
    store.getState().play();
    store.getState().step();
    expect(store.getState().cursor).toBe(0);
    expect(store.getState().playing).toBe(false);
  });
});

describe('every preset under every strategy, in the store', () => {
  it('switches each preset to each strategy with no error, carrying what it can and saying what it cannot', () => {
    for (const preset of PRESETS) {
      for (const strategy of STRATEGIES) {
        const store = createLabStore(undefined, { code: ALL_CODE });
        expect(store.getState().loadPreset(preset.id)).toBe(true);
        store.getState().setStrategy(strategy.id);
        const s = store.getState();
        expect({ preset: preset.id, strategy: strategy.id, error: s.error }).toEqual({
          preset: preset.id,
          strategy: strategy.id,
          error: null,
        });
        expect(s.scenario.strategy).toBe(strategy.id);
        expect(s.trace.scenario).toBe(s.scenario);
      }
    }
  });
});
