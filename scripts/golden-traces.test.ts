// Behaviour pinned: the trace JSON of every preset, of every preset under every strategy, and of a
// few hundred random fault schedules, each reduced to a SHA-256 and held against
// scripts/__golden__/presets.json and scripts/__golden__/random.json. A refactor of the engine
// must leave every hash as it was.
//
// When a change is meant to alter traces (a model fix), regenerate the file on purpose and say
// which traces changed and why in the commit:
//   npx vitest run scripts/golden-traces.test.ts -u
// CI never writes the file (Vitest does not update snapshots when CI is set), so a missing or
// stale entry fails there.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createSimulator,
  PRESETS,
  STRATEGIES,
  effectiveKnobs,
  findStrategy,
  randomWorkload,
  type Action,
  type Scenario,
} from '../src/engine/index';
import { withStrategy } from '../src/engine/surfaces/comparison';
import { ALL_MODELS } from '../src/engine/surfaces/allModels';

const { simulate } = createSimulator(ALL_MODELS);

const RANDOM_RUNS_PER_STRATEGY = 40;

/** The hash of the trace JSON, or the error the engine threw, so that errors are pinned too. */
function fingerprint(scenario: Scenario): string {
  try {
    return createHash('sha256')
      .update(JSON.stringify(simulate(scenario)))
      .digest('hex');
  } catch (e) {
    return `error: ${(e as Error).message}`;
  }
}

const clientIdsOf = (n: number): string[] => Array.from({ length: n }, (_, i) => `Client${i + 1}`);

/** Random schedules aimed at the parties `strategyId` really has: jobs, pauses, partitions,
 * delays, crashes, clock jumps and forced expiry, from fast-check's seeded sampler. */
function randomSchedules(strategyId: string, seed: number): Scenario[] {
  const strategy = findStrategy(strategyId)!;
  const arb = fc
    .record({ seed: fc.integer({ min: 0, max: 0x7fffffff }), clients: fc.integer({ min: 2, max: 3 }) })
    .chain(({ seed, clients }) => {
      const ids = clientIdsOf(clients);
      const parties = strategy.parties(effectiveKnobs(strategy, {}), ids);
      const others = parties.filter((p) => p.kind !== 'client').map((p) => p.id);
      const stores = parties.filter((p) => p.kind === 'resource').map((p) => p.id);
      const atMs = fc.integer({ min: 0, max: 5000 });
      const client = fc.constantFrom(...ids);
      const action: fc.Arbitrary<Action> = fc.oneof(
        fc.record({ atMs, type: fc.constant('acquire' as const), client }),
        fc.record({ atMs, type: fc.constant('write' as const), client, value: fc.constantFrom('A', 'B', 'C') }),
        fc.record({ atMs, type: fc.constant('release' as const), client }),
        fc.record({ atMs, type: fc.constant('pause' as const), client, durationMs: fc.integer({ min: 1, max: 3000 }) }),
        fc.record({ atMs, type: fc.constant('partition' as const), a: client, b: fc.constantFrom(...others) }),
        fc.record({ atMs, type: fc.constant('heal' as const), a: client, b: fc.constantFrom(...others) }),
        fc.record({
          atMs,
          type: fc.constant('delay' as const),
          from: client,
          to: fc.constantFrom(...stores),
          extraMs: fc.integer({ min: 0, max: 3000 }),
        }),
        fc.record({
          atMs,
          type: fc.constant('crash' as const),
          party: fc.constantFrom(...others),
          restartAfterMs: fc.integer({ min: 50, max: 2000 }),
        }),
        fc.record({
          atMs,
          type: fc.constant('clockJump' as const),
          party: fc.constantFrom(...parties.map((p) => p.id)),
          deltaMs: fc.integer({ min: -2000, max: 2000 }),
        }),
        fc.record({ atMs, type: fc.constant('expireLease' as const) }),
      );
      return fc.array(action, { minLength: 1, maxLength: 14 }).map((actions): Scenario => ({
        format: 'fencelab.scenario',
        version: 1,
        name: `random ${strategyId}`,
        seed,
        strategy: strategyId,
        knobs: {},
        clients,
        network: { latencyMsMin: 1, latencyMsMax: 20, dropRate: 0 },
        clocks: {},
        actions: [...actions].sort((a, b) => a.atMs - b.atMs),
        labels: [],
      }));
    });
  return fc.sample(arb, { seed, numRuns: RANDOM_RUNS_PER_STRATEGY });
}

describe('golden traces', () => {
  it('every preset, under its own strategy and every other, gives the trace it gave before', async () => {
    const hashes: Record<string, string> = {};
    for (const preset of PRESETS) {
      hashes[preset.id] = fingerprint(preset.scenario);
      for (const s of STRATEGIES) hashes[`${preset.id} as ${s.id}`] = fingerprint(withStrategy(preset.scenario, s.id));
    }
    await expect(`${JSON.stringify(hashes, null, 1)}\n`).toMatchFileSnapshot('./__golden__/presets.json');
  });

  it('random fault schedules under every strategy, and long random workloads, give the traces they gave before', async () => {
    const hashes: Record<string, string> = {};
    STRATEGIES.forEach((s, i) => {
      randomSchedules(s.id, 1000 + i).forEach((scenario, run) => {
        hashes[`${s.id} #${run}`] = fingerprint(scenario);
      });
    });
    for (const seed of [1, 2, 3, 4, 5])
      for (const strategy of ['fencing', 'lease-trust'])
        hashes[`workload ${strategy} seed ${seed}`] = fingerprint(randomWorkload({ seed, strategy, actions: 300 }));
    await expect(`${JSON.stringify(hashes, null, 1)}\n`).toMatchFileSnapshot('./__golden__/random.json');
  });
});
