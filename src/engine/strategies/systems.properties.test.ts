// Property-based tests over random fault schedules (shared/domain.md, F1-F5): pauses of 0.5-3
// TTLs, partitions between clients and servers, writes delayed past the lease, crashes and
// restarts, clock jumps, forced expiry, and random knobs: keepalives whose renewals a partition
// makes fail, every stop policy per client, a lease kept past its TTL, a lock-delay. ZooKeeper, etcd, checking Chubby, the quorum journal and
// generic fencing keep every invariant, I3 (one live grant at a time) included. A plain lease keeps
// I3 but lets a zombie overwrite newer data; Redlock breaks I3 itself with no pause at all, from
// clock jumps and restarts alone (Kleppmann 2016). fast-check finds each schedule. Seeds are fixed
// so a run is reproducible; a failure prints seed and path.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createSimulator,
  STOP_POLICIES,
  effectiveKnobs,
  findStrategy,
  validateScenario,
  type Action,
  type Knobs,
  type Scenario,
} from '../index';
import type { Trace } from '../index';
import { scenarioOf } from '../presets/build';
import { clientIds } from '../core/parties';
import { ALL_MODELS } from '../models/all';

const { simulate } = createSimulator(ALL_MODELS);

const TTL_MS = 1000;
const LAST_ACTION_MS = 5000;
// Each property runs a few hundred simulations; on two cores that takes seconds, not milliseconds.

type FaultKind = 'pause' | 'partition' | 'heal' | 'delay' | 'lateReply' | 'crash' | 'clockJump' | 'expireLease';
const ALL_FAULTS: readonly FaultKind[] = [
  'pause',
  'partition',
  'heal',
  'delay',
  'lateReply',
  'crash',
  'clockJump',
  'expireLease',
];
/** Schedules per strategy that fences: five of them make the 10,000 a CI run checks. */
const RUNS_PER_FENCING_STRATEGY = 2000;

/**
 * A random schedule for `strategy`: jobs (acquire, think, write, maybe release), some hit by a pause
 * between the grant and the write (F1), plus faults of the given kinds aimed at the parties it
 * really has: pauses, partitions, delayed writes, crashes with restarts, clock jumps, forced expiry
 * (F1-F5).
 */
function arbScenario(
  strategyId: string,
  faultKinds: readonly FaultKind[] = ALL_FAULTS,
  { lastActionMs = LAST_ACTION_MS, maxFaults = 5, randomKnobs = true } = {},
): fc.Arbitrary<Scenario> {
  const pauses = faultKinds.includes('pause');
  const strategy = findStrategy(strategyId)!;
  return fc
    .record({ seed: fc.integer({ min: 0, max: 0x7fffffff }), clients: fc.integer({ min: 2, max: 3 }) })
    .chain(({ seed, clients }) => {
      const ids = clientIds(clients);
      const parties = strategy.parties(effectiveKnobs(strategy, {}), ids);
      const servers = parties.filter((p) => p.kind !== 'client').map((p) => p.id);
      const stores = parties.filter((p) => p.kind === 'resource').map((p) => p.id);
      const atMs = fc.integer({ min: 0, max: lastActionMs });
      const client = fc.constantFrom(...ids);
      const pauseMs = fc.integer({ min: TTL_MS / 2, max: 3 * TTL_MS });
      const job = fc
        .record({
          client,
          atMs,
          thinkMs: fc.integer({ min: 0, max: 300 }),
          value: fc.constantFrom('A', 'B', 'C', 'D'),
          pausedMs: pauses ? fc.option(pauseMs, { freq: 2 }) : fc.constant(null),
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
      const faults: Record<FaultKind, fc.Arbitrary<Action>> = {
        pause: fc.record({ atMs, type: fc.constant('pause' as const), client, durationMs: pauseMs }),
        partition: pair
          .map(({ a, b }) => ({ type: 'partition' as const, a, b }))
          .chain((p) => atMs.map((t) => ({ ...p, atMs: t }))),
        heal: pair
          .map(({ a, b }) => ({ type: 'heal' as const, a, b }))
          .chain((p) => atMs.map((t) => ({ ...p, atMs: t }))),
        delay: fc.record({
          atMs,
          type: fc.constant('delay' as const),
          from: client,
          to: fc.constantFrom(...stores),
          extraMs: fc.integer({ min: 0, max: 3 * TTL_MS }),
        }),
        crash: fc.record({
          atMs,
          type: fc.constant('crash' as const),
          party: fc.constantFrom(...servers),
          restartAfterMs: fc.integer({ min: 50, max: 2 * TTL_MS }),
        }),
        clockJump: fc.record({
          atMs,
          type: fc.constant('clockJump' as const),
          party: fc.constantFrom(...parties.map((p) => p.id)),
          deltaMs: fc.integer({ min: -2 * TTL_MS, max: 2 * TTL_MS }),
        }),
        expireLease: fc.record({ atMs, type: fc.constant('expireLease' as const) }),
        // A lock server's next reply to a client held up: late grants, and grants re-sent while
        // the first is still on its way (F2).
        lateReply: fc.record({
          atMs,
          type: fc.constant('delay' as const),
          from: fc.constantFrom(...servers),
          to: client,
          extraMs: fc.integer({ min: TTL_MS / 2, max: 2 * TTL_MS }),
        }),
      };
      const fault = fc.oneof(...faultKinds.map((kind) => faults[kind]));
      // Knobs the issue-10 models added: a keepalive (whose renewals a partition makes fail), when
      // each client stops acting, a lease the service keeps past its TTL, a lock-delay.
      const knobs: fc.Arbitrary<Partial<Knobs>> = fc
        .record({
          keepalive: fc.boolean(),
          stopActing: fc.array(fc.constantFrom(...STOP_POLICIES), { minLength: clients, maxLength: clients }),
          leaseGraceFactor: fc.constantFrom(1, 1.5, 2),
          lockDelayMs: fc.option(fc.integer({ min: 0, max: TTL_MS }), { freq: 3 }),
        })
        .map(({ keepalive, stopActing, leaseGraceFactor, lockDelayMs }) => ({
          ...(keepalive ? { keepalive } : {}),
          stopActing: Object.fromEntries(ids.map((id, i) => [id, stopActing[i]!])),
          ...(leaseGraceFactor > 1 ? { leaseGraceFactor } : {}),
          ...(lockDelayMs !== null ? { lockDelayMs } : {}),
        }));
      return fc
        .record({
          jobs: fc.array(job, { minLength: 1, maxLength: 5 }),
          faults: fc.array(fault, { maxLength: maxFaults }),
          knobs: randomKnobs ? knobs : fc.constant({}),
        })
        .map(({ jobs, faults, knobs }) =>
          scenarioOf({
            name: `random ${strategyId}`,
            strategy: strategyId,
            seed,
            clients,
            knobs,
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
  ['fencing', 0xfe4c],
])('%s under random fault schedules', (strategy, seed) => {
  it('keeps every invariant: one live grant at a time, tokens increase, writes in grant order, max_seen never falls', () => {
    fc.assert(
      fc.property(arbScenario(strategy), (scenario) => {
        const trace = run(scenario);
        expect(trace.truncated).toBe(false);
        expect(brokenInvariants(trace)).toEqual([]);
        if (strategy === 'qjm') {
          for (const [txid, epochs] of epochsCommittedPerTxid(trace)) expect(epochs, `txid ${txid}`).toHaveLength(1);
        }
      }),
      { seed, numRuns: RUNS_PER_FENCING_STRATEGY },
    );
  }, 300_000);
});

/** Runs `property` until it fails, checks the counterexample, and prints how to replay it. */
function counterexample(strategy: string, property: fc.IProperty<[Scenario]>, seed: number): Trace {
  const result = fc.check(property, { seed, numRuns: 300 });
  expect(result.failed).toBe(true);
  const scenario = result.counterexample![0];
  const trace = run(scenario);
  console.info(
    `${strategy} breaks: fast-check seed ${result.seed}, path "${result.counterexamplePath}" (after ${result.numRuns} runs, ${result.numShrinks} shrinks). ${trace.verdict.violations.map((v) => v.message).join(' ')}\nReplay with npm run sim -- --scenario FILE, FILE holding:\n${JSON.stringify(scenario)}`,
  );
  return trace;
}

const breaks = (trace: Trace, invariant: string): boolean =>
  trace.verdict.violations.some((v) => v.invariant === invariant);

describe('lease-trust under random fault schedules', () => {
  it('never grants twice at once, yet a zombie overwrites a newer holder: belief is not a lock', () => {
    const property = fc.property(arbScenario('lease-trust'), (scenario) => {
      const trace = run(scenario);
      expect(breaks(trace, 'one-grant-at-a-time')).toBe(false);
      return !breaks(trace, 'accepted-writes-in-grant-order');
    });
    const trace = counterexample('lease-trust', property, 0x1ea5);
    expect(breaks(trace, 'accepted-writes-in-grant-order')).toBe(true);
    const zombie = trace.steps.find((s) => s.write?.stale && s.write.verdict === 'accepted')!;
    // The lock service had ended the zombie's lease before the newer grant: one holder at a time.
    expect(zombie.text).toContain('zombie');
  }, 30_000);
});

// Faults packed into a lease or two, so a master's fault often lands while a lock is held; partitions
// only shape who reaches which master (as in the redlock-clock-jump preset): they grant nothing.
const NO_PAUSE: FaultKind[] = ['partition', 'crash', 'clockJump'];
const DENSE = { lastActionMs: 2 * TTL_MS, maxFaults: 8 };

describe('redlock under random clock jumps and restarts, with no pause at all', () => {
  it('is broken: a schedule exists where two clients hold live grants at once (I3)', () => {
    const property = fc.property(arbScenario('redlock', NO_PAUSE, DENSE), (scenario) => {
      expect(scenario.actions.some((a) => a.type === 'pause')).toBe(false);
      return !breaks(run(scenario), 'one-grant-at-a-time');
    });
    const trace = counterexample('redlock', property, 0x4ed1);
    expect(trace.steps.some((s) => s.kind === 'client.paused')).toBe(false);
    const violation = trace.verdict.violations.find((v) => v.invariant === 'one-grant-at-a-time')!;
    const grant = trace.steps[violation.step]!;
    expect(grant.kind).toBe('lock.granted');
    // The earlier holder's grant was still live when the second was made: two holders, not a zombie.
    const earlier = trace.leases.filter((l) => l.grantedMs < grant.timeMs && l.holder !== grant.parties[0]);
    expect(earlier.some((l) => l.endedMs === null || l.endedMs > grant.timeMs)).toBe(true);
    expect(trace.steps.some((s) => s.kind === 'clock.jumped' || s.kind === 'node.restarted')).toBe(true);
  }, 30_000);
});
