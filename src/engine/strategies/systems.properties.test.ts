// Property-based tests over random fault schedules (shared/domain.md, F1-F5): pauses of 0.5-3
// TTLs, partitions between clients and servers, writes delayed past the lease, crashes and
// restarts, clock jumps, forced expiry. ZooKeeper, etcd, checking Chubby and the quorum journal
// keep every invariant; Redlock and a plain lease are broken, and fast-check finds a schedule
// that shows it. Seeds are fixed so a run is reproducible; a failure prints seed and path.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { effectiveKnobs, findStrategy, simulate, validateScenario, type Action, type Scenario } from '../index';
import type { Trace } from '../index';
import { scenarioOf } from '../presets/build';
import { clientIds } from './parties';

const TTL_MS = 1000;
const LAST_ACTION_MS = 5000;
// Each property runs a few hundred simulations; on two cores that takes seconds, not milliseconds.

/**
 * A random schedule for `strategy`: jobs (acquire, think, write, maybe release), some hit by a pause
 * between the grant and the write (F1), plus faults aimed at the parties it really has: pauses,
 * partitions, delayed writes, crashes with restarts, clock jumps, forced expiry (F1-F5).
 */
function arbScenario(strategyId: string): fc.Arbitrary<Scenario> {
  const strategy = findStrategy(strategyId)!;
  return fc
    .record({ seed: fc.integer({ min: 0, max: 0x7fffffff }), clients: fc.integer({ min: 2, max: 3 }) })
    .chain(({ seed, clients }) => {
      const ids = clientIds(clients);
      const parties = strategy.build(effectiveKnobs(strategy, {}), ids).map((p) => p.info);
      const servers = parties.filter((p) => p.kind !== 'client').map((p) => p.id);
      const stores = parties.filter((p) => p.kind === 'resource').map((p) => p.id);
      const atMs = fc.integer({ min: 0, max: LAST_ACTION_MS });
      const client = fc.constantFrom(...ids);
      const pauseMs = fc.integer({ min: TTL_MS / 2, max: 3 * TTL_MS });
      const job = fc
        .record({
          client,
          atMs,
          thinkMs: fc.integer({ min: 0, max: 300 }),
          value: fc.constantFrom('A', 'B', 'C', 'D'),
          pausedMs: fc.option(pauseMs, { freq: 2 }),
          release: fc.boolean(),
        })
        .map(({ client, atMs, thinkMs, value, pausedMs, release }): Action[] => {
          const writeMs = atMs + thinkMs;
          return [
            { atMs, type: 'acquire', client },
            // A pause at the write's instant comes first, so the write waits inside the frozen client.
            ...(pausedMs ? [{ atMs: writeMs, type: 'pause' as const, client, durationMs: pausedMs }] : []),
            { atMs: writeMs, type: 'write', client, value },
            ...(release ? [{ atMs: writeMs + 50, type: 'release' as const, client }] : []),
          ];
        });
      const pair = fc.record({ a: client, b: fc.constantFrom(...servers) });
      const fault: fc.Arbitrary<Action> = fc.oneof(
        fc.record({ atMs, type: fc.constant('pause' as const), client, durationMs: pauseMs }),
        pair
          .map(({ a, b }) => ({ type: 'partition' as const, a, b }))
          .chain((p) => atMs.map((t) => ({ ...p, atMs: t }))),
        pair.map(({ a, b }) => ({ type: 'heal' as const, a, b })).chain((p) => atMs.map((t) => ({ ...p, atMs: t }))),
        fc.record({
          atMs,
          type: fc.constant('delay' as const),
          from: client,
          to: fc.constantFrom(...stores),
          extraMs: fc.integer({ min: 0, max: 3 * TTL_MS }),
        }),
        fc.record({
          atMs,
          type: fc.constant('crash' as const),
          party: fc.constantFrom(...servers),
          restartAfterMs: fc.integer({ min: 50, max: 2 * TTL_MS }),
        }),
        fc.record({
          atMs,
          type: fc.constant('clockJump' as const),
          party: fc.constantFrom(...parties.map((p) => p.id)),
          deltaMs: fc.integer({ min: -2 * TTL_MS, max: 2 * TTL_MS }),
        }),
        fc.record({ atMs, type: fc.constant('expireLease' as const) }),
      );
      return fc
        .record({ jobs: fc.array(job, { minLength: 1, maxLength: 5 }), faults: fc.array(fault, { maxLength: 5 }) })
        .map(({ jobs, faults }) =>
          scenarioOf({
            name: `random ${strategyId}`,
            strategy: strategyId,
            seed,
            clients,
            actions: [...jobs.flat(), ...faults],
          }),
        );
    });
}

/** I9 (QJM): for each transaction id, at most one epoch has it on a quorum of journal nodes. */
function epochsCommittedPerTxid(trace: Trace): Map<number, number[]> {
  const copies = new Map<string, Set<string>>();
  for (const s of trace.steps) {
    if (s.kind !== 'write.accepted' || !s.party.startsWith('JN')) continue;
    const key = `${s.detail?.txid}|${s.write?.token}`;
    copies.set(key, (copies.get(key) ?? new Set()).add(s.party));
  }
  const committed = new Map<number, number[]>();
  for (const [key, jns] of copies) {
    if (jns.size < 2) continue;
    const [txid, epoch] = key.split('|').map(Number) as [number, number];
    committed.set(txid, [...(committed.get(txid) ?? []), epoch]);
  }
  return committed;
}

const run = (scenario: Scenario): Trace => {
  const valid = validateScenario(JSON.parse(JSON.stringify(scenario)));
  if (!valid.ok) throw new Error(`generated an invalid scenario: ${valid.error.path}: ${valid.error.message}`);
  return simulate(valid.scenario);
};

const brokenInvariants = (trace: Trace): string[] =>
  trace.verdict.violations.map((v) => `${v.invariant} at step ${v.step}`);

describe.each([
  ['zookeeper', 0x200c],
  ['etcd', 0xe7cd],
  ['chubby', 0xc4bb],
  ['qjm', 0x0a1f],
])('%s under random fault schedules', (strategy, seed) => {
  it('keeps every invariant: tokens increase, writes land in grant order, max_seen never falls', () => {
    fc.assert(
      fc.property(arbScenario(strategy), (scenario) => {
        const trace = run(scenario);
        expect(trace.truncated).toBe(false);
        expect(brokenInvariants(trace)).toEqual([]);
        if (strategy === 'qjm') {
          for (const [txid, epochs] of epochsCommittedPerTxid(trace)) expect(epochs, `txid ${txid}`).toHaveLength(1);
        }
      }),
      { seed, numRuns: 100 },
    );
  }, 30_000);
});

describe.each([
  ['redlock', 0x4ed1],
  ['lease-trust', 0x1ea5],
])('%s under random fault schedules', (strategy, seed) => {
  it("is broken: a schedule exists where a stale holder's write overwrites a newer holder's", () => {
    const property = fc.property(arbScenario(strategy), (scenario) => {
      const broken = run(scenario).verdict.violations.some((v) => v.invariant === 'accepted-writes-in-grant-order');
      return !broken;
    });
    const result = fc.check(property, { seed, numRuns: 200 });
    expect(result.failed).toBe(true);
    const scenario = result.counterexample![0];
    const trace = run(scenario);
    const violation = trace.verdict.violations.find((v) => v.invariant === 'accepted-writes-in-grant-order')!;
    expect(violation).toBeDefined();
    console.info(
      `${strategy} breaks: fast-check seed ${result.seed}, path "${result.counterexamplePath}" (after ${result.numRuns} runs, ${result.numShrinks} shrinks). ${violation.message}\nReplay with npm run sim -- --scenario FILE, FILE holding:\n${JSON.stringify(scenario)}`,
    );
  }, 30_000);
});
