// ZooKeeper's lock recipe as shared/domain.md describes it: czxid tokens from a totally ordered
// log, sessions the server expires on its own clock, Curator's later LOST, and the suffix pitfall.
import { describe, expect, it } from 'vitest';
import { createSimulator, type Step, type Trace, stepDetail } from '../index';
import { zookeeperPartition, zookeeperRace, zookeeperSequenceReset } from '../presets/zookeeper';
import { scenarioOf } from '../presets/build';
import { EPOCH_FACTOR } from '../machines/zookeeper/tree';
import { ALL_MODELS } from '../models/all';

const { simulate } = createSimulator(ALL_MODELS);

const at = (trace: Trace, label: string): Step => {
  const step = trace.steps.find((s) => s.label === label);
  if (!step) throw new Error(`no step labelled ${label}`);
  return step;
};

describe('ZooKeeper: the canonical race', () => {
  const trace = simulate(zookeeperRace.scenario);

  it('uses the lock node’s czxid as the token, with the gaps other transactions leave', () => {
    expect(at(trace, 't0')).toMatchObject({ party: 'ZooKeeper', token: 33, detail: { czxid: 33 } });
    // 34 closed Client1's session (deleting its node), 35 opened Client2's session.
    expect(at(trace, 't2')).toMatchObject({ token: 33, detail: { session: '0x1', zxid: 34 } });
    expect(at(trace, 't3')).toMatchObject({ token: 36, detail: { czxid: 36 } });
    expect(trace.verdict.tokensIssued).toEqual([33, 36]);
  });

  it('expires the silent session one timeout after the server last heard from it', () => {
    const lastHeard = trace.messages.find((m) => m.type === 'zk.lock' && m.from === 'Client1')!;
    expect(at(trace, 't2').timeMs).toBe(trace.steps[lastHeard.deliveredStep!]!.timeMs + 1000);
  });

  it("refuses the zombie's 33 at a store that has seen 36", () => {
    expect(at(trace, 't6').write).toMatchObject({ client: 'Client1', comparison: '33 <= 36 -> REJECT', stale: true });
    expect(trace.verdict).toMatchObject({ ok: true, staleWriteAccepted: null, staleWritesRejected: 1 });
  });

  it('keeps heartbeats out of the trace', () => {
    expect(trace.messages.some((m) => m.type === 'zk.ping' || m.type === 'zk.pong')).toBe(false);
    expect(trace.steps.some((s) => s.kind === 'message.ignored')).toBe(false);
    // Client2's session is still alive at the end: its pings kept it so, silently.
    expect(trace.steps.at(-1)!.snapshots.ZooKeeper!.fields.sessions).toMatch(/^0x2 Client2 until \d+$/);
  });
});

describe('ZooKeeper: session expiry behind a partition', () => {
  const trace = simulate(zookeeperPartition.scenario);

  it('expires the session on the server before Curator calls it LOST on the client', () => {
    const order = ['susp', 't2', 't3', 't4', 't6', 'lost'].map((l) => at(trace, l).timeMs);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    // SUSPENDED after 2/3 of the timeout without an answer, LOST a whole timeout after that.
    expect(at(trace, 'lost').timeMs - at(trace, 'susp').timeMs).toBe(1000);
  });

  it('refuses the write Client1 sends while it is only SUSPENDED', () => {
    const t6 = at(trace, 't6');
    expect(t6.snapshots.Client1!.fields.suspended).toBe(true);
    expect(t6.write).toMatchObject({ token: 33, verdict: 'rejected', stale: true });
    expect(trace.verdict.ok).toBe(true);
  });
});

describe('ZooKeeper pitfall: the sequence suffix as the token', () => {
  const trace = simulate(zookeeperSequenceReset.scenario);

  it('restarts the suffix at 0 once the empty container is deleted and recreated', () => {
    expect(at(trace, 'reset').timeMs).toBe(4000);
    expect(at(trace, 'zero').detail).toMatchObject({ node: 'lock-0000000000', seq: 0 });
    expect(trace.verdict.tokensIssued).toEqual([33, 35, 0]);
    expect(trace.verdict.violations.map((v) => v.invariant)).toEqual(['issued-tokens-increase']);
  });

  it('locks the rightful holder out, where the czxid would still have climbed', () => {
    expect(at(trace, 'stuck').write).toMatchObject({ comparison: '0 <= 35 -> REJECT', stale: false });
    expect(Number(stepDetail(at(trace, 'zero')).czxid)).toBeGreaterThan(36);
  });
});

describe('ZooKeeper: a leader change', () => {
  const trace = simulate(
    scenarioOf({
      name: 'failover',
      strategy: 'zookeeper',
      actions: [
        { atMs: 0, type: 'acquire', client: 'Client1' },
        { atMs: 200, type: 'crash', party: 'ZooKeeper', restartAfterMs: 300 },
        { atMs: 600, type: 'acquire', client: 'Client2' },
        { atMs: 800, type: 'release', client: 'Client1' },
      ],
    }),
  );

  it('keeps sessions and nodes, and zxids jump to the new epoch', () => {
    const restarted = trace.steps.find((s) => s.kind === 'node.restarted')!;
    expect(restarted.detail).toMatchObject({ epoch: 1, zxid: EPOCH_FACTOR });
    expect(trace.steps.filter((s) => s.kind === 'lease.expired')).toHaveLength(0);
    expect(trace.verdict.tokensIssued).toEqual([33, EPOCH_FACTOR + 2]);
    expect(trace.verdict.tokensMonotonic).toBe(true);
  });
});

describe('ZooKeeper: the watch on the predecessor', () => {
  const trace = simulate(
    scenarioOf({
      name: 'a queue of three',
      strategy: 'zookeeper',
      clients: 3,
      actions: [
        { atMs: 0, type: 'acquire', client: 'Client1' },
        { atMs: 100, type: 'acquire', client: 'Client2' },
        { atMs: 200, type: 'acquire', client: 'Client3' },
        // Client2, in the middle of the queue, goes silent: its session expires while it waits.
        { atMs: 300, type: 'pause', client: 'Client2', durationMs: 2000 },
        { atMs: 1800, type: 'release', client: 'Client1' },
      ],
    }),
  );
  const queued = (client: string) => trace.steps.find((s) => s.kind === 'lock.queued' && s.parties[1] === client)!;
  const node = (client: string) => String(stepDetail(queued(client)).node);
  const grants = trace.steps.filter((s) => s.kind === 'lock.granted');

  it('has each waiter watch the node just before its own', () => {
    const first = String(grants[0]!.detail?.node);
    expect(stepDetail(queued('Client2')).watching).toBe(first);
    expect(stepDetail(queued('Client3')).watching).toBe(node('Client2'));
  });

  it("deletes a waiting client's node when its session expires, without handing the lock on", () => {
    const expired = trace.steps.find((s) => s.kind === 'session.expired' && s.parties[1] === 'Client2')!;
    expect(stepDetail(expired).node).toBe(node('Client2'));
    expect(grants.filter((g) => g.timeMs <= expired.timeMs)).toHaveLength(1);
  });

  it("hands the lock to Client3 when the holder's node goes and the watch fires; Client2 never holds it", () => {
    expect(grants.map((g) => g.parties[1])).toEqual(['Client1', 'Client3']);
    const handed = grants[1]!;
    expect(handed.detail).toMatchObject({ node: node('Client3'), watchFired: grants[0]!.detail?.node });
    expect(handed.text).toContain('watch');
    expect(handed.text).not.toContain('gives the lock');
    expect(trace.steps.some((s) => s.kind === 'lock.acquired' && s.party === 'Client2')).toBe(false);
    expect(trace.verdict.ok).toBe(true);
  });
});
