// Each unsafe design's shortest breaking schedule: its fault count and kind, its threshold to the
// ms, that one ms less does not break it, that no schedule with fewer faults breaks it, and that
// the answer replays through simulate to the same rule at the same step.

import { describe, expect, it } from 'vitest';
import { createSimulator, findPreset, validateScenario, type Action, type Scenario } from '../index';
import { ALL_MODELS } from '../models/all';
import { search } from './search';
import type { FaultKind, SearchResult } from './types';

const { simulate } = createSimulator(ALL_MODELS);
const scenarioOf = (id: string): Scenario => findPreset(id)!.scenario;
type Broken = Extract<SearchResult, { kind: 'broken' }>;

function broken(id: string, faults: FaultKind[], maxFaults = 1): Broken {
  const result = search({ scenario: scenarioOf(id), faults, maxFaults }, ALL_MODELS);
  if (result.kind !== 'broken') throw new Error(`${id}: expected a break, got ${JSON.stringify(result)}`);
  return result;
}

/** The actions the search added: those of the answer that the preset's fault-free run lacks. */
const FAULT_TYPES = new Set(['pause', 'crash', 'clockJump', 'partition', 'heal', 'delay']);
const faultActions = (s: Scenario): Action[] => s.actions.filter((a) => FAULT_TYPES.has(a.type));

function firstRule(s: Scenario): { rule: string; step: number } | undefined {
  const v = [...simulate(s).verdict.violations].sort((a, b) => a.step - b.step)[0];
  return v && { rule: v.invariant, step: v.step };
}

/** The answer with its one fault's size made `by` ms smaller. */
function shrunk(s: Scenario, by: number): Scenario {
  const actions = s.actions.map((a): Action => {
    if (a.type === 'pause') return { ...a, durationMs: a.durationMs! - by };
    if (a.type === 'clockJump') return { ...a, deltaMs: a.deltaMs + Math.sign(a.deltaMs) * -by };
    return a;
  });
  return { ...s, actions };
}

const PAUSED: [string, string, number][] = [
  ['lease-trust-race', 'accepted-writes-in-grant-order', 1286],
  ['pitfall-email', 'no-stale-side-effect', 1186],
  ['pitfall-second-store', 'accepted-writes-in-grant-order', 1281],
  ['pitfall-no-check', 'accepted-writes-in-grant-order', 1286],
];

describe('unsafe designs: the shortest schedule', () => {
  it.each(PAUSED)('%s breaks with one pause of at least its threshold', (id, rule, least) => {
    const r = broken(id, ['pause', 'lock-crash']);
    expect(r.rule).toBe(rule);
    expect(r.faults).toBe(1);
    const [pause, ...rest] = faultActions(r.scenario);
    expect(rest).toEqual([]);
    expect(pause).toMatchObject({ type: 'pause', client: 'Client1', durationMs: least });
    expect(r.thresholds).toEqual([
      `breaks when Client1's pause at ${pause!.atMs} ms is at least ${least.toLocaleString('en-US')} ms`,
    ]);
    expect(firstRule(shrunk(r.scenario, 1))?.rule).not.toBe(rule);
  });

  it('a wall-clock token breaks with the lock service clock stepped back at least 1,202 ms', () => {
    const r = broken('pitfall-wall-clock', ['pause', 'clock-jump-server']);
    expect([r.rule, r.faults]).toEqual(['issued-tokens-increase', 1]);
    expect(faultActions(r.scenario)).toEqual([
      expect.objectContaining({ type: 'clockJump', party: 'LockService', deltaMs: -1202 }),
    ]);
    expect(firstRule(shrunk(r.scenario, 1))).toBeUndefined();
  });

  it('a resetting counter breaks with one lock-service crash, however short', () => {
    const r = broken('pitfall-counter-reset', ['pause', 'lock-crash']);
    expect([r.rule, r.faults]).toEqual(['issued-tokens-increase', 1]);
    expect(faultActions(r.scenario)).toEqual([
      expect.objectContaining({ type: 'crash', party: 'LockService', restartAfterMs: 1 }),
    ]);
  });

  it('each answer breaks nothing with its faults taken out (fewer faults do not break it)', () => {
    for (const [id] of PAUSED) {
      const r = broken(id, ['pause']);
      const none = { ...r.scenario, actions: r.scenario.actions.filter((a) => !FAULT_TYPES.has(a.type)) };
      expect(firstRule(none), id).toBeUndefined();
      expect(search({ scenario: scenarioOf(id), faults: ['pause'], maxFaults: 0 }, ALL_MODELS).kind, id).toBe('held');
    }
  });

  it('every answer is a valid scenario that replays through simulate to the same rule at the same step', () => {
    for (const [id, kinds] of [
      ...PAUSED.map(([p]) => [p, ['pause']] as const),
      ['pitfall-wall-clock', ['clock-jump-server']] as const,
    ]) {
      const r = broken(id, [...kinds]);
      expect(validateScenario(JSON.parse(JSON.stringify(r.scenario))).ok, id).toBe(true);
      expect(firstRule(r.scenario), id).toEqual({ rule: r.rule, step: r.breakStep });
      expect(r.chain.length, id).toBeGreaterThan(2);
      expect(r.chain.at(-1), id).toMatch(/\.$/);
    }
  });
});

describe('designs whose tokens carry no order', () => {
  it.each(['redlock-race', 'pitfall-uuid'])('%s: a property of the design, not a found schedule', (id) => {
    const r = search({ scenario: scenarioOf(id), faults: ['pause'], maxFaults: 1 }, ALL_MODELS);
    expect(r).toMatchObject({ kind: 'property', rule: 'issued-tokens-increase' });
    expect(r.kind === 'property' && r.words).toContain(
      "This design's tokens are not ordered, so no store can compare them",
    );
  });
});
