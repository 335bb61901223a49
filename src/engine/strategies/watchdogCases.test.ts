// Issue 41's renewal cases with the real systems' values: Redisson's watchdog (a 30 s lock renewed
// every 10 s, the holder never told), Hazelcast's FencedLock (a 300 s CP session renewed every
// 5 s) and Consul (a 10 s TTL kept up to twice as long, then a 15 s lock-delay).
import { describe, expect, it } from 'vitest';
import { createSimulator, findPreset, formatTraceText, validateScenario, type Scenario, type Trace } from '../index';
import { scenarioOf } from '../presets/build';
import { watchdogPauseActions } from '../presets/redisWatchdog';
import { ALL_MODELS } from '../models/all';

const { simulate } = createSimulator(ALL_MODELS);
const FIXED = { latencyMsMin: 2, latencyMsMax: 2, dropRate: 0 };

const watchdogRun = (pauseAtMs: number, knobs: Scenario['knobs'] = {}): Trace =>
  simulate(
    scenarioOf({
      name: 'watchdog',
      strategy: 'redis-watchdog',
      knobs: { leaseTtlMs: 30_000, ...knobs },
      network: FIXED,
      actions: watchdogPauseActions(pauseAtMs),
    }),
  );

const grantTo = (trace: Trace, client: string) => trace.leases.find((l) => l.holder === client);
const writesOf = (trace: Trace, client: string) =>
  trace.steps.filter((s) => s.party === 'Storage' && s.write?.client === client).map((s) => s.write!);

describe("Redisson's watchdog: a 30 s lock renewed every 10 s, a 20.2 s pause", () => {
  it('placed at 9.9 s, just before the renewal due at 10 s, lets the stale write in', () => {
    const trace = watchdogRun(9_900);
    const first = grantTo(trace, 'Client1')!;
    // Granted at 2 ms, never renewed: Redis expires the key 30 s later and hands it to Client2.
    expect(first).toMatchObject({ grantedMs: 2, endedMs: 30_002 });
    expect(grantTo(trace, 'Client2')!.grantedMs).toBe(30_002);
    // Client1 is never told: it wakes at 30.1 s and its w1 lands after Client2's w2.
    expect(writesOf(trace, 'Client2')[0]).toMatchObject({ value: 'w2', verdict: 'accepted' });
    expect(writesOf(trace, 'Client1')[0]).toMatchObject({ value: 'w1', verdict: 'accepted', stale: true });
    expect(trace.verdict.staleWriteAccepted).toMatchObject({ client: 'Client1', resource: 'Storage' });
  });

  it('placed at 10.1 s, just after that renewal, does not: the lock outlasts the pause', () => {
    const trace = watchdogRun(10_100);
    // Renewed at 10 s, the key would last to about 40 s; Client1 unlocks at 31 s first.
    expect(grantTo(trace, 'Client1')).toMatchObject({ grantedMs: 2, endedMs: 31_002, endReason: 'released' });
    expect(grantTo(trace, 'Client2')!.grantedMs).toBe(31_002);
    expect(writesOf(trace, 'Client1')[0]).toMatchObject({ value: 'w1', verdict: 'accepted', stale: false });
    expect(trace.verdict.staleWritesAccepted).toBe(0);
  });

  it('is the preset, and its story names the case', () => {
    const preset = findPreset('redis-watchdog-pause')!;
    const body = (t: Trace) => t.steps.map((step) => `${step.timeMs} ${step.text}`);
    expect(body(simulate(preset.scenario))).toEqual(body(watchdogRun(9_900)));
    expect(preset.summary).toContain('lockWatchdogTimeout');
  });

  it('holds a told holder back: with Client1 stopping when its library notes the loss, w1 never goes', () => {
    const trace = watchdogRun(9_900, { stopActing: { Client1: 'lost' } });
    expect(writesOf(trace, 'Client1')).toEqual([]);
    expect(trace.verdict.staleWritesAccepted).toBe(0);
  });

  it('renews only with keepalive: turned off, the key expires 30 s after the grant even with no pause', () => {
    const trace = simulate(
      scenarioOf({
        name: 'no watchdog',
        strategy: 'redis-watchdog',
        knobs: { leaseTtlMs: 30_000, keepalive: false },
        network: FIXED,
        actions: [{ atMs: 0, type: 'acquire', client: 'Client1' }],
      }),
    );
    expect(grantTo(trace, 'Client1')).toMatchObject({ grantedMs: 2, endedMs: 30_002 });
  });
});

describe('Hazelcast FencedLock: a 300 s CP session renewed every 5 s, a 20 s pause', () => {
  const preset = findPreset('hazelcast-fenced-lock')!;
  const trace = simulate(preset.scenario);

  it('does not lose the lock: the session is never expired, Client2 gets it only at the unlock', () => {
    expect(trace.steps.some((s) => s.kind === 'lease.expired')).toBe(false);
    expect(grantTo(trace, 'Client1')).toMatchObject({ endedMs: 25_002, endReason: 'released' });
    expect(grantTo(trace, 'Client2')!.grantedMs).toBe(25_002);
  });

  it("accepts the holder's second write with the same fence", () => {
    const writes = writesOf(trace, 'Client1');
    expect(writes.map((w) => [w.value, w.token, w.verdict])).toEqual([
      ['a', 33, 'accepted'],
      ['b', 33, 'accepted'],
    ]);
    expect(trace.verdict).toMatchObject({ ok: true, rightfulWritesRejected: 0, staleWritesAccepted: 0 });
  });

  it('renews every 5 s, not every 100 s (a third of the session): far more heartbeats', () => {
    const third = simulate({ ...preset.scenario, knobs: { ...preset.scenario.knobs, renewEveryMs: undefined } });
    expect(trace.heartbeats).toBeGreaterThan(10 * third.heartbeats);
  });
});

describe('Consul: a 10 s TTL kept up to twice its TTL, then a 15 s lock-delay', () => {
  const trace = simulate(findPreset('consul-lock-delay')!.scenario);

  it('frees the lock to the waiter at about 35 s, within the model’s bound', () => {
    const granted = grantTo(trace, 'Client1')!.grantedMs;
    const kept = grantTo(trace, 'Client1')!.endedMs!;
    const toClient2 = grantTo(trace, 'Client2')!.grantedMs;
    // The model keeps the lease exactly 2 × 10 s after the grant, then holds the lock 15 s more.
    expect(kept - granted).toBe(20_000);
    expect(toClient2).toBe(granted + 20_000 + 15_000);
    expect(toClient2).toBe(35_002);
    expect(findPreset('consul-lock-delay')!.summary).toContain('35 s');
  });
});

describe('the renewal period knob (renewEveryMs)', () => {
  const base = { name: 'renew', strategy: 'fencing', knobs: { keepalive: true }, actions: [] };

  it('defaults to a third of the lease: setting it to that changes nothing in the run', () => {
    const actions = [{ atMs: 0, type: 'acquire' as const, client: 'Client1' }];
    const absent = simulate(scenarioOf({ ...base, actions, durationMs: 3000 }));
    const third = simulate(
      scenarioOf({ ...base, knobs: { keepalive: true, renewEveryMs: 333 }, actions, durationMs: 3000 }),
    );
    const faster = simulate(
      scenarioOf({ ...base, knobs: { keepalive: true, renewEveryMs: 100 }, actions, durationMs: 3000 }),
    );
    expect(formatTraceText(third)).toBe(formatTraceText(absent));
    // A renewal and its answer are two heartbeat messages: 8 renewals in 3 s, or 29.
    expect(absent.heartbeats).toBe(16);
    expect(faster.heartbeats).toBe(58);
  });

  it.each([
    [0, 'knobs.renewEveryMs'],
    [1001, 'at most the lease length (leaseTtlMs, 1000 ms), got 1001'],
  ])('refuses %s with a message naming the problem', (renewEveryMs, words) => {
    const result = validateScenario({ ...scenarioOf(base), knobs: { keepalive: true, renewEveryMs } });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(`${result.error.path}: ${result.error.message}`).toContain(words);
  });

  it('takes 1 ms and the whole lease', () => {
    for (const renewEveryMs of [1, 1000])
      expect(validateScenario({ ...scenarioOf(base), knobs: { renewEveryMs } }).ok).toBe(true);
  });
});
