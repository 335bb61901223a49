// The store with models fetched on first use: a change to a strategy whose model is not loaded
// keeps the run on screen (marked as being recomputed) until the model comes, then shows the new
// run; a model that cannot be fetched puts back what was open and says so; a change made while a
// model loads wins over it. And the page's loader knows every strategy and refuses others in words.

import { describe, expect, it } from 'vitest';
import { STRATEGIES, findPreset, simulate } from '../../engine';
import { createLabStore } from './labStore';
import type { ModelSource } from './runs';
import { ALL_MODELS } from '../../engine/surfaces/allModels';
import { MODEL_LOADERS, loadModel, prepareRun } from './models';

/** Models the test hands over by hand: only `loaded` are ready at first. */
function fakeModels(loaded: string[]) {
  const ready = new Set(loaded);
  const waiting: { id: string; resolve: () => void; reject: (e: Error) => void }[] = [];
  const models: ModelSource = {
    ready: (id) => ready.has(id),
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
  return { models, waiting };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('a strategy whose model is not loaded yet', () => {
  it('keeps the run on screen until the model comes, then shows the new run', async () => {
    const { models, waiting } = fakeModels(['fencing']);
    const store = createLabStore(undefined, { models });
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
    const { models, waiting } = fakeModels(['fencing']);
    const store = createLabStore(undefined, { models });
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
    const { models, waiting } = fakeModels(['fencing']);
    const store = createLabStore(undefined, { models });
    store.getState().setStrategy('redlock');
    store.getState().setStrategy('fencing'); // ready: shown at once
    expect(store.getState()).toMatchObject({ computing: false });
    const shown = store.getState().trace;
    waiting[0]!.resolve();
    await settle();
    expect(store.getState().trace).toBe(shown);
    expect(store.getState().scenario.strategy).toBe('fencing');
  });
});

describe("the page's model loader", () => {
  it("fetches, for every strategy the lab has, that strategy's own model", async () => {
    for (const s of STRATEGIES) {
      const { build } = await MODEL_LOADERS[s.id]();
      expect(build, s.id).toBe(ALL_MODELS[s.id]);
      await expect(loadModel(s.id)).resolves.toBeUndefined();
    }
  });

  it('refuses a strategy the lab does not have, in words', async () => {
    await expect(loadModel('paxos')).rejects.toThrow('there is no strategy called "paxos"');
    // Before a scenario is opened, a bad one is left for the store to refuse.
    await expect(prepareRun({ strategy: 'paxos' })).resolves.toBeUndefined();
    await expect(prepareRun(findPreset('canonical-race')!.scenario)).resolves.toBeUndefined();
  });
});
