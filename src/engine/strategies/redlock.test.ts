// Redlock as the seed's table and Kleppmann's critique describe it: a majority of masters with a
// validity time, a random value no store can order, and two holders without any pause.
import { describe, expect, it } from 'vitest';
import { simulate, type Scenario, type Step, type Trace } from '../index';
import { redlockClockJump, redlockRace, redlockRestart } from '../presets/redlock';
import { scenarioOf } from '../presets/build';
import { driftMs } from '../machines/redlock/client';

const at = (trace: Trace, label: string): Step => {
  const step = trace.steps.find((s) => s.label === label);
  if (!step) throw new Error(`no step labelled ${label}`);
  return step;
};
const storageValue = (trace: Trace): unknown => trace.steps.at(-1)!.snapshots.Storage!.fields.value;

describe('Redlock: the canonical race', () => {
  const trace = simulate(redlockRace.scenario);

  it('grants on a majority with the validity time left after the round and the drift allowance', () => {
    const t0 = at(trace, 't0');
    expect(t0.party).toBe('Client1');
    expect(typeof t0.token).toBe('string');
    expect(driftMs(1000)).toBe(12);
    expect(t0.detail?.validityMs).toBe(1000 - t0.timeMs - 12);
  });

  it("accepts the zombie's write: the store cannot order two random values", () => {
    expect(at(trace, 't3').token).not.toBe(at(trace, 't0').token);
    const t6 = at(trace, 't6');
    expect(t6.write).toMatchObject({
      client: 'Client1',
      verdict: 'accepted',
      stale: true,
      comparison: 'no check -> ACCEPT',
    });
    expect(trace.verdict.tokensMonotonic).toBe(false);
    expect(trace.verdict.violations.map((v) => v.invariant)).toEqual([
      'issued-tokens-increase',
      'accepted-writes-in-grant-order',
    ]);
    expect(storageValue(trace)).toBe('Y');
  });

  it('expires each master’s key on its own clock', () => {
    const expiries = trace.steps.filter((s) => s.kind === 'lease.expired' && s.token === at(trace, 't0').token);
    expect(expiries.map((s) => s.party).sort()).toEqual(['Redis1', 'Redis2', 'Redis3', 'Redis4', 'Redis5']);
    expect(trace.leases[0]!.endedMs).toBe(at(trace, 't2').timeMs);
  });
});

describe.each([
  ['a clock jump on one master', redlockClockJump, 'jump'],
  ['a master restart without fsync', redlockRestart, 'crash'],
])('Redlock: two holders from %s', (_name, preset, fault) => {
  const trace = simulate(preset.scenario);

  it('needs no pause at all', () => {
    expect(trace.steps.some((s) => s.kind === 'client.paused')).toBe(false);
  });

  it('lets Client2 gather a majority while Client1 still believes it holds the lock', () => {
    const t0 = at(trace, 't0');
    expect(String(t0.detail?.quorum).split(', ').sort()).toEqual(['Redis1', 'Redis2', 'Redis3']);
    expect(at(trace, fault).timeMs).toBe(300);
    const t3 = at(trace, 't3');
    expect(String(t3.detail?.quorum).split(', ').sort()).toEqual(['Redis3', 'Redis4', 'Redis5']);
    expect(Number(t3.snapshots.Client1!.fields.believedUntilMs)).toBeGreaterThan(at(trace, 'both').timeMs);
  });

  it("accepts both writes, Client1's last", () => {
    expect(at(trace, 't4').write?.verdict).toBe('accepted');
    expect(at(trace, 'both').write).toMatchObject({ verdict: 'accepted', stale: true });
    expect(trace.verdict.violations.map((v) => v.invariant)).toContain('accepted-writes-in-grant-order');
  });
});

describe('Redlock: the client side', () => {
  const base = (actions: Scenario['actions']): Scenario =>
    scenarioOf({ name: 'redlock', strategy: 'redlock', actions });

  it('without a majority unlocks everywhere, retries twice, then gives up', () => {
    const cut = ['Redis1', 'Redis2', 'Redis3'].map((b) => ({ atMs: 0, type: 'partition' as const, a: 'Client1', b }));
    const trace = simulate(base([...cut, { atMs: 0, type: 'acquire', client: 'Client1' }]));
    const failed = trace.steps.filter((s) => s.kind === 'lock.failed');
    expect(failed).toHaveLength(3);
    expect(failed.map((s) => s.detail?.retryInMs === undefined)).toEqual([false, false, true]);
    expect(trace.verdict.tokensIssued).toEqual([]);
    expect(trace.steps.at(-1)!.snapshots.Client1!.state).toBe('idle');
  });

  it('releases by compare-and-delete on every master', () => {
    const trace = simulate(
      base([
        { atMs: 0, type: 'acquire', client: 'Client1' },
        { atMs: 200, type: 'release', client: 'Client1' },
      ]),
    );
    expect(trace.steps.filter((s) => s.kind === 'key.deleted')).toHaveLength(5);
    expect(trace.steps.some((s) => s.kind === 'lease.expired')).toBe(false);
  });

  it('expires the lease on every master when asked to', () => {
    const trace = simulate(
      base([
        { atMs: 0, type: 'acquire', client: 'Client1' },
        { atMs: 200, type: 'expireLease' },
      ]),
    );
    expect(trace.steps.filter((s) => s.kind === 'lease.expired' && s.timeMs === 200)).toHaveLength(5);
  });
});
