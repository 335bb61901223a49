// The what-if builder: the case gives the article's answer under fencing and under a plain
// lease, every fault builds a scenario that validates and runs under every strategy, and bad
// params are answered with a sentence, never an exception.
import { describe, expect, it } from 'vitest';
import {
  createSimulator,
  EXAMPLE_WHAT_IF,
  STRATEGIES,
  WHAT_IF_FAULTS,
  WHAT_IF_MAX_LEASES,
  WHAT_IF_MAX_MS,
  WHAT_IF_MIN_LEASE_MS,
  buildWhatIf,
  validateScenario,
  type Scenario,
  type WhatIfParams,
} from '../index';
import { compareStrategies } from '../surfaces/comparison';
import { ALL_MODELS } from '../models/all';

const simulator = createSimulator(ALL_MODELS);
const { simulate } = simulator;

function built(params: WhatIfParams): Scenario {
  const result = buildWhatIf(params);
  if (!result.ok) throw new Error(result.error);
  return result.scenario;
}

/** What the scenario is once it has been through a file or a link: validated JSON. */
function roundTrip(scenario: Scenario): Scenario {
  const valid = validateScenario(JSON.parse(JSON.stringify(scenario)));
  if (!valid.ok) throw new Error(`${valid.error.path}: ${valid.error.message}`);
  return valid.scenario;
}

const zombieWrites = (scenario: Scenario) =>
  simulate(scenario).steps.flatMap((s) => (s.write?.client === 'Client1' && s.write.value === 'Y' ? [s.write] : []));

describe('the issue\'s what-if: "a 30 s GC pause with a 10 s lease"', () => {
  it('says what it is in plain words', () => {
    const scenario = built(EXAMPLE_WHAT_IF);
    expect(scenario.name).toBe('Client1 pauses for 30 s with a 10 s lease; Client2 asks at 11 s');
    expect(scenario.description).toMatch(/^Client1 takes the lock at the start and writes A\. At 0\.1 s it freezes/);
    expect(scenario).toMatchObject({ strategy: 'fencing', seed: 7, knobs: { leaseTtlMs: 10_000 } });
  });

  it('under fencing, the store rejects the zombie write Y that leaves when Client1 wakes at 30.1 s', () => {
    const [y] = zombieWrites(built(EXAMPLE_WHAT_IF));
    expect(y).toMatchObject({ token: 33, verdict: 'rejected', stale: true, comparison: '33 <= 34 -> REJECT' });
    const trace = simulate(built(EXAMPLE_WHAT_IF));
    expect(trace.pauses).toEqual([{ client: 'Client1', fromMs: 100, toMs: 30_100 }]);
    expect(trace.verdict).toMatchObject({ ok: true, staleWritesAccepted: 0, staleWritesRejected: 1 });
  });

  it("under a plain lease, the store accepts it as stale, on top of Client2's X", () => {
    const scenario = built({ ...EXAMPLE_WHAT_IF, strategy: 'lease-trust' });
    const [y] = zombieWrites(scenario);
    expect(y).toMatchObject({ verdict: 'accepted', stale: true, token: null });
    expect(simulate(scenario).verdict.staleWriteAccepted).toMatchObject({ client: 'Client1', resource: 'Storage' });
  });

  it('reads the same in the comparison: fencing blocked it, the plain lease did not', () => {
    const rows = compareStrategies(built(EXAMPLE_WHAT_IF), simulator);
    expect(rows.find((r) => r.strategy === 'fencing')).toMatchObject({ staleWriteBlocked: true, error: null });
    expect(rows.find((r) => r.strategy === 'lease-trust')).toMatchObject({ staleWriteBlocked: false, error: null });
  });
});

describe('every fault, opened under every strategy', () => {
  const cases = WHAT_IF_FAULTS.flatMap((fault) => STRATEGIES.map((s) => [fault, s.id] as const));

  it.each(cases)('%s under %s: validates, and its comparison has no error row', (fault, strategy) => {
    const scenario = roundTrip(built({ ...EXAMPLE_WHAT_IF, fault, strategy }));
    expect(scenario.strategy).toBe(strategy);
    const rows = compareStrategies(scenario, simulator);
    expect(rows.map((r) => [r.strategy, r.error])).toEqual(STRATEGIES.map((s) => [s.id, null]));
  });

  it('names the fault in each name', () => {
    const names = WHAT_IF_FAULTS.map((fault) => built({ ...EXAMPLE_WHAT_IF, fault }).name);
    expect(names).toEqual([
      'Client1 pauses for 30 s with a 10 s lease; Client2 asks at 11 s',
      "Client1's write is held up 30 s on the way to the store with a 10 s lease; Client2 asks at 11 s",
      "Client1's clock jumps 30 s forward with a 10 s lease; Client2 asks at 11 s",
      "The lock service's clock jumps 30 s forward with a 10 s lease; Client2 asks at 11 s",
      'Client1 is cut off from the lock service for 30 s with a 10 s lease; Client2 asks at 11 s',
    ]);
  });

  it("a jump of the lock service's clock before Client2 asks makes a zombie that fencing turns away", () => {
    const scenario = built({ ...EXAMPLE_WHAT_IF, fault: 'server-clock-jump', client2AsksAtMs: 1000 });
    expect(zombieWrites(scenario)).toMatchObject([{ verdict: 'rejected', stale: true }]);
    const plain = built({
      ...EXAMPLE_WHAT_IF,
      fault: 'server-clock-jump',
      client2AsksAtMs: 1000,
      strategy: 'lease-trust',
    });
    expect(zombieWrites(plain)).toMatchObject([{ verdict: 'accepted', stale: true }]);
  });

  it("a client's clock jumping back makes it believe too long: a zombie that fencing turns away and a plain lease lets in", () => {
    // Asked for by an engineer: forward is the safe direction, and the form took no other. A
    // client clock stepped back 30 s counts a 10 s lease out until 40 s.
    const back = { ...EXAMPLE_WHAT_IF, fault: 'client-clock-jump', faultMs: -30_000 } as const;
    expect(built(back).name).toBe("Client1's clock jumps 30 s back with a 10 s lease; Client2 asks at 11 s");
    expect(built(back).description).toContain('its clock jumps 30 s back.');
    expect(zombieWrites(built(back))).toMatchObject([{ verdict: 'rejected', stale: true }]);
    expect(zombieWrites(built({ ...back, strategy: 'lease-trust' }))).toMatchObject([
      { verdict: 'accepted', stale: true },
    ]);
    // Forward, the same client stops early and never writes as a zombie.
    expect(zombieWrites(built({ ...back, faultMs: 30_000, strategy: 'lease-trust' }))).not.toContainEqual(
      expect.objectContaining({ stale: true }),
    );
    // Every design runs it.
    for (const strategy of STRATEGIES)
      expect(simulate(roundTrip(built({ ...back, strategy: strategy.id }))).steps.length).toBeGreaterThan(0);
  });

  it("holds the form's words on clocks jumping back, design by design", () => {
    const grants = (params: WhatIfParams) =>
      simulate(built(params)).steps.flatMap((s) => (s.kind === 'lock.granted' ? [s.timeMs] : []));
    // A client's clock back: where the lease is timed by the client's wall clock, Client2 gets the
    // lock and Client1's Y is a stale write; ZooKeeper, etcd and Chubby keep Client1's session.
    const client = { ...EXAMPLE_WHAT_IF, fault: 'client-clock-jump', faultMs: -30_000 } as const;
    for (const strategy of ['lease-trust', 'fencing', 'redlock']) {
      expect(grants({ ...client, strategy }), strategy).toHaveLength(2);
      expect(zombieWrites(built({ ...client, strategy })), strategy).toContainEqual(
        expect.objectContaining({ stale: true }),
      );
    }
    for (const strategy of ['zookeeper', 'etcd', 'chubby'])
      expect(grants({ ...client, strategy }), strategy).toHaveLength(1);
    // The lock server's clock back: a wall-clock lease lasts 30 s longer; the others do not change.
    const server = { ...EXAMPLE_WHAT_IF, fault: 'server-clock-jump', faultMs: -30_000, client2AsksAtMs: 2000 } as const;
    for (const strategy of ['lease-trust', 'fencing'])
      expect(grants({ ...server, strategy })[1]).toBeGreaterThan(40_000);
    for (const strategy of ['redlock', 'zookeeper', 'etcd', 'chubby'])
      expect(grants({ ...server, strategy }), strategy).toHaveLength(1);
  });

  it("the lock service is the strategy's own: a cut from Redlock is a cut from each of the five masters", () => {
    const scenario = built({ ...EXAMPLE_WHAT_IF, fault: 'partition', strategy: 'redlock' });
    const cuts = scenario.actions.filter((a) => a.type === 'partition');
    expect(cuts.map((a) => (a.type === 'partition' ? a.b : ''))).toEqual([
      'Redis1',
      'Redis2',
      'Redis3',
      'Redis4',
      'Redis5',
    ]);
    expect(scenario.actions.filter((a) => a.type === 'heal').every((a) => a.atMs === 30_100)).toBe(true);
  });

  it("a write held up past the engine's usual end still lands: the run lasts until it does", () => {
    const scenario = built({ fault: 'slow-network', faultMs: 600_000, leaseTtlMs: 1000, client2AsksAtMs: 2000 });
    const [y] = zombieWrites(scenario);
    expect(y).toMatchObject({ verdict: 'rejected', stale: true });
    expect(simulate(scenario).messages.find((m) => m.delayedMs > 0)).toMatchObject({ delayedMs: 600_000 });
  });

  it('at its shortest lease and longest reach, still runs under every strategy', () => {
    const scenario = built({
      fault: 'partition',
      faultMs: WHAT_IF_MIN_LEASE_MS * WHAT_IF_MAX_LEASES,
      leaseTtlMs: WHAT_IF_MIN_LEASE_MS,
      client2AsksAtMs: WHAT_IF_MIN_LEASE_MS * WHAT_IF_MAX_LEASES,
    });
    const rows = compareStrategies(roundTrip(scenario), simulator);
    expect(rows.map((r) => [r.strategy, r.error, r.trace?.truncated])).toEqual(
      STRATEGIES.map((s) => [s.id, null, false]),
    );
  });

  it('lets a clock jump as far as an hour whatever the lease: a jump is over at once', () => {
    const result = buildWhatIf({
      ...EXAMPLE_WHAT_IF,
      fault: 'server-clock-jump',
      faultMs: WHAT_IF_MAX_MS,
      leaseTtlMs: 100,
    });
    expect(result.ok).toBe(true);
  });

  it('takes the largest values it allows', () => {
    const scenario = roundTrip(
      built({
        fault: 'pause',
        faultMs: WHAT_IF_MAX_MS,
        leaseTtlMs: WHAT_IF_MAX_MS,
        client2AsksAtMs: WHAT_IF_MAX_MS,
        seed: 0xffffffff,
      }),
    );
    expect(scenario.seed).toBe(0xffffffff);
    expect(simulate(scenario).verdict.ok).toBe(true);
  });
});

describe('bad params: a sentence, never an exception', () => {
  it.each([
    [{ leaseTtlMs: 0 }, 'leaseTtlMs', 'The lease must be more than 0 s (got 0 s).'],
    // ZooKeeper's and etcd's models never finish a run with a 1 or 2 ms session.
    [{ leaseTtlMs: 2 }, 'leaseTtlMs', 'The lease must be at least 0.1 s (got 0.002 s).'],
    [
      { leaseTtlMs: 100, faultMs: 3_600_000 },
      'faultMs',
      'With a 0.1 s lease, the pause can be at most 100 s: the lab runs a what-if for at most 1000 leases (got 3600 s).',
    ],
    [
      { leaseTtlMs: 1000, client2AsksAtMs: 1_000_001 },
      'client2AsksAtMs',
      'With a 1 s lease, the time Client2 asks can be at most 1000 s: the lab runs a what-if for at most 1000 leases (got 1000.001 s).',
    ],
    [{ faultMs: -5000 }, 'faultMs', 'The pause must be more than 0 s (got -5 s).'],
    [
      { faultMs: 0, fault: 'client-clock-jump' },
      'faultMs',
      'The clock jump cannot be 0 s: give how far it jumps, negative for back.',
    ],
    [
      { faultMs: -WHAT_IF_MAX_MS - 1, fault: 'server-clock-jump' },
      'faultMs',
      'The clock jump must be at most 3600 s either way (got -3600.001 s).',
    ],
    [{ faultMs: Number.NaN }, 'faultMs', 'The pause must be a number of seconds.'],
    [{ faultMs: Number.POSITIVE_INFINITY, fault: 'partition' }, 'faultMs', 'The cut must be a number of seconds.'],
    [{ client2AsksAtMs: -1000 }, 'client2AsksAtMs', 'The time Client2 asks cannot be before the start (got -1 s).'],
    [{ leaseTtlMs: 1.5 }, 'leaseTtlMs', 'The lease must be a whole number of milliseconds (got 1.5 ms).'],
    [{ leaseTtlMs: WHAT_IF_MAX_MS + 1 }, 'leaseTtlMs', 'The lease must be at most 3600 s (got 3600.001 s).'],
    [{ fault: 'meteor' }, 'fault', 'There is no fault called "meteor".'],
    [{ strategy: 'paxos' }, 'strategy', 'There is no strategy called "paxos".'],
    [{ seed: -1 }, 'seed', 'The seed must be a whole number from 0 to 4294967295 (got -1).'],
    [
      { stopActing: 'sometimes' },
      'stopActing',
      'There is no choice called "sometimes" for when Client1 stops acting: give told, never or own-deadline.',
    ],
    [{ keepalive: 'yes' }, 'keepalive', 'Whether the lease is renewed must be true or false (got yes).'],
    [{ lateWrite: 1 }, 'lateWrite', 'Whether Client1 writes late must be true or false (got 1).'],
    [
      { lateWrite: true, fault: 'slow-network' },
      'lateWrite',
      'A write held up on the network already lands when the network lets it: a late write is for the other faults.',
    ],
    [
      { faultAtMs: 10 },
      'faultAtMs',
      'The fault can start at 0.06 s at the earliest, once Client1 has written A (got 0.01 s).',
    ],
    [
      { faultAtMs: 100.5 },
      'faultAtMs',
      'The time the fault starts must be a whole number of milliseconds (got 100.5 ms).',
    ],
    [{ faultAtMs: Number.NaN }, 'faultAtMs', 'The time the fault starts must be a number of seconds.'],
    [
      { leaseTtlMs: 100, faultAtMs: 100_001 },
      'faultAtMs',
      'With a 0.1 s lease, the fault can start at 100 s at the latest (got 100.001 s).',
    ],
  ] as const)('%o → %s: %s', (change, field, error) => {
    const params = { ...EXAMPLE_WHAT_IF, ...change } as WhatIfParams;
    expect(() => buildWhatIf(params)).not.toThrow();
    expect(buildWhatIf(params)).toEqual({ ok: false, field, error });
  });
});

describe("when Client1 stops, the keepalive, the late write and the fault's start", () => {
  const asked: WhatIfParams = {
    fault: 'partition',
    faultMs: 40_000,
    leaseTtlMs: 30_000,
    client2AsksAtMs: 5_000,
    strategy: 'lease-trust',
    stopActing: 'never',
    lateWrite: true,
    faultAtMs: 9_900,
  };

  it('are carried in the scenario, so a link to it (validated JSON) keeps them', () => {
    const scenario = roundTrip(built(asked));
    expect(scenario.knobs).toEqual({ leaseTtlMs: 30_000, keepalive: true, stopActing: { Client1: 'never' } });
    expect(scenario.actions.find((a) => a.type === 'partition')?.atMs).toBe(9_900);
    // Y after the lease its last renewal (at 0 s) bought has ended: 30 s + 0.5 s.
    expect(scenario.actions.find((a) => a.type === 'write' && a.value === 'Y')?.atMs).toBe(30_500);
    expect(scenario.name).toBe(
      'Client1 is cut off from the lock service for 40 s at 9.9 s with a 30 s lease; Client2 asks at 5 s; Client1 is never told',
    );
    expect(scenario.description).toContain('Its lock library never tells it when the lease is lost');
  });

  it('each stop maps to its stop policy, and the keepalive can be turned off for a cut or on for a pause', () => {
    expect(built({ ...asked, stopActing: 'own-deadline' }).knobs.stopActing).toEqual({ Client1: 'renew-deadline' });
    expect(built({ ...asked, stopActing: 'told' }).knobs.stopActing).toBeUndefined();
    expect(built({ ...asked, keepalive: false }).knobs.keepalive).toBeUndefined();
    expect(built({ ...EXAMPLE_WHAT_IF, keepalive: true }).knobs.keepalive).toBe(true);
  });

  it('a plain lease lets the never-told, late Y in; told, the same client stops and nothing gets in', () => {
    expect(simulate(built(asked)).verdict.staleWriteAccepted).toMatchObject({ client: 'Client1' });
    expect(simulate(built({ ...asked, stopActing: 'told' })).verdict.staleWritesAccepted).toBe(0);
  });
});
