// The renewals a run's clients send, as the trace lists them: a holder goes on renewing after it
// writes (every third of the lease, from its grant), sends none while frozen, takes up again when it
// wakes with its lease still live, and a renewal sent while it is cut off from the lock service is
// lost. These are what the timeline draws on the holder's lane.
import { describe, expect, it } from 'vitest';
import { buildWhatIf, createSimulator, type Scenario, type Trace, type WhatIfParams } from '../index';
import { ALL_MODELS } from '../models/all';

const { simulate } = createSimulator(ALL_MODELS);

function built(params: WhatIfParams): Scenario {
  const result = buildWhatIf(params);
  if (!result.ok) throw new Error(result.error);
  return result.scenario;
}

const client1 = (t: Trace) => t.renewals.filter((r) => r.client === 'Client1');

describe("a holder's renewals", () => {
  // Client1 takes a 30 s lease at 5 ms, writes A at 50 ms, and freezes from 25 s to 45 s.
  const pausedParams: WhatIfParams = {
    fault: 'pause',
    faultMs: 20_000,
    leaseTtlMs: 30_000,
    client2AsksAtMs: 5_000,
    keepalive: true,
    faultAtMs: 25_000,
    strategy: 'lease-trust',
  };
  const paused = built(pausedParams);

  it('go on after its write, every third of the lease, and arrive', () => {
    const first = client1(simulate(paused)).filter((r) => r.atMs < 25_000);
    expect(first.map((r) => r.atMs)).toEqual([10_013, 20_013]);
    expect(first.every((r) => r.to === 'LockService' && !r.lost)).toBe(true);
  });

  it('stop while it is frozen and take up again when it wakes with its lease still live', () => {
    const t = simulate(paused);
    const times = client1(t).map((r) => r.atMs);
    expect(times.filter((ms) => ms > 20_013 && ms < 45_000)).toEqual([]);
    expect(times).toContain(45_000);
    // Renewed all along, the lease never ended: Client2 never got the lock.
    expect(t.leases.map((l) => l.holder)).toEqual(['Client1']);
  });

  it('are none where the library does not renew', () => {
    const t = simulate(built({ ...pausedParams, keepalive: false }));
    expect(client1(t)).toEqual([]);
  });

  it('sent while the holder is cut off from the lock service, are lost, and the ones before arrive', () => {
    const t = simulate(
      built({ fault: 'partition', faultMs: 40_000, leaseTtlMs: 30_000, client2AsksAtMs: 5_000, faultAtMs: 15_000 }),
    );
    const mine = client1(t);
    expect(mine.filter((r) => r.atMs < 15_000).map((r) => [r.atMs, r.lost])).toEqual([[10_013, false]]);
    const during = mine.filter((r) => r.atMs >= 15_000 && r.atMs < 55_000);
    expect(during.length).toBeGreaterThan(0);
    expect(during.every((r) => r.lost)).toBe(true);
  });

  it("are a client's own: a session server's answers are not listed", () => {
    const t = simulate({ ...paused, strategy: 'zookeeper' });
    expect(t.renewals.length).toBeGreaterThan(0);
    expect(t.renewals.every((r) => r.client.startsWith('Client') && r.to !== r.client)).toBe(true);
  });
});
