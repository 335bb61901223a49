// The runs the golden traces pin, and the files they are kept in: every preset under its own
// strategy and under every other, a few hundred random fault schedules per strategy, and a few
// long random workloads. Invariant: the same code gives the same runs (fast-check's sampler and
// the workload generator are seeded), so a pinned file always names the run it holds.
import fc from 'fast-check';
import {
  PRESETS,
  STRATEGIES,
  carryTo,
  effectiveKnobs,
  findStrategy,
  randomWorkload,
  type Action,
  type Scenario,
} from '../../src/engine/index';

/** One pinned run: its name, how to run it again, and the scenario (with what carrying it to
 * another strategy left behind, which the CLI prints before the trace). */
export interface GoldenRun {
  /** Unique across all files, e.g. `canonical-race as redlock`, `etcd #7`, `workload fencing seed 3`. */
  key: string;
  /** One line that reproduces the run: a `npm run sim` command, the scenario JSON, or a call. */
  howToRun: string;
  scenario: Scenario;
  /** The CLI's `Carried: ...` lines (empty unless the run carries a preset to another strategy). */
  carriedNotes: string[];
}

/** A file of pinned runs: `path` relative to scripts/__golden__, and what each entry keeps. */
export interface GoldenFile {
  path: string;
  /** `text`: the full text trace; `summary`: one line (verdict, steps, final max_seen). */
  detail: 'text' | 'summary';
  runs: GoldenRun[];
}

const RANDOM_RUNS_PER_STRATEGY = 40;
/** fast-check's sampler seed for the n-th strategy of STRATEGIES is this plus n. */
const RANDOM_SEED_BASE = 1000;
const WORKLOAD_SEEDS = [1, 2, 3, 4, 5] as const;
const WORKLOAD_STRATEGIES = ['fencing', 'lease-trust'] as const;
const WORKLOAD_ACTIONS = 300;

const clientIdsOf = (n: number): string[] => Array.from({ length: n }, (_, i) => `Client${i + 1}`);

/** Random schedules aimed at the parties `strategyId` really has: jobs, pauses, partitions,
 * delays, crashes, clock jumps and forced expiry, from fast-check's sampler seeded with `seed`. */
function randomSchedules(strategyId: string, seed: number): Scenario[] {
  const strategy = findStrategy(strategyId);
  if (!strategy) throw new Error(`unknown strategy "${strategyId}"`);
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

/** Every preset's runs: under its own strategy (`<preset>.txt`), then carried to each other
 * strategy as `npm run sim -- --strategy` carries it (`<preset>@<strategy>.txt`). */
function presetFiles(): GoldenFile[] {
  const files: GoldenFile[] = [];
  for (const preset of PRESETS) {
    const sim = `npm run sim -- --preset ${preset.id}`;
    files.push({
      path: `presets/${preset.id}.txt`,
      detail: 'text',
      runs: [{ key: preset.id, howToRun: sim, scenario: preset.scenario, carriedNotes: [] }],
    });
    for (const s of STRATEGIES) {
      // Carrying a scenario to its own strategy returns it unchanged: that run is the file above.
      if (s.id === preset.scenario.strategy) continue;
      const carried = carryTo(preset.scenario, s.id);
      files.push({
        path: `presets/${preset.id}@${s.id}.txt`,
        detail: 'text',
        runs: [
          {
            key: `${preset.id} as ${s.id}`,
            howToRun: `${sim} --strategy ${s.id}`,
            scenario: carried.scenario,
            carriedNotes: carried.notes,
          },
        ],
      });
    }
  }
  return files;
}

/** The random fault schedules, one file per strategy, and the long workloads in one file. */
function randomFiles(): GoldenFile[] {
  const files: GoldenFile[] = STRATEGIES.map((s, i) => ({
    path: `random/${s.id}.txt`,
    detail: 'text',
    runs: randomSchedules(s.id, RANDOM_SEED_BASE + i).map((scenario, run) => ({
      key: `${s.id} #${run}`,
      howToRun: `npm run sim -- --scenario FILE, where FILE holds ${JSON.stringify(scenario)}`,
      scenario,
      carriedNotes: [],
    })),
  }));
  const workloads: GoldenRun[] = [];
  for (const seed of WORKLOAD_SEEDS)
    for (const strategy of WORKLOAD_STRATEGIES) {
      const options = { seed, strategy, actions: WORKLOAD_ACTIONS };
      workloads.push({
        key: `workload ${strategy} seed ${seed}`,
        howToRun: `randomWorkload(${JSON.stringify(options)}) from src/engine/workload/random.ts`,
        scenario: randomWorkload(options),
        carriedNotes: [],
      });
    }
  files.push({ path: 'random/workloads.txt', detail: 'summary', runs: workloads });
  return files;
}

/** Every pinned file, presets first; no two runs share a key and no two files a path. */
export function goldenFiles(): GoldenFile[] {
  return [...presetFiles(), ...randomFiles()];
}
