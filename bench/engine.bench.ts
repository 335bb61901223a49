// `npm run bench`: what the engine costs, in figures. It reports; it asserts nothing (timings on
// a shared machine are noisy: compare ratios taken in one run). Prints:
//  - throughput in simulated steps per second on a long random workload (>= 100,000 steps),
//    with the XState machines and with the plain-function reducers, and the ratio between them;
//  - the time to simulate the seed's canonical race.
import { performance } from 'node:perf_hooks';
import { createSimulator, findPreset, randomWorkload, type Trace } from '../src/engine/index';
import { ALL_MODELS } from '../src/engine/surfaces/allModels';
import { PLAIN_MODELS } from '../src/engine/reference/plainParties';

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
if (!agree) process.exitCode = 1;
