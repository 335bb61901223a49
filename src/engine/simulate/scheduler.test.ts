import { describe, expect, it } from 'vitest';
import { EventQueue } from '../kernel/queue';
import { NodeClock } from '../kernel/clock';
import { createRng } from '../kernel/rng';
import { createSimulator, findPreset, type Scenario } from '../index';
import { ALL_MODELS } from '../models/all';

const { simulate } = createSimulator(ALL_MODELS);

describe('EventQueue', () => {
  it('pops in time order and breaks ties by insertion order', () => {
    const q = new EventQueue<string>();
    q.push(5, 'c');
    q.push(1, 'a');
    q.push(5, 'd');
    q.push(3, 'b');
    q.push(1, 'a2');
    const out: string[] = [];
    while (q.size) out.push(q.pop()!.item);
    expect(out).toEqual(['a', 'a2', 'b', 'c', 'd']);
  });
});

describe('NodeClock', () => {
  it('applies offset, drift and jumps', () => {
    const clock = new NodeClock({ offsetMs: 100, driftPpm: 10_000 }); // 1% fast
    expect(clock.localAt(0)).toBe(100);
    expect(clock.localAt(1000)).toBe(1110);
    clock.jump(-50);
    expect(clock.localAt(1000)).toBe(1060);
  });

  it('finds the earliest true time at which the clock reads a local deadline', () => {
    for (const driftPpm of [0, 10_000, -10_000, 99_999]) {
      const clock = new NodeClock({ offsetMs: 7, driftPpm });
      for (const local of [10, 1000, 123_457]) {
        const t = clock.trueTimeAt(local, 0);
        expect(clock.localAt(t)).toBeGreaterThanOrEqual(local);
        if (t > 0) expect(clock.localAt(t - 1)).toBeLessThan(local);
      }
    }
  });
});

describe('rng', () => {
  it('is reproducible per seed and stream, and streams differ', () => {
    const draw = (seed: number, stream: string) => {
      const rng = createRng(seed, stream);
      return [rng.nextU32(), rng.nextU32(), rng.nextInt(1, 6)];
    };
    expect(draw(7, 'a')).toEqual(draw(7, 'a'));
    expect(draw(7, 'a')).not.toEqual(draw(7, 'b'));
    expect(draw(7, 'a')).not.toEqual(draw(8, 'a'));
  });
});

describe('the scheduler', () => {
  const race = findPreset('canonical-race')!.scenario;
  const withActions = (extra: Scenario['actions'], base: Scenario = race): Scenario => ({
    ...base,
    actions: [...base.actions, ...extra],
  });

  it('a paused client processes nothing until it resumes, then handles what waited in order', () => {
    const trace = simulate(race);
    const client1 = trace.steps.filter((s) => s.party === 'Client1' && s.timeMs >= 100);
    expect(client1[0]!.kind).toBe('client.paused');
    expect(client1.slice(1).every((s) => s.timeMs >= 2600)).toBe(true);
    expect(client1.slice(1, 4).map((s) => s.kind)).toEqual(['client.resumed', 'write.sent', 'lease.lapsed']);
  });

  it('a partition loses messages between the pair until it heals', () => {
    const trace = simulate(
      withActions([
        { atMs: 1250, type: 'partition', a: 'Client2', b: 'Storage' },
        { atMs: 1400, type: 'heal', a: 'Client2', b: 'Storage' },
        { atMs: 1500, type: 'write', client: 'Client2', value: 'X2' },
      ]),
    );
    const lost = trace.messages.find((m) => m.from === 'Client2' && m.to === 'Storage' && m.status === 'dropped');
    expect(lost).toBeDefined();
    expect(trace.steps.some((s) => s.kind === 'message.dropped' && s.party === 'Storage')).toBe(true);
    expect(trace.steps.find((s) => s.write?.value === 'X2')!.write!.verdict).toBe('accepted');
  });

  it('a lock service clock jump forward expires the lease early, with no pause at all', () => {
    const scenario: Scenario = {
      ...race,
      actions: [
        { atMs: 0, type: 'acquire', client: 'Client1' },
        { atMs: 200, type: 'clockJump', party: 'LockService', deltaMs: 5000 },
      ],
    };
    const expired = simulate(scenario).steps.find((s) => s.kind === 'lease.expired')!;
    expect(expired.timeMs).toBe(200);
  });

  it('messages to a crashed party are lost; a durable counter survives the restart', () => {
    const trace = simulate(
      withActions([
        { atMs: 1100, type: 'crash', party: 'LockService', restartAfterMs: 500 },
        { atMs: 1200, type: 'acquire', client: 'Client2' },
      ]),
    );
    expect(trace.steps.some((s) => s.kind === 'message.lost' && s.party === 'LockService')).toBe(true);
    const restarted = trace.steps.find((s) => s.kind === 'node.restarted')!;
    expect(restarted.snapshots.LockService!.fields.counter).toBe(33);
  });

  it('a resource that keeps max_seen only in memory forgets it on restart', () => {
    const scenario = withActions([{ atMs: 1400, type: 'crash', party: 'Storage', restartAfterMs: 100 }], {
      ...race,
      knobs: { maxSeenDurable: false },
    });
    const trace = simulate(scenario);
    const t6 = trace.steps.find((s) => s.write?.client === 'Client1')!;
    expect(t6.write).toMatchObject({ verdict: 'accepted', maxSeenBefore: null, comparison: '33 > none -> ACCEPT' });
    expect(trace.verdict.violations.map((v) => v.invariant)).toEqual([
      'max-seen-never-decreases',
      'accepted-writes-in-grant-order',
    ]);
  });

  it('stops at the step limit and says so', () => {
    const trace = simulate(race, { maxSteps: 5 });
    expect(trace.steps).toHaveLength(5);
    expect(trace.truncated).toBe(true);
  });
});
