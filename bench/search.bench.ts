// `npm run bench` (second part): what the Break it search costs, in figures. It reports; it
// asserts nothing (timings on a shared machine are noisy). Prints:
//  - schedules per second on the canonical race (one fault of every kind), each schedule run from
//    the start and each resumed from the fault-free run's checkpoints, as the search does;
//  - the time to the minimised answer for each unsafe design (median and worst of a few runs);
//  - the time to exhaust up to 2 faults for each safe design, of the kinds in BENCH_SEARCH_KINDS
//    (default: pause; every kind at 2 faults is several hundred thousand schedules per design).
import { performance } from 'node:perf_hooks';
import { createSimulator, findPreset, type Scenario } from '../src/engine/index';
import { ALL_MODELS } from '../src/engine/surfaces/allModels';
import { FAULT_KINDS, search, type FaultKind } from '../src/engine/surfaces/search';
import { castOf, faultFree, placements, withFaults } from '../src/engine/search/faults';

const sim = createSimulator(ALL_MODELS);
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const scenario = (id: string): Scenario => findPreset(id)!.scenario;

function timed<T>(f: () => T): { value: T; ms: number } {
  const start = performance.now();
  const value = f();
  return { value, ms: performance.now() - start };
}

// 1. Schedules per second on the canonical race: from the start, and resumed from checkpoints.
const base = faultFree(scenario('canonical-race'));
const baseRun = sim.simulateWithCheckpoints(base, { checkpointEvery: 1 });
const cast = castOf(baseRun.trace);
const schedules = placements(baseRun.trace, FAULT_KINDS).map((f) => withFaults(base, [f], cast));
const PASSES = 5;
/** Schedules per second of each of PASSES passes over every schedule: the first is cold (the JIT
 * has not compiled the engine's hot paths yet), the median is the steady state a search reaches. */
function passes(runOne: (s: Scenario) => unknown): number[] {
  return Array.from({ length: PASSES }, () => {
    const { ms } = timed(() => schedules.forEach(runOne));
    return (schedules.length / ms) * 1000;
  });
}
const fresh = passes((s) => sim.simulate(s));
const resumed = passes((s) => sim.resume(baseRun, s, { checkpointEvery: Number.MAX_SAFE_INTEGER }));
const said = (xs: number[]) => `${fmt(median(xs))} schedules/s (median of ${PASSES} passes; first pass ${fmt(xs[0]!)})`;
console.log(`Break it search on the canonical race, ${fmt(schedules.length)} one-fault schedules of every kind:`);
console.log(`  run from the start:          ${said(fresh)}`);
console.log(`  resumed from checkpoints:    ${said(resumed)} (aim: 2,000)`);
const whole = timed(() =>
  search({ scenario: scenario('canonical-race'), faults: FAULT_KINDS, maxFaults: 1 }, ALL_MODELS),
);
const tried = whole.value.kind === 'held' ? whole.value.tried : 0;
console.log(
  `  the whole search (held):     ${fmt(tried)} schedules in ${fmt(whole.ms)} ms, ${fmt((tried / whole.ms) * 1000)} schedules/s`,
);

// 2. Time to the minimised answer per unsafe design, every kind of fault, up to 2 faults.
const UNSAFE = [
  'lease-trust-race',
  'redlock-race',
  'pitfall-uuid',
  'pitfall-wall-clock',
  'pitfall-counter-reset',
  'pitfall-no-check',
  'pitfall-less-than',
  'pitfall-email',
  'pitfall-second-store',
];
const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 3);
console.log(`\nTime to the minimised answer, every kind of fault, up to 2 faults (median / worst of ${RUNS}):`);
for (const id of UNSAFE) {
  const input = { scenario: scenario(id), faults: FAULT_KINDS, maxFaults: 2 };
  const runs = Array.from({ length: RUNS }, () => timed(() => search(input, ALL_MODELS)));
  const r = runs[0]!.value;
  const what =
    r.kind === 'broken'
      ? `${r.faults} fault(s), ${r.rule}, ${fmt(r.tried)} tried: ${r.thresholds.join('; ')}`
      : r.kind === 'property'
        ? 'a property of the design (0 faults)'
        : r.kind;
  const ms = runs.map((x) => x.ms);
  console.log(`  ${id.padEnd(24)}${fmt(median(ms)).padStart(7)} / ${fmt(Math.max(...ms)).padStart(6)} ms  ${what}`);
}

// 3. Time to exhaust up to 2 faults per safe design.
const kinds = (process.env.BENCH_SEARCH_KINDS ?? 'pause').split(',') as FaultKind[];
console.log(`\nTime to exhaust up to 2 faults of these kinds: ${kinds.join(', ')}:`);
for (const id of ['canonical-race', 'zookeeper-race', 'etcd-race', 'chubby-race', 'qjm-race']) {
  const { value, ms } = timed(() => search({ scenario: scenario(id), faults: kinds, maxFaults: 2 }, ALL_MODELS));
  const said =
    value.kind === 'held' ? `held, ${fmt(value.tried)} schedules` : `FINDING: ${JSON.stringify(value).slice(0, 300)}`;
  console.log(`  ${id.padEnd(24)}${fmt(ms / 1000, 1).padStart(7)} s  ${said}`);
}
