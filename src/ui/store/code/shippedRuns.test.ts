// The presets' shipped runs: one is used only for the very scenario it is the run of, a file that
// cannot be fetched or read is simply not used (the run is computed instead), and a store given
// one draws it without its strategy's model.

import { beforeAll, describe, expect, it } from 'vitest';
import { createSimulator, findPreset, validateScenario, type Scenario } from '../../../engine';
import { createLabStore } from '../labStore';
import { ENGINE_ID, fetchShippedRun, runOf, shippedRun, shippedRunUrl } from './shippedRuns';
import { loadAllPresets } from './presets';
import { ALL_SIMULATOR } from './allCode';
import { ALL_MODELS } from '../../../engine/surfaces/allModels';

const { simulate } = createSimulator(ALL_MODELS);

// As the lab and a lesson do before they open (main.tsx): every preset, not only the page's own.
beforeAll(() => loadAllPresets());

const validated = (raw: unknown): Scenario => {
  const checked = validateScenario(raw);
  if (!checked.ok) throw new Error('the preset does not validate');
  return checked.scenario;
};

const BASE = 'https://docs.example/locks/fencelab/index.html';
const answer =
  (body: string, status = 200): typeof fetch =>
  () =>
    Promise.resolve(new Response(body, { status }));

describe('shipped runs', () => {
  const canonical = validated(findPreset('canonical-race')!.scenario);
  const zookeeper = validated(findPreset('zookeeper-race')!.scenario);
  const text = (s: Scenario) => JSON.stringify(simulate(s));
  /** A file as the build writes it (scripts/shipped-runs.ts). */
  const file = (s: Scenario, engine = ENGINE_ID) => JSON.stringify({ engine, trace: simulate(s) });

  it('live beside the page, not at the root of the site', () => {
    expect(shippedRunUrl('canonical-race', BASE)).toBe(
      `https://docs.example/locks/fencelab/runs/canonical-race.json?engine=${ENGINE_ID}`,
    );
  });

  it('are a run only of the scenario they were computed from', () => {
    const trace = JSON.parse(text(canonical));
    expect(runOf(trace, canonical)?.steps).toEqual(trace.steps);
    expect(runOf(trace, { ...canonical, seed: canonical.seed + 1 })).toBeNull();
    expect(runOf({ ...trace, format: 'something.else' }, canonical)).toBeNull();
    expect(runOf({ ...trace, version: 99 }, canonical)).toBeNull();
    expect(runOf('not a trace', canonical)).toBeNull();
  });

  it('are not used when the file is missing, damaged or of another run', async () => {
    expect(await fetchShippedRun(zookeeper, answer('', 404), BASE)).toBe(false);
    expect(await fetchShippedRun(zookeeper, answer('<!doctype html><p>index.html</p>'), BASE)).toBe(false);
    expect(await fetchShippedRun(zookeeper, answer(file(canonical)), BASE)).toBe(false);
    // The very run, but computed by another engine (a file cached from an earlier build).
    expect(await fetchShippedRun(zookeeper, answer(file(zookeeper, 'an-older-engine')), BASE)).toBe(false);
    // A bare trace, without the engine that computed it.
    expect(await fetchShippedRun(zookeeper, answer(text(zookeeper)), BASE)).toBe(false);
    expect(await fetchShippedRun(zookeeper, () => Promise.reject(new TypeError('offline')), BASE)).toBe(false);
    expect(shippedRun(zookeeper)).toBeNull();
  });

  it('are fetched only for an unchanged preset', async () => {
    let asked = 0;
    const counting: typeof fetch = () => {
      asked += 1;
      return Promise.resolve(new Response(file(zookeeper)));
    };
    expect(await fetchShippedRun({ ...zookeeper, seed: 5 }, counting, BASE)).toBe(false);
    expect(await fetchShippedRun({ strategy: 'etcd' }, counting, BASE)).toBe(false);
    expect(asked).toBe(0);
    expect(await fetchShippedRun(zookeeper, counting, BASE)).toBe(true);
    expect(shippedRun(zookeeper)?.steps).toEqual(simulate(zookeeper).steps);
    expect(shippedRun({ ...zookeeper, seed: 5 })).toBeNull();
  });

  it('are fetched once when the same run is asked for twice at a time (the default run and a link to it)', async () => {
    const etcd = validated(findPreset('etcd-race')!.scenario);
    let asked = 0;
    const slow: typeof fetch = () => {
      asked += 1;
      return new Promise((done) => setTimeout(() => done(new Response(file(etcd))), 10));
    };
    expect(await Promise.all([fetchShippedRun(etcd, slow, BASE), fetchShippedRun(etcd, slow, BASE)])).toEqual([
      true,
      true,
    ]);
    expect(asked).toBe(1);
    expect(shippedRun(etcd)?.steps).toEqual(simulate(etcd).steps);
  });

  it('let a store draw a preset without its model, and compute any change once the model comes', async () => {
    expect(await fetchShippedRun(canonical, answer(file(canonical)), BASE)).toBe(true);
    let loads = 0;
    const store = createLabStore(canonical, {
      code: {
        simulatorFor: () => (loads > 0 ? ALL_SIMULATOR : null),
        load: () => {
          loads += 1;
          return Promise.resolve();
        },
        shipped: shippedRun,
      },
    });
    expect(JSON.stringify(store.getState().trace)).toBe(text(canonical));
    expect(loads).toBe(0);
    store.getState().setSeed(9);
    expect(store.getState().computing).toBe(true);
    await new Promise((r) => setTimeout(r, 0));
    expect(loads).toBe(1);
    expect(store.getState()).toMatchObject({ computing: false, error: null });
    expect(JSON.stringify(store.getState().trace)).toBe(text(store.getState().scenario));
  });
});
