// The public cases of stores that learn the newest token when the lock changes hands, with their
// real outcomes: Temporal's old shard owner refused before the new owner writes (and let in by a
// store that learns only from writes), Flink's old leader refused by equality on every seed (and
// let in on some by an ordering check of the same random tokens).
import { describe, expect, it } from 'vitest';
import { createSimulator, validateScenario, type Scenario, type Trace } from '../index';
import { ALL_MODELS } from '../models/all';
import { flinkEquality, temporalTakeover } from './takeover';

const { simulate } = createSimulator(ALL_MODELS);

const verdictOf = (trace: Trace, client: string) =>
  trace.steps.filter((s) => s.write?.client === client).map((s) => s.write!.verdict);
const stepAt = (trace: Trace, kind: string, client: string) =>
  trace.steps.find((s) => s.kind === kind && s.write?.client === client)?.timeMs ?? Infinity;

function run(scenario: Scenario): Trace {
  const checked = validateScenario(JSON.parse(JSON.stringify(scenario)));
  if (!checked.ok) throw new Error(checked.error.message);
  return simulate(checked.scenario);
}

describe('Temporal: fenced at takeover', () => {
  it("refuses the old owner's write that arrives before the new owner has written anything", () => {
    const trace = run(temporalTakeover.scenario);
    const stale = trace.steps.find((s) => s.kind === 'write.rejected' && s.write?.client === 'Client1');
    expect(stale?.write?.token).toBe(33);
    expect(stale?.write?.comparison).toBe('33 <= 34 -> REJECT');
    // It arrived first: Client2's own first write is decided later, and accepted.
    expect(stepAt(trace, 'write.rejected', 'Client1')).toBeLessThan(stepAt(trace, 'write.accepted', 'Client2'));
    expect(verdictOf(trace, 'Client2')).toEqual(['accepted']);
    const fence = trace.steps.find((s) => s.kind === 'store.fenced' && s.parties.includes('Client2'));
    expect(fence?.detail).toMatchObject({ accepted: true, maxSeenAfter: 34 });
    expect(fence!.timeMs).toBeLessThan(stale!.timeMs);
    expect(trace.verdict.staleWritesRejected).toBe(1);
    expect(trace.verdict.violations).toEqual([]);
  });

  it('the same run under a store that learns only from writes lets the stale write in', () => {
    const knobs = { ...temporalTakeover.scenario.knobs, fenceAtTakeover: false };
    const trace = run({ ...temporalTakeover.scenario, knobs });
    expect(trace.steps.some((s) => s.kind === 'store.fenced')).toBe(false);
    expect(verdictOf(trace, 'Client1')).toEqual(['accepted']);
    expect(trace.verdict.staleWriteAccepted?.client).toBe('Client1');
  });
});

describe('Flink: equality with the current token', () => {
  const seeds = Array.from({ length: 50 }, (_, i) => i + 1);
  const withSeed = (seed: number, knobs: Scenario['knobs']) => ({ ...flinkEquality.scenario, seed, knobs });

  it("refuses the old leader's message on every one of 50 seeds, with random tokens", () => {
    for (const seed of seeds) {
      const trace = run(withSeed(seed, flinkEquality.scenario.knobs));
      expect(verdictOf(trace, 'Client1'), `seed ${seed}`).toEqual(['rejected']);
      expect(verdictOf(trace, 'Client2'), `seed ${seed}`).toEqual(['accepted']);
      expect(trace.verdict.staleWritesAccepted, `seed ${seed}`).toBe(0);
      // The store asks only "is this the holder I was told of?": random tokens need no order here,
      // so the verdict holds, where an ordering check of them is broken (next test).
      expect(trace.verdict.violations, `seed ${seed}`).toEqual([]);
    }
  });

  it('an ordering check of the same random tokens lets the old leader in on some seeds', () => {
    const let_in = seeds.filter((seed) => {
      const trace = run(withSeed(seed, { tokenSource: 'uuid', check: 'reject-lt' }));
      return trace.verdict.staleWritesAccepted > 0;
    });
    expect(let_in.length).toBeGreaterThan(0);
    expect(let_in.length).toBeLessThan(seeds.length);
    const ordered = run(withSeed(1, { tokenSource: 'uuid', check: 'reject-lt' }));
    expect(ordered.verdict.violations.map((v) => v.invariant)).toContain('issued-tokens-increase');
  });
});

describe('validation of a store fenced at takeover', () => {
  const refused = (knobs: Scenario['knobs'], strategy = 'fencing') =>
    validateScenario({ ...temporalTakeover.scenario, strategy, knobs });

  it.each([
    [{ fenceAtTakeover: true, check: 'reject-le' }, 'fencing', /would refuse the holder's first write/],
    [{ fenceAtTakeover: true, check: 'none' }, 'fencing', /got "none"/],
    [{ fenceAtTakeover: true, check: 'token-seq', tokenSource: 'none' }, 'fencing', /needs a token/],
    [{ check: 'equal', fenceAtTakeover: false }, 'fencing', /needs the fence at takeover/],
    [{ fenceAtTakeover: true }, 'zookeeper', /generic strategies only/],
  ] as const)('refuses %j under %s with a sentence', (knobs, strategy, words) => {
    const r = refused(knobs as Scenario['knobs'], strategy);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(words);
  });
});
