// The search's contract: the same input gives the same answer byte for byte (the seeded random
// phase included), progress comes in slices, and bad input is refused with a sentence naming it.

import { describe, expect, it } from 'vitest';
import { findPreset, type Scenario } from '../index';
import { ALL_MODELS } from '../models/all';
import { search, startSearch } from './search';
import type { FaultKind, SearchInput, SearchProgress } from './types';

const race = (): Scenario => findPreset('canonical-race')!.scenario;
const plain = (): Scenario => findPreset('lease-trust-race')!.scenario;

describe('same input, same answer', () => {
  it('the seeded random phase gives the same answer byte for byte, and its bound counts it', () => {
    const input: SearchInput = {
      scenario: race(),
      faults: ['pause', 'delay'],
      maxFaults: 0,
      random: { seed: 11, schedules: 40, faults: 3 },
    };
    const a = JSON.stringify(search(input, ALL_MODELS));
    expect(JSON.stringify(search(input, ALL_MODELS))).toBe(a);
    expect(JSON.parse(a)).toMatchObject({ kind: 'held', tried: 41 });
    expect(JSON.parse(a).bound).toContain('No rule broken in all 41 schedules with up to 0 faults');
    expect(JSON.parse(a).bound).toContain('40 drawn at random with 3 faults from seed 11');
  });

  it('a random phase over a plain lease finds a break and minimises it the same way twice', () => {
    const input: SearchInput = {
      scenario: plain(),
      faults: ['pause'],
      maxFaults: 0,
      random: { seed: 3, schedules: 200, faults: 2 },
    };
    const a = search(input, ALL_MODELS);
    expect(a.kind).toBe('broken');
    expect(JSON.stringify(search(input, ALL_MODELS))).toBe(JSON.stringify(a));
  });

  it('startSearch reports growing progress in slices and ends with the answer search() gives', () => {
    const input: SearchInput = { scenario: race(), faults: ['pause', 'partition'], maxFaults: 1 };
    const it = startSearch(input, ALL_MODELS);
    const seen: SearchProgress[] = [];
    let step = it.next();
    while (!step.done) {
      seen.push(step.value);
      step = it.next();
    }
    expect(seen.length).toBeGreaterThan(2);
    expect(seen.map((p) => p.tried)).toEqual([...seen.map((p) => p.tried)].sort((x, y) => x - y));
    expect(step.value).toEqual(search(input, ALL_MODELS));
    expect(step.value.kind === 'held' && step.value.tried).toBe(seen.at(-1)!.tried);
  });
});

describe('bad input', () => {
  const bad: [string, unknown, RegExp][] = [
    [
      'an invalid scenario',
      { scenario: { ...race(), clients: 0 }, faults: ['pause'], maxFaults: 1 },
      /^the scenario is not valid: clients/,
    ],
    [
      'an unknown fault kind',
      { scenario: race(), faults: ['gc'], maxFaults: 1 },
      /unknown fault kind "gc" \(one of: pause, /,
    ],
    ['no fault kinds', { scenario: race(), faults: [], maxFaults: 1 }, /^pick at least one kind of fault/],
    [
      'too many faults',
      { scenario: race(), faults: ['pause'], maxFaults: 9 },
      /^maxFaults must be a whole number from 0 to 3, not 9\.$/,
    ],
    ['a fractional bound', { scenario: race(), faults: ['pause'], maxFaults: 1.5 }, /^maxFaults must be/],
    [
      'a random phase of no schedules',
      { scenario: race(), faults: ['pause'], maxFaults: 1, random: { seed: 1, schedules: 0, faults: 3 } },
      /^random\.schedules must be/,
    ],
    ['no input at all', null, /^the search needs a scenario/],
  ];
  it.each(bad)('%s gives invalid with a sentence naming it', (_, input, message) => {
    const r = search(input as SearchInput, ALL_MODELS);
    expect(r.kind).toBe('invalid');
    expect(r.kind === 'invalid' && r.message).toMatch(message);
  });

  it('a strategy the search has no model of is named', () => {
    const r = search({ scenario: race(), faults: ['pause' as FaultKind], maxFaults: 1 }, {});
    expect(r).toEqual({ kind: 'invalid', message: 'the search was given no model of the strategy "fencing".' });
  });
});
