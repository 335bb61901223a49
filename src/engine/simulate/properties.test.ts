// Property-based tests over random fault schedules (pauses, delays, partitions, restarts, clock
// jumps). Generic fencing with a durable counter and a durable max_seen must keep every invariant
// on every schedule; a plain lease must be broken by some schedule, which is printed with the
// scenario that reproduces it, shrunk to a few actions.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSimulator, validateScenario, type Action, type Scenario } from '../index';
import { ALL_MODELS } from '../models/all';

const { simulate } = createSimulator(ALL_MODELS);

const CLIENTS = ['Client1', 'Client2', 'Client3'];
const PARTIES = ['LockService', ...CLIENTS, 'Storage'];
// A fixed seed keeps CI repeatable; change it locally to explore other schedules.
const FC_SEED = 20261129;

const at = fc.integer({ min: 0, max: 6000 });
const client = fc.constantFrom(...CLIENTS);
const pair = fc.uniqueArray(fc.constantFrom(...PARTIES), { minLength: 2, maxLength: 2 });

const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ atMs: at, type: fc.constant('acquire' as const), client }) },
  {
    weight: 5,
    arbitrary: fc.record({
      atMs: at,
      type: fc.constant('write' as const),
      client,
      value: fc.constantFrom('A', 'B', 'C', 'D'),
    }),
  },
  { weight: 2, arbitrary: fc.record({ atMs: at, type: fc.constant('release' as const), client }) },
  {
    weight: 3,
    arbitrary: fc.record({
      atMs: at,
      type: fc.constant('pause' as const),
      client,
      durationMs: fc.integer({ min: 100, max: 3000 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ atMs: at, type: fc.constant('expireLease' as const) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      atMs: at,
      type: fc.constant('crash' as const),
      party: fc.constantFrom('LockService', 'Storage'),
      restartAfterMs: fc.integer({ min: 50, max: 1500 }),
    }),
  },
  {
    weight: 1,
    arbitrary: pair
      .map(([a, b]) => ({ a: a!, b: b! }))
      .chain((p) => at.map((atMs) => ({ atMs, type: 'partition' as const, ...p }))),
  },
  {
    weight: 1,
    arbitrary: pair
      .map(([a, b]) => ({ a: a!, b: b! }))
      .chain((p) => at.map((atMs) => ({ atMs, type: 'heal' as const, ...p }))),
  },
  {
    weight: 1,
    arbitrary: pair.chain(([from, to]) =>
      fc.record({
        atMs: at,
        type: fc.constant('delay' as const),
        from: fc.constant(from!),
        to: fc.constant(to!),
        extraMs: fc.integer({ min: 100, max: 3000 }),
      }),
    ),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      atMs: at,
      type: fc.constant('clockJump' as const),
      party: fc.constantFrom(...PARTIES),
      deltaMs: fc.integer({ min: -3000, max: 3000 }),
    }),
  },
);

function scenarioArb(strategy: string, knobs: Scenario['knobs'], maxActions = 30): fc.Arbitrary<Scenario> {
  return fc
    .record({
      seed: fc.nat(),
      actions: fc.array(action, { minLength: 4, maxLength: maxActions }),
      dropRate: fc.constantFrom(0, 0, 0.05),
    })
    .map(({ seed, actions, dropRate }) => {
      const result = validateScenario({
        format: 'fencelab.scenario',
        version: 1,
        name: 'random schedule',
        strategy,
        knobs,
        seed,
        clients: CLIENTS.length,
        network: { latencyMsMin: 1, latencyMsMax: 30, dropRate },
        actions,
      });
      if (!result.ok)
        throw new Error(`generator made an invalid scenario: ${result.error.path}: ${result.error.message}`);
      return result.scenario;
    });
}

describe('fencing with a durable counter and a durable max_seen', () => {
  it('keeps every invariant under random pauses, delays, partitions, restarts and clock jumps', () => {
    fc.assert(
      fc.property(
        scenarioArb('fencing', { tokenSource: 'durable-counter', check: 'reject-le', maxSeenDurable: true }),
        (scenario) => {
          const { verdict } = simulate(scenario);
          expect(verdict.violations).toEqual([]);
          expect(verdict.tokensMonotonic || verdict.tokensIssued.length === 0).toBe(true);
        },
      ),
      { seed: FC_SEED, numRuns: 300 },
    );
  });

  it('keeps them with reject-< and (token, seq) too, since a durable counter never repeats a token', () => {
    for (const check of ['reject-lt', 'token-seq'] as const) {
      fc.assert(
        fc.property(scenarioArb('fencing', { check }), (scenario) => {
          expect(simulate(scenario).verdict.violations).toEqual([]);
        }),
        { seed: FC_SEED, numRuns: 100 },
      );
    }
  });
});

/** Drops actions one at a time while the scenario still breaks an invariant: a small, readable counterexample. */
function minimise(scenario: Scenario): Scenario {
  let current = scenario;
  for (let changed = true; changed;) {
    changed = false;
    for (let i = 0; i < current.actions.length; i++) {
      const candidate = { ...current, actions: current.actions.filter((_, j) => j !== i) };
      if (!simulate(candidate).verdict.ok) {
        current = candidate;
        changed = true;
        break;
      }
    }
  }
  return current;
}

describe('a plain lease that trusts the client', () => {
  it('is broken by some schedule: a superseded holder overwrites newer data', () => {
    const result = fc.check(
      fc.property(scenarioArb('lease-trust', {}), (scenario) => simulate(scenario).verdict.ok),
      { seed: FC_SEED, numRuns: 1000, endOnFailure: true },
    );
    expect(result.failed).toBe(true);
    const found = minimise(result.counterexample![0]);
    const trace = simulate(found);
    console.info(
      `lease + trust broken; fast-check seed ${result.seed} finds it at run ${result.numRuns}. Minimal schedule (${found.actions.length} actions):\n` +
        `${JSON.stringify(found)}\n${trace.verdict.violations[0]!.message}`,
    );
    expect(trace.verdict.violations.map((v) => v.invariant)).toContain('accepted-writes-in-grant-order');
    expect(found.actions.length).toBeLessThan(result.counterexample![0].actions.length);
  });
});
