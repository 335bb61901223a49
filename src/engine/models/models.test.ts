// Each strategy's model builds exactly the parties its strategy lists (validation reads only the
// list; a run builds the model), for every combination of the knobs that add or remove a party;
// each loader fetches the very model ALL_MODELS has; and a strategy whose model a simulator was not
// given is refused in words, not run with the wrong parties.

import { describe, expect, it } from 'vitest';
import { STRATEGIES, effectiveKnobs } from '../strategies/registry';
import { clientIds } from '../core/parties';
import { ALL_MODELS } from './all';
import { MODEL_LOADERS, loadModels } from './loaders';
import { withLogic } from './logic';
import { createSimulator } from '../simulate/simulator';
import { findPreset } from '../presets';
import type { Knobs } from '../core/scenario';

const VARIANTS: Partial<Knobs>[] = [
  {},
  { secondResource: 'unchecked' },
  { sideEffect: 'email' },
  { secondResource: 'unchecked', sideEffect: 'email' },
  { check: 'validity' },
  { check: 'none', tokenSource: 'resetting-counter' },
];

describe('models', () => {
  for (const strategy of STRATEGIES)
    it(`${strategy.id}: the model builds the parties the strategy lists, in order`, () => {
      const model = ALL_MODELS[strategy.id];
      for (const variant of VARIANTS)
        for (const count of [1, 3]) {
          const knobs = effectiveKnobs(strategy, variant);
          const clients = clientIds(count);
          const specs = model(knobs, clients);
          expect(specs.map((s) => s.info)).toEqual(strategy.parties(knobs, clients));
          for (const s of specs) expect(typeof s.logic.step).toBe('function');
        }
    });

  it("each strategy's loader fetches the model ALL_MODELS has for it", async () => {
    for (const strategy of STRATEGIES)
      expect(await MODEL_LOADERS[strategy.id](), strategy.id).toBe(ALL_MODELS[strategy.id]);
    // The generic strategies share one module: one fetch serves both.
    expect(MODEL_LOADERS.fencing).toBe(MODEL_LOADERS['lease-trust']);
  });

  it('loads the models asked for, and refuses a strategy it has no loader for before fetching anything', async () => {
    expect(await loadModels(['etcd', 'fencing', 'etcd'])).toEqual({
      etcd: ALL_MODELS.etcd,
      fencing: ALL_MODELS.fencing,
    });
    await expect(loadModels(['etcd', 'paxos'])).rejects.toThrow('there is no strategy called "paxos"');
  });

  it('a simulator refuses a strategy whose model it was not given, naming it', () => {
    const race = findPreset('etcd-race')!.scenario;
    const generic = createSimulator({ fencing: ALL_MODELS.fencing });
    expect(() => generic.simulate(race)).toThrow(
      'the simulator was not given the model of the strategy "etcd" (it has fencing)',
    );
    expect(() => generic.simulateWithin(race, 1000)).toThrow('"etcd"');
    expect(() => generic.simulateWithCheckpoints(race)).toThrow('"etcd"');
    expect(() => createSimulator({}).simulate(race)).toThrow('(it has none)');
    // Given it, the same scenario runs.
    expect(createSimulator({ etcd: ALL_MODELS.etcd }).simulate(race).steps.length).toBeGreaterThan(0);
  });

  it('a simulator keeps the models it was given: changing the map afterwards changes nothing', () => {
    const models: Record<string, (typeof ALL_MODELS)['etcd']> = { fencing: ALL_MODELS.fencing };
    const simulator = createSimulator(models);
    models.etcd = ALL_MODELS.etcd;
    delete models.fencing;
    expect(() => simulator.simulate(findPreset('etcd-race')!.scenario)).toThrow('"etcd"');
    expect(simulator.simulate(findPreset('canonical-race')!.scenario).steps.length).toBeGreaterThan(0);
  });

  it('refuses a party list its model has no logic for', () => {
    expect(() => withLogic([{ id: 'X', kind: 'lock', label: 'X' }], () => undefined)).toThrow(
      'the model has no logic for the party "X"',
    );
  });
});
