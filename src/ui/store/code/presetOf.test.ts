// Which preset a scenario is: the preset itself, that preset carried to another strategy and
// nothing more, or changed; asked of one scenario many times, the answer is the same.
import { describe, expect, it } from 'vitest';
import { carryTo, findPreset, validateScenario, type Scenario } from '../../../engine';
import { carriedToOf, isPresetUnder, presetUnder } from './presetOf';

const held = (scenario: Scenario): Scenario => {
  const checked = validateScenario(scenario);
  if (!checked.ok) throw new Error('invalid');
  return checked.scenario;
};
const race = () => held(findPreset('canonical-race')!.scenario);

describe('a preset carried to a strategy', () => {
  it('is recognised carried and nothing more, not as itself, not changed, not as another preset', () => {
    const etcd = presetUnder('canonical-race', 'etcd')!;
    expect(etcd.strategy).toBe('etcd');
    expect(held(carryTo(race(), 'etcd').scenario)).toEqual(etcd);
    expect(carriedToOf({ scenario: etcd, presetId: 'canonical-race' })).toBe('etcd');
    // The same scenario asked again, and asked of another preset: each its own answer.
    expect(isPresetUnder(etcd, 'canonical-race')).toBe(true);
    expect(isPresetUnder(etcd, 'slow-network')).toBe(false);
    expect(isPresetUnder(etcd, 'canonical-race')).toBe(true);
    expect(carriedToOf({ scenario: race(), presetId: 'canonical-race' })).toBeNull();
    expect(carriedToOf({ scenario: { ...etcd, seed: etcd.seed + 1 }, presetId: 'canonical-race' })).toBeNull();
    expect(carriedToOf({ scenario: etcd, presetId: null })).toBeNull();
    expect(presetUnder('canonical-race', 'paxos')).toBeNull();
  });
});
