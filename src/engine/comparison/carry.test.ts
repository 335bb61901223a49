// Issue 11, item 1: a what-if is carried to every strategy by role, and every row runs.
import { describe, expect, it } from 'vitest';
import {
  createSimulator,
  PRESETS,
  STRATEGIES,
  carryTo,
  findPreset,
  validateScenario,
  type Action,
  type Scenario,
} from '../index';
import { compareStrategies, withStrategy } from '../surfaces/comparison';
import { ALL_MODELS } from '../models/all';

const simulator = createSimulator(ALL_MODELS);
const { simulate } = simulator;

const preset = (id: string): Scenario => findPreset(id)!.scenario;
const withActions = (s: Scenario, actions: Action[]): Scenario => ({ ...s, actions: [...s.actions, ...actions] });

describe('every preset under every strategy', () => {
  it.each(PRESETS.map((p) => [p.id, p.scenario] as const))('%s: carried, valid, and every row runs', (_id, s) => {
    for (const strategy of STRATEGIES) {
      const carried = carryTo(s, strategy.id);
      const valid = validateScenario(JSON.parse(JSON.stringify(carried.scenario)));
      expect(valid.ok, `${strategy.id}: ${valid.ok ? '' : `${valid.error.path}: ${valid.error.message}`}`).toBe(true);
    }
    const rows = compareStrategies(s, simulator);
    expect(rows.map((r) => [r.strategy, r.error])).toEqual(STRATEGIES.map((st) => [st.id, null]));
  });
});

describe('carrying parties by role', () => {
  it("a crash of the lock service reaches every Redis master, and comes back as the lock service's own", () => {
    const s = preset('pitfall-counter-reset');
    const toRedlock = carryTo(s, 'redlock');
    const crashes = toRedlock.scenario.actions.filter((a) => a.type === 'crash');
    expect(crashes.map((a) => (a.type === 'crash' ? a.party : ''))).toEqual([
      'Redis1',
      'Redis2',
      'Redis3',
      'Redis4',
      'Redis5',
    ]);
    expect(toRedlock.notes).toEqual([
      "Carried: LockService's crash at 1500 ms → all five of Redis1, Redis2, Redis3, Redis4, Redis5.",
    ]);
    const back = carryTo(toRedlock.scenario, 'fencing');
    expect(back.scenario.actions).toEqual(s.actions);
  });

  it('one master of five has no counterpart in a single lock service: left out, and said so', () => {
    const s = preset('redlock-clock-jump');
    const jumps = s.actions.filter((a) => a.type === 'clockJump');
    expect(jumps.length).toBeGreaterThan(0);
    const { scenario, notes } = carryTo(s, 'zookeeper');
    expect(scenario.actions.some((a) => a.type === 'clockJump')).toBe(false);
    // One sentence for everything left out for the same reason.
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(
      /^Left out, since one of the 5 Redis masters has no counterpart in a system without them: .*Redis3's clock jump at 300 ms\.$/,
    );
    // In the same words under every system with another lock service, so a table can say it once.
    for (const other of ['etcd', 'chubby', 'fencing', 'lease-trust', 'qjm'])
      expect(carryTo(s, other).notes, other).toEqual(notes);
  });

  it('a cut of the holder from the lock service is a cut from each lock server elsewhere', () => {
    const s = preset('incident-watchdog');
    const cuts = (id: string) =>
      carryTo(s, id)
        .scenario.actions.filter((a) => a.type === 'partition')
        .map((a) => (a.type === 'partition' ? `${a.a}-${a.b}` : ''));
    expect(cuts('zookeeper')).toEqual(['Client1-ZooKeeper']);
    expect(cuts('qjm')).toEqual(['Client1-JN1', 'Client1-JN2', 'Client1-JN3']);
    expect(cuts('redlock')).toHaveLength(5);
  });

  it('a cut from every Redis master at once comes back as one cut from the lock service, and says so', () => {
    const s = preset('incident-watchdog');
    const toRedlock = carryTo(s, 'redlock');
    const back = carryTo(toRedlock.scenario, 'zookeeper');
    expect(back.scenario.actions.filter((a) => a.type === 'partition')).toEqual([
      { atMs: 100, type: 'partition', a: 'Client1', b: 'ZooKeeper' },
    ]);
    expect(back.notes).toEqual([
      'Carried: the cut at 100 ms between Client1 and every Redis master → Client1–ZooKeeper.',
    ]);
  });

  it('actions on a server carry: crash, restart and a clock jump of the lock service, under every strategy', () => {
    const s = withActions(preset('canonical-race'), [
      { atMs: 400, type: 'clockJump', party: 'LockService', deltaMs: 5000 },
      { atMs: 600, type: 'crash', party: 'LockService', restartAfterMs: 300 },
      { atMs: 700, type: 'crash', party: 'Storage' },
      { atMs: 800, type: 'restart', party: 'Storage' },
    ]);
    const rows = compareStrategies(s, simulator);
    expect(rows.filter((r) => r.error)).toEqual([]);
    expect(rows.find((r) => r.strategy === 'zookeeper')!.carried.join(' ')).toContain(
      "LockService's clock jump at 400 ms → ZooKeeper",
    );
  });

  it("labels follow: the canonical race's t4 and t6 are found under ZooKeeper and etcd, whose tokens differ", () => {
    for (const id of ['zookeeper', 'etcd', 'lease-trust']) {
      const trace = simulate(withStrategy(preset('canonical-race'), id));
      const labels = trace.steps.flatMap((st) => (st.label ? [st.label] : []));
      expect(labels, id).toEqual(expect.arrayContaining(['t0', 't3', 't4']));
    }
  });
});

describe('rows that say what a reader must not miss', () => {
  const race30: Scenario = {
    ...preset('canonical-race'),
    knobs: { leaseTtlMs: 10_000 },
    actions: [
      { atMs: 0, type: 'acquire', client: 'Client1' },
      { atMs: 100, type: 'pause', client: 'Client1', durationMs: 30_000 },
      { atMs: 100, type: 'write', client: 'Client1', value: 'Y' },
      { atMs: 1200, type: 'acquire', client: 'Client2' },
      { atMs: 1300, type: 'write', client: 'Client2', value: 'X' },
    ],
    labels: [],
  };

  it('Redlock, 10 s lease, 30 s pause: the accepted late write and the second holder that never came are both said', () => {
    const row = compareStrategies(race30, simulator).find((r) => r.strategy === 'redlock')!;
    expect(row.staleWriteBlocked).toBeNull();
    expect(row.warnings.join(' ')).toMatch(/Client1 sent Y at 30,100 ms, after its grant had run out of validity/);
    expect(row.warnings.join(' ')).toMatch(/Client2 asked for the lock and never got it: it gave up after \d+ tries/);
  });
});

describe('carrying a store fenced at takeover', () => {
  const temporal = preset('temporal-shard-takeover');

  it.each(['zookeeper', 'etcd', 'chubby', 'qjm', 'redlock', 'redis-watchdog', 'lease-trust'])(
    'is left out, with a note, where %s cannot fence its store',
    (strategy) => {
      const carried = carryTo(temporal, strategy);
      expect(carried.scenario.knobs.fenceAtTakeover).toBeUndefined();
      expect(carried.notes.join(' ')).toMatch(/Left out, since .*: the store fenced at takeover\./);
    },
  );

  it('is kept where the target can fence, and the carried run still refuses the stale write first', () => {
    const back = carryTo(
      {
        ...temporal,
        strategy: 'lease-trust',
        knobs: { tokenSource: 'durable-counter', check: 'token-seq', fenceAtTakeover: true },
      },
      'fencing',
    );
    expect(back.scenario.knobs.fenceAtTakeover).toBe(true);
    expect(back.notes.join(' ')).not.toMatch(/fenced at takeover/);
    const trace = simulate(back.scenario);
    expect(trace.steps.some((s) => s.kind === 'store.fenced')).toBe(true);
    expect(trace.verdict.staleWritesAccepted).toBe(0);
  });
});
