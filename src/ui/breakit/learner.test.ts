// The learner's part of Break it: only the faults the user added count, each as the search's
// kind; the search asked for is the same design with those kinds, as many faults as they used;
// and, run, it answers a plain lease broken by the user's pause with one pause at its threshold.

import { describe, expect, it } from 'vitest';
import { createSimulator, findPreset, type Action, type Scenario } from '../../engine';
import { ALL_MODELS } from '../../engine/surfaces/allModels';
import { search } from '../../engine/surfaces/search';
import { learnerSearch, userFaults } from './learner';

const { simulate } = createSimulator(ALL_MODELS);

/** The race's clients and writes under a plain lease, with no fault: it breaks no rule. */
const WRITES: Action[] = [
  { atMs: 0, type: 'acquire', client: 'Client1' },
  { atMs: 100, type: 'write', client: 'Client1', value: 'Y' },
  { atMs: 1200, type: 'acquire', client: 'Client2' },
  { atMs: 1300, type: 'write', client: 'Client2', value: 'X' },
];
const PLAIN = findPreset('lease-trust-race')!.scenario;
const plain = (...own: Action[]): Scenario => ({ ...PLAIN, labels: [], actions: [...WRITES, ...own] });
const partiesOf = (s: Scenario) => simulate(s).parties;

describe('userFaults', () => {
  it('counts only the actions after the scenario’s own, and no write or acquire', () => {
    const withPreset = PLAIN;
    expect(userFaults(withPreset, withPreset.actions.length, partiesOf(withPreset))).toEqual({ kinds: [], count: 0 });
    const mine = {
      ...withPreset,
      actions: [...withPreset.actions, { atMs: 50, type: 'write', client: 'Client2', value: 'Z' } as Action],
    };
    expect(userFaults(mine, withPreset.actions.length, partiesOf(mine))).toEqual({ kinds: [], count: 0 });
  });

  it('tells a client’s clock from the lock service’s and the store’s crash from the lock service’s', () => {
    const s = plain(
      { atMs: 10, type: 'clockJump', party: 'Client1', deltaMs: 500 },
      { atMs: 20, type: 'clockJump', party: 'LockService', deltaMs: 500 },
      { atMs: 30, type: 'crash', party: 'Storage' },
      { atMs: 40, type: 'crash', party: 'LockService' },
      { atMs: 50, type: 'pause', client: 'Client1', durationMs: 10 },
      { atMs: 60, type: 'pause', client: 'Client2', durationMs: 10 },
    );
    expect(userFaults(s, WRITES.length, partiesOf(s))).toEqual({
      kinds: ['clock-jump-client', 'clock-jump-server', 'store-crash', 'lock-crash', 'pause'],
      count: 6,
    });
  });
});

describe('learnerSearch', () => {
  it('asks for nothing when the user added no fault', () => {
    const s = plain();
    expect(learnerSearch(s, s.actions.length, partiesOf(s))).toBeNull();
  });

  it('searches the same design with the kinds used, as many faults as used, from 1 to 3', () => {
    const pause = (atMs: number): Action => ({ atMs, type: 'pause', client: 'Client1', durationMs: 10 });
    const one = plain(pause(100));
    expect(learnerSearch(one, WRITES.length, partiesOf(one))).toEqual({
      scenario: one,
      faults: ['pause'],
      maxFaults: 1,
    });
    const five = plain(pause(1), pause(2), pause(3), pause(4), pause(5));
    expect(learnerSearch(five, WRITES.length, partiesOf(five))?.maxFaults).toBe(3);
  });

  it('finds one pause at its threshold for a plain lease the user broke with a long pause', () => {
    expect(simulate(plain()).verdict.ok).toBe(true);
    const theirs = plain({ atMs: 14, type: 'pause', client: 'Client1', durationMs: 2500 });
    expect(simulate(theirs).verdict.ok).toBe(false);
    const input = learnerSearch(theirs, WRITES.length, partiesOf(theirs));
    const answer = search(input!, ALL_MODELS);
    if (answer.kind !== 'broken') throw new Error(`expected a break, got ${answer.kind}`);
    expect(answer.faults).toBe(1);
    expect(answer.scenario.actions.filter((a) => a.type === 'pause')).toHaveLength(1);
    expect(answer.thresholds.join(' ')).toMatch(/at least 1,286 ms/);
    expect(simulate(answer.scenario).verdict.ok).toBe(false);
  });
});
