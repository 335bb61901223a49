// Redlock's retry policy is a knob, and what it decides is said: how often a client tries again,
// how long it waits, and whether a second client gives up while the zombie's key is still held.
import { describe, expect, it } from 'vitest';
import {
  createSimulator,
  REDLOCK_RETRY_CHOICES,
  REDLOCK_RETRY_DEFAULT,
  aboutStrategy,
  findPreset,
  findStrategy,
  retryChoiceOf,
  retryPolicyWords,
  stepDetail,
  type Knobs,
  type Scenario,
  type Trace,
} from '../index';
import { compareUnder, withStrategy } from '../surfaces/comparison';
import { scenarioOf } from '../presets/build';
import { ALL_MODELS } from '../models/all';

const simulator = createSimulator(ALL_MODELS);
const { simulate } = simulator;

const redlock = findStrategy('redlock')!;
const redlockAbout = aboutStrategy('redlock')!;

/** Client1 cannot reach a majority, so every try fails and the policy alone decides the rest. */
const cutOff = (knobs: Partial<Knobs>): Trace =>
  simulate(
    scenarioOf({
      name: 'no majority',
      strategy: 'redlock',
      knobs,
      actions: [
        ...['Redis1', 'Redis2', 'Redis3'].map((b) => ({ atMs: 0, type: 'partition' as const, a: 'Client1', b })),
        { atMs: 0, type: 'acquire', client: 'Client1' },
      ],
    }),
  );

/** Each failed try's wait before the next, and the wait the trace actually shows. */
function waits(trace: Trace): { said: number | undefined; took: number | undefined }[] {
  const failed = trace.steps.filter((s) => s.kind === 'lock.failed');
  const tries = trace.steps.filter((s) => s.kind === 'lock.requested');
  return failed.map((f, i) => ({
    said: stepDetail(f).retryInMs as number | undefined,
    took: tries[i + 1] ? tries[i + 1]!.timeMs - f.timeMs : undefined,
  }));
}

describe('the retry knobs', () => {
  it('default to what the client always did: 2 retries, 100 ms plus up to 199 ms apart', () => {
    expect(REDLOCK_RETRY_DEFAULT).toEqual({ retryCount: 2, retryDelayMs: 100, retryJitterMs: 200 });
    const w = waits(cutOff({}));
    expect(w).toHaveLength(3);
    expect(w[2]).toEqual({ said: undefined, took: undefined });
    for (const { said, took } of w.slice(0, 2)) {
      expect(said).toBe(took);
      expect(said).toBeGreaterThanOrEqual(100);
      expect(said).toBeLessThanOrEqual(299);
    }
  });

  it('set how many more tries a client makes and how long it waits before each', () => {
    const w = waits(cutOff({ retryCount: 5, retryDelayMs: 400, retryJitterMs: 0 }));
    expect(w).toHaveLength(6);
    expect(w.slice(0, 5)).toEqual(Array.from({ length: 5 }, () => ({ said: 400, took: 400 })));
    expect(w[5]!.said).toBeUndefined();
    // A jitter draws 0 … jitter − 1 ms on top of the base wait from the client's random stream.
    for (const { said } of waits(cutOff({ retryCount: 20, retryDelayMs: 1000, retryJitterMs: 3 })).slice(0, 20)) {
      expect([1000, 1001, 1002]).toContain(said);
    }
  });

  it('with no retries, give up after the first failed try', () => {
    const trace = cutOff({ retryCount: 0 });
    expect(waits(trace)).toEqual([{ said: undefined, took: undefined }]);
    expect(trace.steps.at(-1)!.snapshots.Client1!.state).toBe('idle');
  });

  it('mean nothing to the systems whose clients never give up', () => {
    const race = findPreset('canonical-race')!.scenario;
    for (const id of ['fencing', 'zookeeper', 'etcd', 'chubby']) {
      const plain = simulate(withStrategy(race, id));
      const knobbed = simulate(withStrategy({ ...race, knobs: { retryCount: 0, retryDelayMs: 5000 } }, id));
      expect(knobbed.steps, id).toEqual(plain.steps);
    }
  });
});

describe("the client libraries' defaults", () => {
  it('are offered in the knobs’ terms, read from each library’s source', () => {
    const byId = Object.fromEntries(
      REDLOCK_RETRY_CHOICES.map((c) => [c.id, [c.retryCount, c.retryDelayMs, c.retryJitterMs]]),
    );
    expect(byId).toEqual({
      fencelab: [2, 100, 200],
      // retryCount 10, retryDelay 200 ± retryJitter 100 (src/index.ts defaultSettings).
      'node-redlock': [10, 100, 200],
      // retry_count 3 (tried retry_count + 1 times), 200 + rand(50) ms.
      'redlock-rb': [3, 200, 50],
      // retry_count 3 counts every try, sleep(0.2).
      'redlock-py': [2, 200, 0],
      // 32 tries, 50 + rand.Intn(200) ms.
      redsync: [31, 50, 200],
    });
    expect(retryChoiceOf(REDLOCK_RETRY_CHOICES, REDLOCK_RETRY_DEFAULT)?.id).toBe('fencelab');
    expect(retryChoiceOf(REDLOCK_RETRY_CHOICES, { retryCount: 10, retryDelayMs: 100, retryJitterMs: 200 })?.id).toBe(
      'node-redlock',
    );
    expect(
      retryChoiceOf(REDLOCK_RETRY_CHOICES, { retryCount: 11, retryDelayMs: 100, retryJitterMs: 200 }),
    ).toBeUndefined();
    expect(redlock.retry?.choices).toBe(REDLOCK_RETRY_CHOICES);
    for (const c of REDLOCK_RETRY_CHOICES) expect(c.source, c.id).toMatch(/\S/);
  });
});

describe('the words for a policy', () => {
  it('give the count and the range of waits', () => {
    expect(retryPolicyWords({ retryCount: 2, retryDelayMs: 100, retryJitterMs: 200 })).toBe(
      '2 retries, 100–299 ms apart',
    );
    expect(retryPolicyWords({ retryCount: 2, retryDelayMs: 200, retryJitterMs: 0 })).toBe('2 retries, 200 ms apart');
    expect(retryPolicyWords({ retryCount: 2, retryDelayMs: 200, retryJitterMs: 1 })).toBe('2 retries, 200 ms apart');
    expect(retryPolicyWords({ retryCount: 1, retryDelayMs: 1500, retryJitterMs: 0 })).toBe(
      '1 retry, 1,500 ms after the failed try',
    );
    expect(retryPolicyWords({ retryCount: 0, retryDelayMs: 100, retryJitterMs: 200 })).toBe('no retries');
  });

  it("make Redlock's simplification follow the default rather than a number written by hand", () => {
    expect(redlockAbout.simplification).toContain(`gives up after ${retryPolicyWords(REDLOCK_RETRY_DEFAULT)}`);
    expect(redlockAbout.simplification).not.toMatch(/twice/);
  });
});

describe('the canonical race with a 10 s key and a 30 s pause of Client1', () => {
  const race = (knobs: Partial<Knobs> = {}): Scenario => {
    const carried = withStrategy(findPreset('canonical-race')!.scenario, 'redlock');
    return {
      ...carried,
      knobs: { ...carried.knobs, leaseTtlMs: 10_000, ...knobs },
      actions: carried.actions.map((a) => (a.type === 'pause' ? { ...a, durationMs: 30_000 } : a)),
    };
  };
  /** When the last master let Client1's key go. */
  const keysGoneMs = (trace: Trace): number =>
    Math.max(
      ...trace.steps
        .filter((s) => s.kind === 'lease.expired' && s.party.startsWith('Redis') && s.parties.includes('Client1'))
        .map((s) => s.timeMs),
    );
  const granted = (trace: Trace, client: string) => trace.leases.find((l) => l.holder === client);
  const lastFailure = (trace: Trace) => trace.steps.filter((s) => s.kind === 'lock.failed').at(-1)!;

  it('under the default, Client2 gives up long before the key expires, and the warning names the policy', () => {
    const trace = simulate(race());
    expect(granted(trace, 'Client2')).toBeUndefined();
    const gaveUpMs = lastFailure(trace).timeMs;
    expect(gaveUpMs).toBeLessThan(2_000);
    expect(keysGoneMs(trace)).toBeGreaterThan(10_000);
    // Nobody newer wrote, so the zombie's write counts as no stale write: the danger is hidden.
    expect(trace.verdict.staleWritesAccepted).toBe(0);
    const row = compareUnder(race(), redlock, simulator);
    expect(row.staleWriteBlocked).toBeNull();
    expect(row.warnings).toContain(
      `Client2 asked for the lock and never got it: it gave up after 3 tries at ${gaveUpMs.toLocaleString('en-US')} ms (its retry limit: 2 retries, 100–299 ms apart), while Client1's grant still ran until ${trace.leases[0]!.endedMs!.toLocaleString('en-US')} ms, so no second holder ever wrote.`,
    );
  });

  it("gives up under node-redlock's 10 retries too: 10 waits of 100–299 ms are about 3 s, not 10", () => {
    const nodeRedlock = REDLOCK_RETRY_CHOICES.find((c) => c.id === 'node-redlock')!;
    const { id: _id, label: _label, source: _source, ...policy } = nodeRedlock;
    const trace = simulate(race(policy));
    expect(granted(trace, 'Client2')).toBeUndefined();
    expect(trace.steps.filter((s) => s.kind === 'lock.failed')).toHaveLength(11);
    expect(lastFailure(trace).timeMs).toBeLessThan(4_000);
    expect(compareUnder(race(policy), redlock, simulator).warnings.join(' ')).toContain(
      'gave up after 11 tries at 3,383 ms (its retry limit: 10 retries, 100–299 ms apart)',
    );
  });

  it('needs 42 retries to outlast the key (seed 7): with 41 Client2 gives up just before the keys go', () => {
    const short = simulate(race({ retryCount: 41 }));
    expect(granted(short, 'Client2')).toBeUndefined();
    expect(lastFailure(short).timeMs).toBeGreaterThan(9_900);
    const long = simulate(race({ retryCount: 42 }));
    const second = granted(long, 'Client2')!;
    expect(second).toBeDefined();
    expect(second.grantedMs).toBeGreaterThan(keysGoneMs(long));
    expect(long.steps.filter((s) => s.kind === 'lock.failed')).toHaveLength(42);
  });

  it("with enough retries Client2 writes, and the zombie's write then counts as a stale write", () => {
    const trace = simulate(race({ retryCount: 42 }));
    const writes = trace.steps.filter((s) => s.write?.verdict === 'accepted').map((s) => s.write!);
    expect(writes.map((w) => [w.client, w.value, w.stale])).toEqual([
      ['Client2', 'X', false],
      ['Client1', 'Y', true],
    ]);
    expect(trace.verdict.staleWritesAccepted).toBe(1);
    const row = compareUnder(race({ retryCount: 42 }), redlock, simulator);
    expect(row.staleWriteBlocked).toBe(false);
    expect(row.warnings.join(' ')).not.toContain('never got it');
  });
});
