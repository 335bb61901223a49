// etcd's Mutex as shared/domain.md describes it: the lock key's create revision as the token,
// fencing at the store or inside etcd, leases that survive a leader change, and the restore pitfall.
import { describe, expect, it } from 'vitest';
import { createSimulator, validateScenario, type Step, type Trace, stepDetail } from '../index';
import { etcdRace, etcdRestore, etcdTxnRace } from '../presets/etcd';
import { scenarioOf } from '../presets/build';
import { RACE_ACTIONS } from '../presets/build';
import { ALL_MODELS } from '../models/all';

const { simulate } = createSimulator(ALL_MODELS);

const at = (trace: Trace, label: string): Step => {
  const step = trace.steps.find((s) => s.label === label);
  if (!step) throw new Error(`no step labelled ${label}`);
  return step;
};

describe('etcd: the canonical race, fenced at the store', () => {
  const trace = simulate(etcdRace.scenario);

  it("uses the lock key's create revision; the lease's deletion takes a revision of its own", () => {
    expect(at(trace, 't0')).toMatchObject({ token: 33, detail: { key: 'lock/res/694d0001' } });
    expect(at(trace, 't2')).toMatchObject({ token: 33, detail: { lease: '694d0001', revision: 34 } });
    expect(at(trace, 't3')).toMatchObject({ token: 35, detail: { key: 'lock/res/694d0002' } });
  });

  it("refuses the zombie's 33 at a store that keeps the highest revision seen", () => {
    expect(at(trace, 't6').write).toMatchObject({ comparison: '33 <= 35 -> REJECT', stale: true });
    expect(trace.verdict).toMatchObject({ ok: true, tokensMonotonic: true, staleWritesRejected: 1 });
  });

  it('keeps keepalives out of the trace', () => {
    expect(trace.messages.some((m) => m.type.startsWith('etcd.keepAlive'))).toBe(false);
  });
});

describe('etcd: the canonical race, fenced inside etcd', () => {
  const trace = simulate(etcdTxnRace.scenario);

  it('has no separate store: the data lives in etcd', () => {
    expect(trace.parties.map((p) => p.id)).toEqual(['etcd', 'Client1', 'Client2']);
  });

  it('puts under the guard while the lock key exists, and fails it once the lease is gone', () => {
    expect(at(trace, 't4').write).toMatchObject({ comparison: 'CreateRevision(lock/res/694d0002) = 35 -> PUT' });
    expect(at(trace, 't6').write).toMatchObject({
      verdict: 'rejected',
      stale: true,
      comparison: 'CreateRevision(lock/res/694d0001) = 0 != 33 -> FAIL',
    });
    expect(trace.steps.at(-1)!.snapshots.etcd!.fields).toMatchObject({ value: 'X', valueModRevision: 36 });
    expect(trace.verdict.ok).toBe(true);
  });

  it('tells the txn in words a class can read: the guard once, the outcome, no parentheses inside parentheses', () => {
    expect(at(trace, 't4').text).toBe(
      "etcd runs Client2's transaction: put X only if CreateRevision(lock/res/694d0002) = 35. The condition holds (its lock key still exists), so X is written at revision 36.",
    );
    expect(at(trace, 't6').text).toBe(
      "etcd runs Client1's transaction: put Y only if CreateRevision(lock/res/694d0001) = 33. The condition fails, so nothing is written: its lock key is gone (its lease expired).",
    );
    for (const step of trace.steps) {
      expect(step.text, step.text).not.toMatch(/\([^()]*\(/);
      expect(step.text.split('CreateRevision(').length, step.text).toBeLessThanOrEqual(2);
    }
  });

  it('fails the guard even when nobody else has written', () => {
    const lone = simulate(
      scenarioOf({ name: 'alone', strategy: 'etcd', knobs: { check: 'validity' }, actions: RACE_ACTIONS.slice(0, 3) }),
    );
    const write = lone.steps.find((s) => s.write)!;
    expect(write.write).toMatchObject({ client: 'Client1', verdict: 'rejected' });
  });

  it("is a check only etcd's strategy models", () => {
    const result = validateScenario({ ...etcdTxnRace.scenario, strategy: 'fencing' });
    expect(result).toMatchObject({ ok: false, error: { path: 'knobs.check' } });
  });
});

describe('etcd pitfall: a restore from an old snapshot without --bump-revision', () => {
  const trace = simulate(etcdRestore.scenario);

  it('rewinds the revision and drops every lease, so the holder loses its session', () => {
    expect(at(trace, 'restore').detail).toMatchObject({ restored: true, revisionBefore: 35, revision: 32 });
    const lapsed = trace.steps.find((s) => s.kind === 'lease.lapsed' && s.party === 'Client2')!;
    expect(stepDetail(lapsed).cause).toBe('etcd says its lease is gone');
    expect(lapsed.timeMs).toBeGreaterThan(at(trace, 'restore').timeMs);
  });

  it('reissues revision 33, and the store locks the rightful holder out', () => {
    expect(trace.verdict.tokensIssued).toEqual([33, 35, 33]);
    expect(trace.verdict.violations.map((v) => v.invariant)).toEqual(['issued-tokens-increase']);
    expect(at(trace, 'stuck').write).toMatchObject({
      client: 'Client2',
      stale: false,
      comparison: '33 <= 35 -> REJECT',
    });
  });

  it('keeps revisions and extends leases across an ordinary restart', () => {
    const ordinary = simulate({ ...etcdRestore.scenario, knobs: {} });
    expect(ordinary.steps.find((s) => s.kind === 'node.restarted')!.detail).toMatchObject({
      restored: false,
      revision: 35,
    });
    expect(ordinary.verdict.tokensMonotonic).toBe(true);
    expect(ordinary.steps.some((s) => s.kind === 'lease.lapsed' && s.party === 'Client2' && s.timeMs < 2000)).toBe(
      false,
    );
  });
});

describe('etcd: waiters and the hand-over', () => {
  const trace = simulate(
    scenarioOf({
      name: 'a queue of three',
      strategy: 'etcd',
      clients: 3,
      actions: [
        { atMs: 0, type: 'acquire', client: 'Client1' },
        { atMs: 100, type: 'acquire', client: 'Client2' },
        { atMs: 200, type: 'acquire', client: 'Client3' },
        // Client2, in the middle of the queue, stops its keepalives: its lease expires while it waits.
        { atMs: 300, type: 'pause', client: 'Client2', durationMs: 2000 },
        { atMs: 1800, type: 'release', client: 'Client1' },
        { atMs: 2500, type: 'write', client: 'Client2', value: 'Z' },
      ],
    }),
  );
  const grants = trace.steps.filter((s) => s.kind === 'lock.granted');

  it('queues each waiter behind the key with the lower create revision', () => {
    const queued = trace.steps.filter((s) => s.kind === 'lock.queued');
    expect(queued.map((s) => s.parties[1])).toEqual(['Client2', 'Client3']);
    const revisions = queued.map((s) => Number(stepDetail(s).revision));
    expect(revisions[0]).toBeGreaterThan(Number(grants[0]!.token));
    expect(revisions[1]).toBeGreaterThan(revisions[0]!);
  });

  it("deletes the middle waiter's key when its lease expires, without handing the lock on", () => {
    const expired = trace.steps.find((s) => s.kind === 'session.expired' && s.parties[1] === 'Client2')!;
    expect(stepDetail(expired).key).toMatch(/^lock\/res\//);
    expect(grants.filter((g) => g.timeMs <= expired.timeMs)).toHaveLength(1);
  });

  it("hands the lock to Client3 on Client1's release; the expired waiter is never told it holds it", () => {
    expect(grants.map((g) => g.parties[1])).toEqual(['Client1', 'Client3']);
    const released = trace.steps.find((s) => s.kind === 'lock.released')!;
    expect(grants[1]!.index).toBeGreaterThan(released.index);
    // The etcd 3.4.3 bug told such a waiter it held the lock; here it learns its lease is gone.
    expect(trace.steps.some((s) => s.kind === 'lock.acquired' && s.party === 'Client2')).toBe(false);
    expect(trace.steps.some((s) => s.write?.client === 'Client2')).toBe(false);
    expect(trace.verdict.ok).toBe(true);
  });
});
