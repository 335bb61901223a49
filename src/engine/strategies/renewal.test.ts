// Issue 10's renewal and stop-policy cases: a lease that renews until its renewal fails, an
// application that stops acting at LOST, at the first doubt, at a renew deadline or never, and a
// lock service that keeps a lease past its TTL and holds the lock back for a lock-delay (Consul).
// Each case asserts the value the issue states, under every system whose client it concerns.
import { describe, expect, it } from 'vitest';
import {
  createSimulator,
  stepDetail,
  validateScenario,
  type Action,
  type Knobs,
  type Scenario,
  type Trace,
} from '../index';
import { scenarioOf } from '../presets/build';
import { CUT_FROM_SERVICE, CUT_FROM_ZK } from '../presets/incidents';
import type { StopPolicy } from '../core/defaults';
import { ALL_MODELS } from '../models/all';

const { simulate } = createSimulator(ALL_MODELS);

const fixed = { latencyMsMin: 2, latencyMsMax: 2, dropRate: 0 };

const run = (strategy: string, knobs: Partial<Knobs>, actions: Action[]): Trace => {
  const scenario: Scenario = scenarioOf({ name: 'renewal', strategy, knobs, network: fixed, actions });
  const checked = validateScenario(JSON.parse(JSON.stringify(scenario)));
  if (!checked.ok) throw new Error(`${checked.error.path}: ${checked.error.message}`);
  return simulate(checked.scenario);
};

const of = (trace: Trace, party: string, kind: string) =>
  trace.steps.filter((s) => s.party === party && s.kind === kind);
const writeOf = (trace: Trace, value: string) => trace.steps.find((s) => s.write?.value === value)?.write;
const stop = (policy: StopPolicy): Partial<Knobs> => ({ stopActing: { Client1: policy } });

describe('lease renewal that can fail (generic strategies, keepalive on)', () => {
  it('a watchdog-style client (never told) writes w1 after w2, and a plain lease accepts it', () => {
    const trace = run('lease-trust', { keepalive: true, ...stop('never') }, CUT_FROM_SERVICE);
    expect(writeOf(trace, 'w2')).toMatchObject({ verdict: 'accepted', stale: false });
    expect(writeOf(trace, 'w1')).toMatchObject({ client: 'Client1', verdict: 'accepted', stale: true });
    expect(trace.verdict.ok).toBe(false);
    const accepted = trace.steps.filter((s) => s.write?.verdict === 'accepted').map((s) => s.write!.value);
    expect(accepted).toEqual(['w2', 'w1']);
    // Its library noticed the lease running out; nobody told the application.
    const lost = of(trace, 'Client1', 'lease.lost');
    expect(lost.length).toBeGreaterThan(0);
    expect(lost[0]!.text).toContain('Its application does not act on that and goes on as the holder.');
  });

  it('the same zombie under a fencing token is refused: 33 < max_seen 34', () => {
    const trace = run('fencing', { keepalive: true, ...stop('never') }, CUT_FROM_SERVICE);
    expect(writeOf(trace, 'w1')).toMatchObject({ token: 33, verdict: 'rejected', maxSeenBefore: 34 });
    expect(trace.verdict.ok).toBe(true);
  });

  it('a client that stops when its lease is lost (the default) does not write w1, and every invariant holds', () => {
    const trace = run('lease-trust', { keepalive: true }, CUT_FROM_SERVICE);
    expect(writeOf(trace, 'w1')).toBeUndefined();
    expect(of(trace, 'Client1', 'write.skipped')[0]?.detail).toMatchObject({ value: 'w1' });
    expect(trace.verdict.ok).toBe(true);
    // It believed until its last answered renewal plus a lease, well before Client2 took the lock.
    const lapse = of(trace, 'Client1', 'lease.lapsed')[0]!;
    expect(lapse.timeMs).toBeLessThan(1200);
  });

  it("renewal keeps a healthy holder's lock past one lease, and a waiter waits", () => {
    const trace = run('fencing', { keepalive: true }, [
      { atMs: 0, type: 'acquire', client: 'Client1' },
      { atMs: 500, type: 'acquire', client: 'Client2' },
      { atMs: 4000, type: 'write', client: 'Client1', value: 'late' },
      { atMs: 4100, type: 'release', client: 'Client1' },
    ]);
    expect(writeOf(trace, 'late')).toMatchObject({ token: 33, verdict: 'accepted', stale: false });
    const granted = of(trace, 'LockService', 'lock.granted');
    expect(granted.map((s) => [s.parties[1], s.token])).toEqual([
      ['Client1', 33],
      ['Client2', 34],
    ]);
    expect(granted[1]!.timeMs).toBeGreaterThan(4100);
    const last = trace.steps[trace.steps.length - 1]!;
    expect(last.snapshots.LockService!.fields.renewals).toBe(12); // every 333 ms for 4.1 s
    expect(last.snapshots.Client1!.fields.renewalsSent).toBe(12);
    // Requests and answers: Client1's 12 renewals, then Client2's 18 from its grant at 4,104 ms to
    // the run's end at 10,100 ms (the last action + 5 leases + 1 s): (12 + 18) x 2.
    expect(trace.heartbeats).toBe(60);
  });

  it('a renewal refused (the lease was taken away) ends the belief, or is noted once and ignored', () => {
    // The lease is expired by hand at 500 ms and goes to Client2; Client1's next renewal, at
    // 670 ms, reaches a service that no longer counts its grant.
    const actions: Action[] = [
      { atMs: 0, type: 'acquire', client: 'Client1' },
      { atMs: 400, type: 'acquire', client: 'Client2' },
      { atMs: 500, type: 'expireLease' },
      { atMs: 800, type: 'write', client: 'Client1', value: 'z' },
      { atMs: 900, type: 'write', client: 'Client2', value: 'x' },
      { atMs: 2000, type: 'write', client: 'Client1', value: 'z2' },
    ];
    const lost = run('fencing', { keepalive: true }, actions);
    const refused = of(lost, 'LockService', 'renewal.refused');
    expect(refused.map((s) => s.timeMs)).toEqual([672]);
    expect(refused[0]!.text).toContain("refuses to renew Client1's lease");
    expect(stepDetail(of(lost, 'Client1', 'lease.lapsed')[0]!).cause).toBe(
      'the lock service refused its renewal: the lease is gone',
    );
    expect(writeOf(lost, 'z')).toBeUndefined();

    const never = run('fencing', { keepalive: true, ...stop('never') }, actions);
    // Told once; its keepalive stops, and its library says so once, not again when its own clock runs out.
    expect(of(never, 'LockService', 'renewal.refused').length).toBe(1);
    expect(of(never, 'Client1', 'lease.lost').map((s) => stepDetail(s).cause)).toEqual([
      'the lock service refused its renewal: the lease is gone',
    ]);
    // Client2 had not written yet at 800 ms: z gets in, and the verdict counts it; z2 is refused.
    expect(writeOf(never, 'z')).toMatchObject({ token: 33, verdict: 'accepted', stale: true });
    expect(writeOf(never, 'z2')).toMatchObject({ token: 33, verdict: 'rejected' });
  });

  it('a renewal timer that fires late, after a pause past the lease, renews nothing', () => {
    const trace = run('fencing', { keepalive: true, leaseGraceFactor: 2 }, [
      { atMs: 0, type: 'acquire', client: 'Client1' },
      { atMs: 100, type: 'pause', client: 'Client1', durationMs: 1400 },
      { atMs: 1200, type: 'acquire', client: 'Client2' },
    ]);
    const last = trace.steps[trace.steps.length - 1]!;
    expect(last.snapshots.LockService!.fields.renewals).toBe(0);
    // The service keeps the lease twice over, from the grant at 2 ms: Client2 gets it at 2002.
    const granted = of(trace, 'LockService', 'lock.granted').find((s) => s.parties[1] === 'Client2')!;
    expect(granted.timeMs).toBe(2002);
  });

  it('shorter leases cost renewals: half the lease, twice the renewals, for the same hold', () => {
    const hold = (leaseTtlMs: number) =>
      run('fencing', { keepalive: true, leaseTtlMs }, [
        { atMs: 0, type: 'acquire', client: 'Client1' },
        { atMs: 6000, type: 'release', client: 'Client1' },
      ]);
    const long = hold(1200);
    const short = hold(600);
    const renewals = (t: Trace) => t.steps[t.steps.length - 1]!.snapshots.LockService!.fields.renewals;
    // Granted at 4 ms, renewed every third of the lease until the release at 6 s.
    expect(renewals(long)).toBe(14); // every 400 ms
    expect(renewals(short)).toBe(29); // every 200 ms
    // Each renewal is a request and an answer.
    expect([long.heartbeats, short.heartbeats]).toEqual([28, 58]);
  });
});

describe('when the application stops acting (generic, keepalive on)', () => {
  it('first doubt: it stops at the first renewal left unanswered, before its lease would end', () => {
    const trace = run('fencing', { keepalive: true, ...stop('first-doubt') }, CUT_FROM_SERVICE);
    const lapse = of(trace, 'Client1', 'lease.lapsed')[0]!;
    // Granted at 4 ms; renewal sent at 337 ms (lost in the cut); the next tick, at 670 ms, finds it unanswered.
    expect(lapse.timeMs).toBe(670);
    expect(lapse.detail).toMatchObject({ cause: expect.stringContaining('renewal went unanswered') });
    const lost = run('fencing', { keepalive: true }, CUT_FROM_SERVICE);
    expect(of(lost, 'Client1', 'lease.lapsed')[0]!.timeMs).toBeGreaterThan(666);
  });

  it('renew deadline: it stops a third of the lease before its own clock says the lease ends', () => {
    const deadline = run('fencing', { keepalive: true, leaseTtlMs: 900, ...stop('renew-deadline') }, CUT_FROM_SERVICE);
    const atLoss = run('fencing', { keepalive: true, leaseTtlMs: 900 }, CUT_FROM_SERVICE);
    const early = of(deadline, 'Client1', 'lease.lapsed')[0]!;
    const late = of(atLoss, 'Client1', 'lease.lapsed')[0]!;
    expect(late.timeMs - early.timeMs).toBe(300);
    expect(early.detail).toMatchObject({ cause: expect.stringContaining('renew deadline') });
  });

  it('without keepalive a never-told holder writes long after its one lease, and only the fence stops it', () => {
    const actions: Action[] = [
      { atMs: 0, type: 'acquire', client: 'Client1' },
      { atMs: 1200, type: 'acquire', client: 'Client2' },
      { atMs: 1300, type: 'write', client: 'Client2', value: 'w2' },
      { atMs: 1500, type: 'write', client: 'Client1', value: 'w1' },
    ];
    const acquired = of(run('fencing', stop('never'), actions), 'Client1', 'lock.acquired')[0]!;
    expect(acquired.text).toContain('only a store that refuses its token can stop it');
    expect(writeOf(run('fencing', stop('never'), actions), 'w1')).toMatchObject({ verdict: 'rejected' });
    expect(writeOf(run('lease-trust', stop('never'), actions), 'w1')).toMatchObject({
      verdict: 'accepted',
      stale: true,
    });
    expect(writeOf(run('fencing', {}, actions), 'w1')).toBeUndefined();
  });
});

describe('ZooKeeper: when the application stops acting (the issue case)', () => {
  it('at LOST (the default): Client1 stops and skips its write', () => {
    const trace = run('zookeeper', {}, CUT_FROM_ZK);
    expect(writeOf(trace, 'w1')).toBeUndefined();
    expect(of(trace, 'Client1', 'write.skipped')[0]?.detail).toMatchObject({ value: 'w1' });
    expect(stepDetail(of(trace, 'Client1', 'lease.lapsed')[0]!).cause).toContain('LOST');
  });

  it('never interrupted: it writes w1, refused by a store that checks the czxid, accepted by one that does not', () => {
    const checked = run('zookeeper', stop('never'), CUT_FROM_ZK);
    const w1 = writeOf(checked, 'w1')!;
    const w2 = writeOf(checked, 'w2')!;
    expect(w1).toMatchObject({ client: 'Client1', verdict: 'rejected' });
    expect(Number(w1.token)).toBeLessThan(Number(w2.token));
    expect(stepDetail(of(checked, 'Client1', 'lease.lost')[0]!).cause).toContain('LOST');
    const unchecked = run('zookeeper', { check: 'none', ...stop('never') }, CUT_FROM_ZK);
    expect(writeOf(unchecked, 'w1')).toMatchObject({ verdict: 'accepted', stale: true });
    expect(unchecked.verdict.ok).toBe(false);
  });

  it('on SUSPENDED: it stops at the first missed heartbeat, before Client2 even asks', () => {
    const trace = run('zookeeper', stop('first-doubt'), CUT_FROM_ZK);
    const lapse = of(trace, 'Client1', 'lease.lapsed')[0]!;
    const suspendedAt = of(run('zookeeper', {}, CUT_FROM_ZK), 'Client1', 'session.suspended')[0]!.timeMs;
    expect(lapse.timeMs).toBe(suspendedAt);
    expect(lapse.timeMs).toBeLessThan(1100);
    expect(stepDetail(lapse).cause).toContain('SUSPENDED');
    expect(writeOf(trace, 'w1')).toBeUndefined();
    // Client2 still gets the lock: ZooKeeper expires the session Client1 stopped pinging.
    expect(writeOf(trace, 'w2')).toMatchObject({ client: 'Client2', verdict: 'accepted' });
  });
});

describe('etcd and Chubby: the same four policies, each at its own moment', () => {
  const CUT = (server: string): Action[] => [
    { atMs: 0, type: 'acquire', client: 'Client1' },
    { atMs: 200, type: 'partition', a: 'Client1', b: server },
    { atMs: 2000, type: 'acquire', client: 'Client2' },
    { atMs: 2400, type: 'write', client: 'Client2', value: 'w2' },
    { atMs: 2500, type: 'write', client: 'Client1', value: 'w1' },
  ];
  for (const [strategy, server] of [
    ['etcd', 'etcd'],
    ['chubby', 'Chubby'],
  ] as const) {
    it(`${strategy}: first doubt and renew deadline stop before lost, and never writes (refused at the store)`, () => {
      const lapseAt = (policy: StopPolicy) =>
        of(run(strategy, stop(policy), CUT(server)), 'Client1', 'lease.lapsed')[0]!;
      const doubt = lapseAt('first-doubt');
      const deadline = lapseAt('renew-deadline');
      const lost = lapseAt('lost');
      // Both come well before the session is lost; with a keepalive every third of the lease,
      // the first unanswered one and the renew deadline fall within a few ms of each other.
      expect(doubt.timeMs).toBeLessThan(lost.timeMs - 250);
      expect(deadline.timeMs).toBeLessThan(lost.timeMs - 250);
      expect(stepDetail(doubt).cause).toContain('went unanswered');
      expect(stepDetail(deadline).cause).toContain('renew deadline');
      const never = run(strategy, stop('never'), CUT(server));
      expect(of(never, 'Client1', 'lease.lapsed')).toEqual([]);
      expect(of(never, 'Client1', 'lease.lost').length).toBe(1);
      expect(writeOf(never, 'w1')).toMatchObject({ client: 'Client1', verdict: 'rejected' });
      expect(writeOf(run(strategy, {}, CUT(server)), 'w1')).toBeUndefined();
    });
  }
});

describe('Redlock: nothing renews its keys, so the first doubt is the end of the validity time', () => {
  const actions: Action[] = [
    { atMs: 0, type: 'acquire', client: 'Client1' },
    { atMs: 1500, type: 'acquire', client: 'Client2' },
    { atMs: 1600, type: 'write', client: 'Client2', value: 'w2' },
    { atMs: 1700, type: 'write', client: 'Client1', value: 'w1' },
  ];
  it('renew deadline stops a third of the TTL sooner; never writes w1 after w2', () => {
    const lapseAt = (policy: StopPolicy) => of(run('redlock', stop(policy), actions), 'Client1', 'lease.lapsed')[0]!;
    expect(lapseAt('lost').timeMs - lapseAt('renew-deadline').timeMs).toBe(333);
    expect(lapseAt('first-doubt').timeMs).toBe(lapseAt('lost').timeMs);
    const never = run('redlock', stop('never'), actions);
    expect(stepDetail(of(never, 'Client1', 'lease.lost')[0]!).cause).toBe('its validity time is over');
    expect(never.steps.some((s) => s.kind === 'write.sent' && s.party === 'Client1')).toBe(true);
  });
});

describe('a lock service that keeps a lease past its TTL and holds the lock back (Consul)', () => {
  it('a 10 s TTL kept twice over, then a 15 s lock-delay: the lock is free again about 35 s after the holder froze', () => {
    const trace = run('fencing', { leaseTtlMs: 10_000, leaseGraceFactor: 2, lockDelayMs: 15_000 }, [
      { atMs: 0, type: 'acquire', client: 'Client1' },
      { atMs: 100, type: 'pause', client: 'Client1' },
      { atMs: 1000, type: 'acquire', client: 'Client2' },
    ]);
    const expired = of(trace, 'LockService', 'lease.expired')[0]!;
    expect(expired.timeMs).toBe(20_002);
    expect(expired.text).toContain('15000 ms lock-delay');
    const granted = of(trace, 'LockService', 'lock.granted').find((s) => s.parties[1] === 'Client2')!;
    expect(granted.timeMs).toBe(35_002);
    // What Client1 was told: a 10 s lease, timed from when it asked.
    expect(of(trace, 'Client1', 'lock.acquired')[0]!.detail).toMatchObject({ believedUntilMs: 10_000 });
  });

  it('a clean release frees the lock at once, lock-delay or not', () => {
    const trace = run('fencing', { lockDelayMs: 15_000 }, [
      { atMs: 0, type: 'acquire', client: 'Client1' },
      { atMs: 100, type: 'acquire', client: 'Client2' },
      { atMs: 200, type: 'release', client: 'Client1' },
    ]);
    const granted = of(trace, 'LockService', 'lock.granted').find((s) => s.parties[1] === 'Client2')!;
    expect(granted.timeMs).toBeLessThan(300);
  });
});

describe('validation of the new knobs', () => {
  const bad = (knobs: unknown) => {
    const result = validateScenario({ format: 'fencelab.scenario', version: 1, strategy: 'fencing', knobs });
    return result.ok ? null : result.error;
  };
  it('names a client the scenario does not have, a policy that does not exist, and a grace factor out of range', () => {
    expect(bad({ stopActing: { Client3: 'never' } })).toMatchObject({ path: 'knobs.stopActing.Client3' });
    expect(bad({ stopActing: { Client1: 'sometimes' } })).toMatchObject({
      path: 'knobs.stopActing.Client1',
      message: expect.stringContaining('"first-doubt"'),
    });
    expect(bad({ leaseGraceFactor: 0.5 })).toMatchObject({ path: 'knobs.leaseGraceFactor' });
    expect(bad({ keepalive: 'yes' })).toMatchObject({ path: 'knobs.keepalive' });
    expect(bad({ stopActing: { Client2: 'first-doubt' }, keepalive: true, leaseGraceFactor: 2 })).toBeNull();
  });
});

describe('a holder that stopped early and asks again before its old session expired', () => {
  const actions = (extra: Action[]): Action[] => [
    { atMs: 0, type: 'acquire', client: 'Client1' },
    { atMs: 300, type: 'partition', a: 'Client1', b: 'Chubby' },
    { atMs: 800, type: 'heal', a: 'Client1', b: 'Chubby' },
    { atMs: 900, type: 'acquire', client: 'Client1' },
    { atMs: 950, type: 'acquire', client: 'Client2' },
    ...extra,
  ];
  it('Chubby: the session that still holds the lock is told so again, and nobody waits behind itself', () => {
    const trace = run('chubby', stop('first-doubt'), actions([{ atMs: 1500, type: 'release', client: 'Client1' }]));
    const regrant = of(trace, 'Chubby', 'lock.regranted')[0]!;
    expect(regrant).toMatchObject({ timeMs: 902, token: 33 });
    expect(of(trace, 'Client1', 'lock.acquired').map((s) => s.token)).toEqual([33, 33]);
    const granted = of(trace, 'Chubby', 'lock.granted').find((s) => s.parties[1] === 'Client2')!;
    expect(granted.token).toBe(34);
    expect(granted.timeMs).toBeLessThan(1600);
  });
});
