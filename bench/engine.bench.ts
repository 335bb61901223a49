// `npm run bench`: what the engine costs, in figures. It reports; it asserts nothing (timings on
// a shared machine are noisy: compare ratios taken in one run). Prints:
//  - throughput in simulated steps per second on a long random workload (>= 100,000 steps),
//    with the XState machines and with the plain-function reducers, and the ratio between them;
//  - the time to simulate the seed's canonical race;
//  - the cost of long horizons, in engine events per second: runs of 1e8 ms whose heartbeats are
//    nearly all their events (an etcd pause, a ZooKeeper partition at the very end), and the run
//    that once never ended (a 30 ms ZooKeeper session for 1e8 ms), cut short by its event budget.
import { performance } from 'node:perf_hooks';
import {
  DEFAULT_EVENT_BUDGET,
  carryTo,
  createSimulator,
  findPreset,
  randomWorkload,
  type Scenario,
  type Trace,
} from '../src/engine/index';
import { ALL_MODELS } from '../src/engine/surfaces/allModels';
import { PLAIN_MODELS } from '../src/engine/reference/plainParties';
import { Run } from '../src/engine/simulate/simulate';

const { simulate } = createSimulator(ALL_MODELS);
/** The generic strategies with the plain reducers in place of the machines. */
const plain = createSimulator(PLAIN_MODELS);

const ACTIONS = Number(process.env.BENCH_ACTIONS ?? 42_000);
const workload = randomWorkload({ seed: 2026, actions: ACTIONS, clients: 6 });

function timed(run: () => Trace): { trace: Trace; ms: number } {
  const start = performance.now();
  const trace = run();
  return { trace, ms: performance.now() - start };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

// Warm up both paths so the JIT has seen them before anything is timed.
simulate(randomWorkload({ seed: 1, actions: 2000 }));
plain.simulate(randomWorkload({ seed: 1, actions: 2000 }));

const machines = timed(() => simulate(workload, { maxSteps: 10_000_000 }));
const reducers = timed(() => plain.simulate(workload, { maxSteps: 10_000_000 }));
const steps = machines.trace.steps.length;
const agree =
  reducers.trace.steps.length === steps &&
  JSON.stringify(reducers.trace.verdict) === JSON.stringify(machines.trace.verdict) &&
  reducers.trace.steps.every(
    (s, i) => s.kind === machines.trace.steps[i]!.kind && s.write?.verdict === machines.trace.steps[i]!.write?.verdict,
  );

const race = findPreset('canonical-race')!.scenario;
const raceTimes = Array.from({ length: 200 }, () => timed(() => simulate(race)).ms);

const rate = (ms: number) => (steps / ms) * 1000;
console.log(`Fencelab engine benchmark (node ${process.version})`);
console.log(
  `workload: ${ACTIONS} random actions over 6 clients with faults -> ${fmt(steps)} steps, ${fmt(machines.trace.messages.length)} messages, ${fmt(machines.trace.endMs / 1000, 1)} s of virtual time`,
);
console.log(`  XState machines : ${fmt(machines.ms)} ms  ${fmt(rate(machines.ms))} steps/s`);
console.log(`  plain reducers  : ${fmt(reducers.ms)} ms  ${fmt(rate(reducers.ms))} steps/s`);
console.log(`  ratio           : XState takes ${fmt(machines.ms / reducers.ms, 2)}x the time of plain functions`);
console.log(
  `  verdicts agree  : ${agree ? 'yes' : 'NO'} (stale writes accepted ${machines.trace.verdict.staleWritesAccepted}, rejected ${machines.trace.verdict.staleWritesRejected}, violations ${machines.trace.verdict.violations.length})`,
);
console.log(
  `canonical race: ${machines.trace.steps.length > 0 ? simulate(race).steps.length : 0} steps, median ${fmt(median(raceTimes), 3)} ms over ${raceTimes.length} runs (min ${fmt(Math.min(...raceTimes), 3)} ms)`,
);

// Long horizons: what a run of heartbeats costs per event. (Run, not simulate(): it counts events.)
const LONG_MS = 99_999_999;
const under = (strategy: string): Scenario => carryTo(race, strategy).scenario;
const etcd = under('etcd');
const zookeeper = under('zookeeper');
const longHorizons: [string, Scenario][] = [
  [
    `etcd, Client1 paused for ${fmt(LONG_MS)} ms`,
    { ...etcd, actions: etcd.actions.map((a) => (a.type === 'pause' ? { ...a, durationMs: LONG_MS } : a)) },
  ],
  [
    `ZooKeeper, Client1 cut from ZooKeeper at ${fmt(LONG_MS)} ms`,
    {
      ...zookeeper,
      actions: [...zookeeper.actions, { atMs: LONG_MS, type: 'partition', a: 'Client1', b: 'ZooKeeper' }],
    },
  ],
  [
    `ZooKeeper, a 30 ms session for ${fmt(1e8)} ms`,
    { ...zookeeper, knobs: { leaseTtlMs: 30 }, durationMs: 100_000_000 },
  ],
];
console.log(`long horizons (event budget ${fmt(DEFAULT_EVENT_BUDGET)}):`);
for (const [name, scenario] of longHorizons) {
  const run = new Run(scenario, ALL_MODELS, {});
  const { trace, ms } = timed(() => run.run());
  const cut = trace.verdict.cutShort;
  console.log(
    `  ${name}: ${fmt(run.events)} events (${fmt(trace.heartbeats)} heartbeats, ${fmt(trace.steps.length)} steps) over ${fmt(trace.endMs)} ms in ${fmt(ms)} ms: ${fmt((run.events / ms) * 1000)} events/s${cut ? `; cut short at ${fmt(cut.atMs)} ms` : ''}`,
  );
}
if (!agree) process.exitCode = 1;
