// Each strategy's model builds exactly the parties its strategy lists (validation reads only the
// list; a run builds the model), for every combination of the knobs that add or remove a party;
// and a strategy whose model is not registered is refused in words, not run with the wrong parties.

import { describe, expect, it } from 'vitest';
import { STRATEGIES, effectiveKnobs } from '../strategies/registry';
import { clientIds } from '../core/parties';
import { ALL_MODELS } from './all';
import { modelOf } from './registry';
import { withLogic } from './logic';
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
      const build = ALL_MODELS[strategy.id];
      for (const variant of VARIANTS)
        for (const count of [1, 3]) {
          const knobs = effectiveKnobs(strategy, variant);
          const clients = clientIds(count);
          const specs = build(knobs, clients);
          expect(specs.map((s) => s.info)).toEqual(strategy.parties(knobs, clients));
          for (const s of specs) expect(typeof s.logic.step).toBe('function');
        }
    });

  it('refuses to run a strategy whose model is not registered', () => {
    expect(() => modelOf('paxos')).toThrow('the model of the strategy "paxos" is not loaded yet');
  });

  it('refuses a party list its model has no logic for', () => {
    expect(() => withLogic([{ id: 'X', kind: 'lock', label: 'X' }], () => undefined)).toThrow(
      'the model has no logic for the party "X"',
    );
  });
});
