// What the Break it view gives the search: the current run under the chosen design; a clear problem for a form that cannot be searched; and the
// safe twin, the same schedule under fencing with nothing that makes fencing unsafe.

import { describe, expect, it } from 'vitest';
import { findPreset, type Scenario } from '../../engine';
import { CURRENT_DESIGN, DESIGNS, fencingTwin, searchInputOf } from './design';

const race = findPreset('lease-trust-race')!.scenario;

const inputOf = (scenario: Scenario, design: string) => {
  const input = searchInputOf(scenario, { design, faults: ['pause'], maxFaults: 1 });
  if ('problem' in input) throw new Error(input.problem);
  return input;
};

describe('searchInputOf', () => {
  it('keeps the run as it is for the run’s own design, with the faults and bound chosen', () => {
    const { scenario, faults, maxFaults } = inputOf(race, CURRENT_DESIGN);
    expect(scenario).toEqual(race);
    expect({ faults, maxFaults }).toEqual({ faults: ['pause'], maxFaults: 1 });
  });

  it('puts another design’s strategy and knobs in place of the run’s', () => {
    const wallClock = DESIGNS.find((d) => d.id === 'pitfall-wall-clock')!;
    const { scenario } = inputOf(race, wallClock.id);
    expect(scenario.strategy).toBe('fencing');
    expect(scenario.knobs).toEqual({ tokenSource: 'wall-clock' });
    expect(scenario.actions.filter((a) => a.type === 'write')).toEqual(race.actions.filter((a) => a.type === 'write'));
    expect(inputOf(race, 'zookeeper').scenario.strategy).toBe('zookeeper');
  });

  it('keeps the run’s lease when another design is searched, and drops the run’s own pitfall', () => {
    const run: Scenario = { ...race, knobs: { leaseTtlMs: 30_000, tokenSource: 'uuid', sideEffect: 'email' } };
    expect(inputOf(run, 'zookeeper').scenario.knobs.leaseTtlMs).toBe(30_000);
    const wallClock = inputOf(run, 'pitfall-wall-clock').scenario.knobs;
    expect(wallClock).toEqual({ leaseTtlMs: 30_000, tokenSource: 'wall-clock' });
  });

  it('names the problem of a form that cannot be searched', () => {
    expect(searchInputOf(race, { design: CURRENT_DESIGN, faults: [], maxFaults: 1 })).toEqual({
      problem: 'Pick at least one kind of fault for the search to try.',
    });
    expect(searchInputOf(race, { design: CURRENT_DESIGN, faults: ['pause'], maxFaults: 4 })).toEqual({
      problem: 'The most faults to try must be a whole number from 1 to 3.',
    });
    expect(searchInputOf(race, { design: 'nope', faults: ['pause'], maxFaults: 1 })).toEqual({
      problem: 'There is no design called “nope”.',
    });
  });
});

describe('fencingTwin', () => {
  it('keeps the schedule and moves it to fencing without the knobs that make fencing unsafe', () => {
    const pitfall: Scenario = {
      ...race,
      strategy: 'fencing',
      knobs: { tokenSource: 'uuid', leaseTtlMs: 900, secondResource: 'unchecked' },
    };
    const twin = fencingTwin(pitfall);
    expect(twin.strategy).toBe('fencing');
    expect(twin.knobs).toEqual({ leaseTtlMs: 900 });
    expect(twin.actions).toEqual(race.actions);
    expect(fencingTwin(race).actions).toEqual(race.actions);
  });
});
