// Issue 10's incident shapes, each with the value a real system gives. The lab must not invent a
// zombie: a client that did nothing wrong never writes with a grant it should not believe.
import { describe, expect, it } from 'vitest';
import { createSimulator, findPreset, formatTraceText, type Action, type Scenario, type Trace } from '../index';
import { scenarioOf } from '../presets/build';
import { ALL_MODELS } from '../models/all';

const { simulate } = createSimulator(ALL_MODELS);

/** Fencing, every message 2 ms, two clients: the network the cases were found on. */
const fixedNetwork = (actions: Action[]): Scenario =>
  scenarioOf({
    name: 'incident',
    strategy: 'fencing',
    network: { latencyMsMin: 2, latencyMsMax: 2, dropRate: 0 },
    actions,
  });

const clientSteps = (trace: Trace, client: string) => trace.steps.filter((s) => s.party === client);

describe('a late grant (the first grant held up by 1100 ms, Client1 asks again)', () => {
  const trace = simulate(
    fixedNetwork([
      { atMs: 0, type: 'delay', from: 'LockService', to: 'Client1', extraMs: 1100 },
      { atMs: 0, type: 'acquire', client: 'Client1' },
      { atMs: 1600, type: 'write', client: 'Client1', value: 'c1' },
    ]),
  );

  it('does not downgrade the holder: the older grant is ignored and c1 carries 34, rightfully', () => {
    const acquired = clientSteps(trace, 'Client1').filter((s) => s.kind === 'lock.acquired');
    expect(acquired.map((s) => s.token)).toEqual([34]);
    const ignored = clientSteps(trace, 'Client1').find((s) => s.kind === 'message.ignored')!;
    expect(ignored).toMatchObject({ timeMs: 1104, token: 33, detail: { type: 'lock.grant', reason: 'older' } });
    expect(ignored.text).toContain('ignores a late grant (token 33)');
    const write = trace.steps.find((s) => s.party === 'Storage' && s.write)!.write!;
    expect(write).toMatchObject({ client: 'Client1', value: 'c1', token: 34, verdict: 'accepted', stale: false });
    expect(trace.verdict).toMatchObject({ ok: true, staleWriteAccepted: null, staleWritesAccepted: 0 });
  });
});

describe('a repeated grant (request held up 50 ms, replies 1100 ms; Client2 asks at 1060)', () => {
  const trace = simulate(
    fixedNetwork([
      { atMs: 0, type: 'delay', from: 'Client1', to: 'LockService', extraMs: 50 },
      { atMs: 0, type: 'delay', from: 'LockService', to: 'Client1', extraMs: 1100 },
      { atMs: 0, type: 'acquire', client: 'Client1' },
      { atMs: 1060, type: 'acquire', client: 'Client2' },
      { atMs: 1600, type: 'write', client: 'Client1', value: 'c1' },
    ]),
  );

  it("never lets Client1 believe past the service's lease, which runs 52-1052 ms", () => {
    const lease = trace.leases.find((l) => l.holder === 'Client1')!;
    expect(lease).toMatchObject({ grantedMs: 52, endedMs: 1052 });
    expect(lease.believedUntilMs).not.toBeNull();
    expect(lease.believedUntilMs!).toBeLessThanOrEqual(1052);
    // The re-sent grant carries the time left; the first, arriving at 1154, is already over.
    const ignored = clientSteps(trace, 'Client1').find((s) => s.kind === 'message.ignored')!;
    expect(ignored).toMatchObject({ timeMs: 1154, detail: { reason: 'over' } });
  });

  it('so Client1 does not write at 1600: no zombie of the lab’s own making', () => {
    expect(clientSteps(trace, 'Client1').find((s) => s.timeMs === 1600)!.kind).toBe('write.skipped');
    expect(trace.steps.some((s) => s.party === 'Storage' && s.write?.client === 'Client1')).toBe(false);
    expect(trace.verdict.staleWritesAccepted).toBe(0);
  });
});

describe('a wall-clock step on a lock server (+5000 ms at 300 ms, Client1 holds, Client2 asks at 350)', () => {
  const jumped = (strategy: string, server: string) =>
    simulate(
      scenarioOf({
        name: 'clock step on the server',
        strategy,
        actions: [
          { atMs: 0, type: 'acquire', client: 'Client1' },
          { atMs: 300, type: 'clockJump', party: server, deltaMs: 5000 },
          { atMs: 350, type: 'acquire', client: 'Client2' },
          { atMs: 600, type: 'write', client: 'Client1', value: 'a' },
        ],
      }),
    );

  it.each([
    ['etcd', 'etcd'],
    ['zookeeper', 'ZooKeeper'],
  ])('expires nothing on %s, which times leases on a monotonic clock', (strategy, server) => {
    const trace = jumped(strategy, server);
    const grants = trace.steps.filter((s) => s.kind === 'lock.granted');
    expect(grants.map((s) => s.parties[1] ?? s.party)).toEqual(['Client1']);
    expect(trace.steps.some((s) => s.kind === 'lease.expired' || s.kind === 'session.expired')).toBe(false);
    const jump = trace.steps.find((s) => s.kind === 'clock.jumped')!;
    expect(jump.text).toContain('monotonic clock');
    const write = trace.steps.find((s) => s.party === 'Storage' && s.write)!.write!;
    expect(write).toMatchObject({ client: 'Client1', verdict: 'accepted', stale: false });
  });

  it('still ends the lease on the generic lock service, which times on its wall clock', () => {
    const trace = jumped('fencing', 'LockService');
    expect(trace.steps.find((s) => s.kind === 'lease.expired')!.timeMs).toBe(300);
    expect(trace.steps.filter((s) => s.kind === 'lock.granted').map((s) => s.parties[1])).toEqual([
      'Client1',
      'Client2',
    ]);
  });
});

describe('narration that must not mislead', () => {
  it('tells one etcd session loss once: the later confirmation reads as a confirmation', () => {
    const text = formatTraceText(simulate(findPreset('etcd-race')!.scenario));
    expect(text.match(/session lost/g) ?? []).toHaveLength(0);
    expect(text).toMatch(/gives up token 33: no keepalive answer/);
    expect(text).toMatch(/already let go; hears etcd confirms the lease is gone/);
  });

  it('tells a heal as the network healing, not as a reconnection, after the session has expired', () => {
    const trace = simulate(
      scenarioOf({
        name: 'partition past the session timeout',
        strategy: 'zookeeper',
        actions: [
          { atMs: 0, type: 'acquire', client: 'Client1' },
          { atMs: 100, type: 'partition', a: 'Client1', b: 'ZooKeeper' },
          { atMs: 3000, type: 'heal', a: 'Client1', b: 'ZooKeeper' },
        ],
      }),
    );
    const text = formatTraceText(trace);
    expect(text).toMatch(/session 0x1 expires/);
    expect(text).toMatch(/network to ZooKeeper healed/);
    expect(text).not.toMatch(/reconnected/i);
  });
});
