// How a run ends (issue 41, item 4): it lasts long enough for every timer its knobs can set, a
// run that ends with a client still waiting says so, a QJM writer whose edits go unanswered
// stands down after its write timeout, and every queued write a client drops is a step.
import { describe, expect, it } from 'vitest';
import { createSimulator, formatVerdict, stepDetail, type Scenario, type Trace } from '../index';
import { scenarioOf } from '../presets/build';
import { ALL_MODELS } from '../models/all';
import { QJM_WRITE_TIMEOUT_MS } from '../strategies/qjm';
import { STRATEGIES, effectiveKnobs } from '../strategies/registry';
import { horizonOf, lastActivityMs, runTimersMs } from './options';
import { verdictHeadline } from '../../ui/narration/verdictWords';

const { simulate } = createSimulator(ALL_MODELS);

const of = (trace: Trace, kind: string, party?: string) =>
  trace.steps.filter((s) => s.kind === kind && (party === undefined || s.party === party));

/** Client1 holds the lock, then is cut from the lock service; Client2 asks and queues X. */
const cutHolder = (strategy: string, server: string, knobs: Scenario['knobs'] = {}): Scenario =>
  scenarioOf({
    name: `${strategy}: the holder is cut off, Client2 waits`,
    strategy,
    knobs,
    actions: [
      { atMs: 0, type: 'acquire', client: 'Client1' },
      { atMs: 20, type: 'partition', a: 'Client1', b: server },
      { atMs: 25, type: 'acquire', client: 'Client2' },
      { atMs: 25, type: 'write', client: 'Client2', value: 'X' },
    ],
  });

describe('the run length counts every timer the knobs set', () => {
  it('runs a Chubby lock-delay of 10 s to its end: Client2 gets the lock after it and writes X', () => {
    const trace = simulate(cutHolder('chubby', 'Chubby', { lockDelayMs: 10_000 }));
    const expired = of(trace, 'lease.expired', 'Chubby')[0]!;
    const granted = of(trace, 'lock.granted').find((s) => s.parties.includes('Client2'))!;
    expect(granted.timeMs - expired.timeMs).toBe(10_000);
    expect(of(trace, 'write.accepted').map((s) => s.write?.client)).toEqual(['Client2']);
    expect(trace.verdict.endedWaiting).toBeUndefined();
    expect(trace.truncated).toBe(false);
  });

  for (const knobs of [{ leaseGraceFactor: 9 }, { lockDelayMs: 20_000 }, { leaseGraceFactor: 9, lockDelayMs: 20_000 }])
    it(`runs a generic lock service with ${JSON.stringify(knobs)} to the handover`, () => {
      const trace = simulate(cutHolder('fencing', 'LockService', knobs));
      expect(of(trace, 'write.accepted').map((s) => s.write?.client)).toEqual(['Client2']);
      expect(trace.verdict.endedWaiting).toBeUndefined();
    });

  it('lengthens the horizon by every timer knob, for every strategy that has it', () => {
    for (const strategy of STRATEGIES) {
      const base = scenarioOf({ name: 'base', strategy: strategy.id, actions: [] });
      const longer = (knobs: Scenario['knobs']) => horizonOf({ ...base, knobs: { ...base.knobs, ...knobs } });
      expect(longer({ leaseTtlMs: 60_000 }), strategy.id).toBeGreaterThan(horizonOf(base) + 5 * 59_000 - 1);
      if (strategy.lockDelay)
        expect(longer({ lockDelayMs: 60_000 }), strategy.id).toBeGreaterThanOrEqual(horizonOf(base) + 60_000);
      if (strategy.hasRenewalKnobs)
        expect(longer({ leaseGraceFactor: 3 }), strategy.id).toBeGreaterThanOrEqual(horizonOf(base) + 2 * 1000);
      if (strategy.retry)
        expect(longer({ retryCount: 50, retryDelayMs: 1000 }), strategy.id).toBeGreaterThanOrEqual(
          horizonOf(base) + 50 * 1000,
        );
      for (const [name, ms] of Object.entries(strategy.ownTimersMs?.(effectiveKnobs(strategy, base.knobs)) ?? {}))
        expect(runTimersMs(base), `${strategy.id} ${name}`).toBeGreaterThanOrEqual(ms);
    }
  });

  it('counts the QJM write timeout', () => {
    const s = scenarioOf({ name: 'qjm', strategy: 'qjm', actions: [{ atMs: 0, type: 'acquire', client: 'Client1' }] });
    expect(horizonOf(s) - lastActivityMs(s)).toBeGreaterThan(QJM_WRITE_TIMEOUT_MS);
  });
});

describe('a run that ends with a client waiting says so', () => {
  const waiting = scenarioOf({
    name: 'etcd: Client1 keeps the lock, Client2 waits',
    strategy: 'etcd',
    actions: [
      { atMs: 0, type: 'acquire', client: 'Client1' },
      { atMs: 50, type: 'acquire', client: 'Client2' },
      { atMs: 60, type: 'write', client: 'Client2', value: 'X' },
      { atMs: 70, type: 'write', client: 'Client2', value: 'a, b' },
    ],
  });
  const trace = simulate(waiting);

  it('names the waiter and its unsent writes in the trace', () => {
    expect(trace.verdict.endedWaiting).toEqual([{ client: 'Client2', queuedWrites: ['X', 'a, b'] }]);
    expect(trace.verdict.ok).toBe(true);
  });

  it('says so in the CLI verdict, not a bare "all held"', () => {
    const lines = formatVerdict(trace);
    expect(lines).not.toContain('Invariants: all held');
    expect(lines.join('\n')).toContain(
      'When the run ended, Client2 was still waiting for the lock, and its writes X, a, b were never sent.',
    );
  });

  it("says so in the lab's headline", () => {
    expect(verdictHeadline(trace.verdict)).toMatchObject({
      tone: 'warn',
      text: 'No stale write got in, but the run ended with Client2 still waiting for the lock, writes X, a, b never sent.',
    });
  });

  it('says nothing of a run where every client was done', () => {
    const done = simulate({
      ...waiting,
      actions: [...waiting.actions, { atMs: 100, type: 'release', client: 'Client1' }],
    });
    expect(done.verdict.endedWaiting).toBeUndefined();
    expect(formatVerdict(done)).toContain('Invariants: all held');
  });
});

describe('a QJM writer whose edits go unanswered', () => {
  const scenario = scenarioOf({
    name: 'qjm: the writer is cut from two journal nodes',
    strategy: 'qjm',
    actions: [
      { atMs: 0, type: 'acquire', client: 'Client1' },
      { atMs: 100, type: 'partition', a: 'Client1', b: 'JN1' },
      { atMs: 100, type: 'partition', a: 'Client1', b: 'JN2' },
      { atMs: 200, type: 'write', client: 'Client1', value: 'Y' },
    ],
  });
  const trace = simulate(scenario);

  it('stands down after its write timeout, with a step saying why', () => {
    const sent = of(trace, 'write.sent', 'Client1')[0]!;
    const lapsed = of(trace, 'lease.lapsed', 'Client1');
    expect(lapsed).toHaveLength(1);
    expect(lapsed[0]!.timeMs - sent.timeMs).toBe(QJM_WRITE_TIMEOUT_MS);
    expect(stepDetail(lapsed[0]!)).toMatchObject({ aborted: true });
    expect(lapsed[0]!.text).toBe(
      'Client1 aborts, as a NameNode does when it loses its quorum: no quorum of 2 journal nodes acknowledged edit 1 within its write timeout of 20,000 ms (1 did).',
    );
    expect(trace.steps.at(-1)!.snapshots.Client1!.state).toBe('idle');
  });

  it('does not stand down when a quorum answers', () => {
    const healthy = simulate({ ...scenario, actions: scenario.actions.filter((a) => a.type !== 'partition') });
    expect(of(healthy, 'lease.lapsed')).toEqual([]);
    expect(healthy.steps.at(-1)!.snapshots.Client1!.state).toBe('holding');
  });
});

describe('every queued write a waiter drops is a step', () => {
  for (const [strategy, server] of [
    ['etcd', 'etcd'],
    ['zookeeper', 'ZooKeeper'],
    ['chubby', 'Chubby'],
  ] as const) {
    it(`${strategy}: a waiter whose session ends drops its queued write X, and says so`, () => {
      const trace = simulate(
        scenarioOf({
          name: `${strategy}: the waiter is cut off`,
          strategy,
          actions: [
            { atMs: 0, type: 'acquire', client: 'Client1' },
            { atMs: 50, type: 'acquire', client: 'Client2' },
            { atMs: 60, type: 'write', client: 'Client2', value: 'X' },
            { atMs: 100, type: 'partition', a: 'Client2', b: server },
          ],
        }),
      );
      const dropped = of(trace, 'write.skipped', 'Client2');
      expect(dropped.map((s) => stepDetail(s).value)).toEqual(['X']);
      expect(stepDetail(dropped[0]!).cause).toBeTruthy();
      expect(dropped[0]!.text).toMatch(/^Client2 drops the write X it was holding for the lock: /);
    });
  }

  it('qjm: a writer that gets no epoch drops its queued write, and says so', () => {
    const trace = simulate(
      scenarioOf({
        name: 'qjm: no quorum for the epoch',
        strategy: 'qjm',
        actions: [
          { atMs: 0, type: 'partition', a: 'Client1', b: 'JN1' },
          { atMs: 0, type: 'partition', a: 'Client1', b: 'JN2' },
          { atMs: 10, type: 'acquire', client: 'Client1' },
          { atMs: 10, type: 'write', client: 'Client1', value: 'Y' },
        ],
      }),
    );
    const dropped = of(trace, 'write.skipped', 'Client1');
    expect(dropped.map((s) => stepDetail(s).value)).toEqual(['Y']);
    expect(String(stepDetail(dropped[0]!).cause)).toContain('no quorum promised it an epoch');
  });
});
