// The store with models fetched on first use: a change to a strategy whose model is not loaded
// keeps the run on screen (marked as being recomputed) until the model comes, then shows the new
// run; a model that cannot be fetched puts back what was open and says so; a change made while a
// model loads wins over it. And the page's code loader: the simulator comes with the first model,
// each model once, every strategy the lab has, and anything else refused in words.

import { describe, expect, it } from 'vitest';
import { STRATEGIES, createSimulator, findPreset, loadModels, type Models, type Simulator } from '../../../engine';
import { ALL_MODELS } from '../../../engine/surfaces/allModels';
import { createLabStore } from '../labStore';
import type { EngineCode } from './runs';
import { PAGE_CODE, createCodeLoader, prepareRun, type CodeSources } from './loading';

const all = createSimulator(ALL_MODELS);
const { simulate } = all;

/** Code the test hands over by hand: only `loaded` strategies run at first. */
function fakeCode(loaded: string[]) {
  const ready = new Set(loaded);
  const waiting: { id: string; resolve: () => void; reject: (e: Error) => void }[] = [];
  const code: EngineCode = {
    simulatorFor: (id) => (ready.has(id) ? all : null),
    load: (id) =>
      new Promise<void>((resolve, reject) =>
        waiting.push({
          id,
          resolve: () => {
            ready.add(id);
            resolve();
          },
          reject,
        }),
      ),
  };
  return { code, waiting };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('a strategy whose model is not loaded yet', () => {
  it('keeps the run on screen until the model comes, then shows the new run', async () => {
    const { code, waiting } = fakeCode(['fencing']);
    const store = createLabStore(undefined, { code });
    const before = store.getState().trace;
    store.getState().setStrategy('etcd');
    expect(store.getState()).toMatchObject({ computing: true, trace: before });
    expect(store.getState().scenario.strategy).toBe('etcd');
    expect(waiting.map((w) => w.id)).toEqual(['etcd']);
    waiting[0]!.resolve();
    await settle();
    const { trace, scenario, computing, error } = store.getState();
    expect({ computing, error }).toEqual({ computing: false, error: null });
    expect(trace.parties.map((p) => p.id)).toContain('etcd');
    expect(JSON.stringify(trace)).toBe(JSON.stringify(simulate(scenario)));
  });

  it('puts back what was open and says why when the model cannot be fetched', async () => {
    const { code, waiting } = fakeCode(['fencing']);
    const store = createLabStore(undefined, { code });
    const opened = store.getState().scenario;
    store.getState().setStrategy('zookeeper');
    waiting[0]!.reject(new Error('the code of the strategy "zookeeper" could not be fetched'));
    await settle();
    const state = store.getState();
    expect(state.computing).toBe(false);
    expect(state.scenario).toBe(opened);
    expect(state.error).toMatch(/^Could not apply the strategy "zookeeper": the code .* could not be fetched\.$/);
  });

  it('lets a change made while a model loads win', async () => {
    const { code, waiting } = fakeCode(['fencing']);
    const store = createLabStore(undefined, { code });
    store.getState().setStrategy('redlock');
    store.getState().setStrategy('fencing'); // ready: shown at once
    expect(store.getState()).toMatchObject({ computing: false });
    const shown = store.getState().trace;
    waiting[0]!.resolve();
    await settle();
    expect(store.getState().trace).toBe(shown);
    expect(store.getState().scenario.strategy).toBe('fencing');
  });

  it('is refused when the store is made: its first run needs its model or its shipped run', () => {
    expect(() => createLabStore(undefined, { code: fakeCode([]).code })).toThrow(
      'the model of the strategy "fencing" is not loaded yet',
    );
  });
});

/** Sources that count what is fetched, from the engine's own loaders; `failing` cannot be fetched. */
function countingSources(failing: string[] = []) {
  const asked = { simulator: 0, models: [] as string[][] };
  const sources: CodeSources = {
    simulator: () => {
      asked.simulator += 1;
      return Promise.resolve({ createSimulator });
    },
    models: (ids): Promise<Models> => {
      asked.models.push([...ids]);
      if (ids.some((id) => failing.includes(id))) return Promise.reject(new TypeError('Failed to fetch'));
      return loadModels(ids);
    },
  };
  return { sources, asked };
}

const runs = (simulator: Simulator | null, presetId: string) =>
  JSON.stringify(simulator!.simulate(findPreset(presetId)!.scenario));

describe("the page's code loader", () => {
  it('fetches the simulator with the first model, each model once, and runs only what it has', async () => {
    const { sources, asked } = countingSources();
    const code = createCodeLoader(sources);
    expect(code.simulatorFor('fencing')).toBeNull();
    await code.load('fencing');
    // The generic model serves both generic strategies: one fetch makes both ready.
    expect(asked).toEqual({ simulator: 1, models: [['fencing', 'lease-trust']] });
    expect(runs(code.simulatorFor('lease-trust'), 'canonical-race')).toBe(runs(all, 'canonical-race'));
    expect(code.simulatorFor('etcd')).toBeNull();
    await code.load('etcd');
    await code.load('etcd');
    await code.load('fencing');
    expect(asked).toEqual({ simulator: 1, models: [['fencing', 'lease-trust'], ['etcd']] });
    // The simulator made anew with etcd's model runs both.
    expect(runs(code.simulatorFor('etcd'), 'etcd-race')).toBe(runs(all, 'etcd-race'));
    expect(runs(code.simulatorFor('fencing'), 'canonical-race')).toBe(runs(all, 'canonical-race'));
    // loadAll fetches only what is missing.
    const every = await code.loadAll();
    expect(asked.models.at(-1)).toEqual(['zookeeper', 'redlock', 'chubby', 'qjm', 'redis-watchdog', 'k8s-lease']);
    expect(asked.simulator).toBe(1);
    for (const s of STRATEGIES) expect(code.simulatorFor(s.id), s.id).toBe(every);
  });

  it('refuses a strategy the lab does not have, and says which code could not be fetched, in words', async () => {
    const { sources, asked } = countingSources(['chubby']);
    const code = createCodeLoader(sources);
    await expect(code.load('paxos')).rejects.toThrow('there is no strategy called "paxos"');
    expect(asked).toEqual({ simulator: 0, models: [] });
    await expect(code.load('chubby')).rejects.toThrow(
      'the page could not fetch the code of "Chubby lock + sequencer" (offline, or the site was updated since the page was opened: reload it)',
    );
    expect(code.simulatorFor('chubby')).toBeNull();
  });

  it("fetches, for every strategy the lab has, that strategy's own model (the page's loader)", async () => {
    for (const s of STRATEGIES) {
      await expect(PAGE_CODE.load(s.id)).resolves.toBeUndefined();
      expect(PAGE_CODE.simulatorFor(s.id), s.id).not.toBeNull();
    }
    expect(runs(PAGE_CODE.simulatorFor('qjm'), 'qjm-missed-epoch')).toBe(runs(all, 'qjm-missed-epoch'));
  });

  it('leaves a scenario it cannot prepare for the store to refuse', async () => {
    await expect(prepareRun({ strategy: 'paxos' })).resolves.toBeUndefined();
    await expect(prepareRun(findPreset('canonical-race')!.scenario)).resolves.toBeUndefined();
  });
});
