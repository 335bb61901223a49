// Redlock as the article's table and Kleppmann's critique describe it: a majority of masters with a
// validity time, a random value no store can order, and two holders without any pause.
import { describe, expect, it } from 'vitest';
import { createSimulator, type Scenario, type Step, type Trace, stepDetail } from '../index';
import { redlockClockJump, redlockRace, redlockRestart } from '../presets/redlock';
import { scenarioOf } from '../presets/build';
import { driftMs } from '../machines/redlock/client';
import { ALL_MODELS } from '../models/all';

const { simulate } = createSimulator(ALL_MODELS);

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
    expect(stepDetail(t0).validityMs).toBe(1000 - t0.timeMs - 12);
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
  });

  it("ends Client1's grant when its validity time runs out, not when one master's copy expires", () => {
    const t0 = at(trace, 't0');
    const lease = trace.leases[0]!;
    expect(lease).toMatchObject({ holder: 'Client1', endReason: 'validity over' });
    expect(lease.endedMs).toBe(t0.timeMs + Number(stepDetail(t0).validityMs));
    expect(lease.endedMs).toBeLessThan(at(trace, 't2').timeMs);
    // So Client2's grant came after Client1's had ended: Client1 is a zombie, not a second holder.
    expect(trace.verdict.violations.map((v) => v.invariant)).not.toContain('one-grant-at-a-time');
    expect(at(trace, 't6').text).toContain('zombie');
  });
});

describe.each([
  ['a clock jump on one master', redlockClockJump, 'jump'],
  ['a master restart without fsync', redlockRestart, 'crash'],
])('Redlock: two holders from %s', (_name, preset, fault) => {
  const trace = simulate(preset.scenario);

  it("lets Client2 gather a majority through the faulty master, within Client1's validity", () => {
    const t0 = at(trace, 't0');
    expect(String(stepDetail(t0).quorum).split(', ').sort()).toEqual(['Redis1', 'Redis2', 'Redis3']);
    const t3 = at(trace, 't3');
    expect(t3.index).toBeGreaterThan(at(trace, fault).index);
    expect(String(stepDetail(t3).quorum).split(', ').sort()).toEqual(['Redis3', 'Redis4', 'Redis5']);
    // Redis1 and Redis2 still hold Client1's value: only the fault freed Redis3.
    for (const master of ['Redis1', 'Redis2']) expect(t3.snapshots[master]!.fields.value).toBe(t0.token);
    const promisedUntilMs = t0.timeMs + Number(stepDetail(t0).validityMs);
    expect(promisedUntilMs).toBeGreaterThan(at(trace, 'both').timeMs);
  });

  it("flags two live grants at once (I3) at Client2's grant, with no pause anywhere", () => {
    const t3 = at(trace, 't3');
    expect(trace.verdict.violations).toContainEqual(
      expect.objectContaining({ invariant: 'one-grant-at-a-time', step: t3.index }),
    );
    expect(trace.leases[0]!.endedMs).toBeGreaterThan(t3.timeMs);
  });

  it("accepts both writes, Client1's last, and calls them two holders rather than a zombie", () => {
    expect(at(trace, 't4').write?.verdict).toBe('accepted');
    const both = at(trace, 'both');
    expect(both.write).toMatchObject({ verdict: 'accepted', stale: true });
    expect(both.text).toContain('Client1 and Client2 both hold the lock now');
    expect(both.text).not.toContain('zombie');
    const order = trace.verdict.violations.find((v) => v.invariant === 'accepted-writes-in-grant-order');
    expect(order?.message).toContain('while both held the lock');
    expect(order?.message).not.toContain('older data');
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
    expect(failed.map((s) => stepDetail(s).retryInMs === undefined)).toEqual([false, false, true]);
    expect(trace.verdict.tokensIssued).toEqual([]);
    expect(trace.steps.at(-1)!.snapshots.Client1!.state).toBe('idle');
  });

  it('says so when giving up drops a write it was holding for the lock', () => {
    const cut = ['Redis1', 'Redis2', 'Redis3'].map((b) => ({ atMs: 0, type: 'partition' as const, a: 'Client1', b }));
    const trace = simulate(
      base([
        ...cut,
        { atMs: 0, type: 'acquire', client: 'Client1' },
        { atMs: 10, type: 'write', client: 'Client1', value: 'Q' },
      ]),
    );
    const lastFailure = trace.steps.filter((s) => s.kind === 'lock.failed').at(-1)!;
    const dropped = trace.steps.find((s) => s.kind === 'write.skipped' && s.party === 'Client1')!;
    expect(dropped).toMatchObject({
      timeMs: lastFailure.timeMs,
      detail: { value: 'Q', cause: 'no lock after 3 tries' },
    });
    expect(dropped.text).toBe('Client1 drops the write Q it was holding for the lock: no lock after 3 tries.');
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

  it("a stale holder's release deletes nothing: compare-and-delete spares Client2's key", () => {
    const trace = simulate(
      base([
        { atMs: 0, type: 'acquire', client: 'Client1' },
        // The release waits inside the frozen client and goes out when it wakes, at 1600 ms.
        { atMs: 100, type: 'pause', client: 'Client1', durationMs: 1500 },
        { atMs: 100, type: 'release', client: 'Client1' },
        { atMs: 1200, type: 'acquire', client: 'Client2' },
      ]),
    );
    const granted = trace.steps.filter((s) => s.kind === 'lock.granted');
    expect(granted.map((s) => s.parties[0])).toEqual(['Client1', 'Client2']);
    const [first, second] = granted.map((s) => s.token);
    const releasing = trace.steps.find((s) => s.kind === 'lock.releasing' && s.party === 'Client1')!;
    expect(releasing.timeMs).toBeGreaterThan(granted[1]!.timeMs);
    const ignored = trace.steps.filter((s) => s.kind === 'release.ignored' && s.index > releasing.index);
    expect(ignored.map((s) => s.party).sort()).toEqual(['Redis1', 'Redis2', 'Redis3', 'Redis4', 'Redis5']);
    expect(ignored.every((s) => s.token === first)).toBe(true);
    expect(trace.steps.some((s) => s.kind === 'key.deleted')).toBe(false);
    const after = ignored.at(-1)!.snapshots;
    for (const m of ['Redis1', 'Redis2', 'Redis3', 'Redis4', 'Redis5']) expect(after[m]!.fields.value).toBe(second);
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

describe('Redlock with a store that compares tokens', () => {
  const lone = (seed: number) =>
    simulate(
      scenarioOf({
        name: 'one Redlock holder, checking store',
        strategy: 'redlock',
        seed,
        knobs: { check: 'reject-le' },
        actions: [
          { atMs: 0, type: 'acquire', client: 'Client1' },
          { atMs: 100, type: 'write', client: 'Client1', value: 'A' },
        ],
      }),
    );

  it("accepts the only holder's first write under every seed: nothing seen yet, not a number to beat", () => {
    for (let seed = 1; seed <= 10; seed++) {
      const trace = lone(seed);
      const write = trace.steps.find((s) => s.party === 'Storage' && s.write)!;
      expect(write.write, `seed ${seed}`).toMatchObject({ verdict: 'accepted', maxSeenBefore: null });
      expect(write.write!.comparison, `seed ${seed}`).toMatch(/ > none -> ACCEPT$/);
      // One random token has nothing to be out of order with: every invariant holds.
      expect(trace.verdict.violations, `seed ${seed}`).toEqual([]);
    }
  });

  it('says that comparing two random values is luck, and flags the missing order at the second token', () => {
    const trace = simulate({ ...redlockRace.scenario, knobs: { check: 'reject-le' } });
    const zombie = trace.steps.find((s) => s.party === 'Storage' && s.write?.client === 'Client1')!;
    expect(zombie.text).toContain('Both are random values, so the order is luck.');
    const unordered = trace.verdict.violations.filter((v) => v.invariant === 'issued-tokens-increase');
    expect(unordered).toHaveLength(1);
    expect(trace.steps[unordered[0]!.step]!.token).toBe(trace.verdict.tokensIssued[1]);
  });
});
