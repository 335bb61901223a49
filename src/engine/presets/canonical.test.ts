import { describe, expect, it } from 'vitest';
import { createSimulator, findPreset, type Step, type Trace } from '../index';
import { ALL_MODELS } from '../models/all';

const { simulate } = createSimulator(ALL_MODELS);

function run(id: string): Trace {
  const preset = findPreset(id);
  if (!preset) throw new Error(`no preset ${id}`);
  return simulate(preset.scenario);
}

function labelled(trace: Trace, label: string): Step {
  const step = trace.steps.find((s) => s.label === label);
  if (!step) throw new Error(`no step labelled ${label}`);
  return step;
}

describe("the article's canonical race (fencing token)", () => {
  const trace = run('canonical-race');
  const maxSeen = (step: Step) => step.snapshots.Storage!.fields.maxSeen;

  it('starts with max_seen 32 at the store', () => {
    expect(labelled(trace, 't0').snapshots.Storage!.fields.maxSeen).toBe(32);
  });

  it('t0: Client1 is granted token 33', () => {
    const t0 = labelled(trace, 't0');
    expect(t0).toMatchObject({ kind: 'lock.granted', party: 'LockService', token: 33 });
    expect(t0.parties).toContain('Client1');
    expect(maxSeen(t0)).toBe(32);
  });

  it('t1: Client1 begins a pause and is frozen', () => {
    const t1 = labelled(trace, 't1');
    expect(t1).toMatchObject({ kind: 'client.paused', party: 'Client1' });
    expect(t1.snapshots.Client1!.paused).toBe(true);
    expect(t1.snapshots.Client1!.fields.token).toBe(33);
  });

  it('t2: lease 33 expires on the lock service while Client1 still believes it holds it', () => {
    const t2 = labelled(trace, 't2');
    expect(t2).toMatchObject({ kind: 'lease.expired', party: 'LockService', token: 33 });
    expect(t2.snapshots.LockService!.fields.holder).toBeNull();
    expect(t2.snapshots.Client1!.state).toBe('holding');
  });

  it('t3: Client2 is granted token 34', () => {
    expect(labelled(trace, 't3')).toMatchObject({
      kind: 'lock.granted',
      token: 34,
      parties: ['LockService', 'Client2'],
    });
  });

  it('t4: Client2 writes X with 34, accepted, max_seen 34', () => {
    const t4 = labelled(trace, 't4');
    expect(t4.write).toMatchObject({
      client: 'Client2',
      resource: 'Storage',
      value: 'X',
      token: 34,
      verdict: 'accepted',
      maxSeenBefore: 32,
      maxSeenAfter: 34,
      comparison: '34 > 32 -> ACCEPT',
      stale: false,
    });
    expect(maxSeen(t4)).toBe(34);
  });

  it('t5: Client1 wakes, unaware', () => {
    const t5 = labelled(trace, 't5');
    expect(t5).toMatchObject({ kind: 'client.resumed', party: 'Client1' });
    expect(t5.snapshots.Client1!.paused).toBe(false);
    expect(t5.snapshots.Client1!.state).toBe('holding');
  });

  it('t6: Client1 writes Y with 33, rejected, max_seen stays 34', () => {
    const t6 = labelled(trace, 't6');
    expect(t6.write).toMatchObject({
      client: 'Client1',
      value: 'Y',
      token: 33,
      verdict: 'rejected',
      maxSeenBefore: 34,
      maxSeenAfter: 34,
      comparison: '33 <= 34 -> REJECT',
      stale: true,
    });
    expect(t6.snapshots.Storage!.fields.value).toBe('X');
  });

  it('labels t0..t6 in order of virtual time', () => {
    const labels = trace.steps.filter((s) => s.label).map((s) => s.label);
    expect(labels).toEqual(['t0', 't1', 't2', 't3', 't4', 't5', 't6']);
    const times = ['t0', 't1', 't2', 't3', 't4', 't5', 't6'].map((l) => labelled(trace, l).timeMs);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('carries a verdict: tokens increase, the zombie was stopped, no invariant broke', () => {
    expect(trace.verdict).toMatchObject({
      ok: true,
      tokensIssued: [33, 34],
      tokensMonotonic: true,
      staleWriteAccepted: null,
      staleWritesAccepted: 0,
      staleWritesRejected: 1,
      violations: [],
    });
  });

  it('records the zombie window: the lease ended at the service before Client1 stopped believing', () => {
    const lease33 = trace.leases.find((l) => l.token === 33)!;
    expect(lease33.endedMs).toBe(labelled(trace, 't2').timeMs);
    expect(lease33.believedUntilMs!).toBeGreaterThanOrEqual(labelled(trace, 't5').timeMs);
    expect(trace.pauses).toEqual([{ client: 'Client1', fromMs: 100, toMs: 2600 }]);
  });

  it('keeps every message from send to delivery, with the token it carries', () => {
    const write33 = trace.messages.find((m) => m.type === 'write.request' && m.token === 33)!;
    expect(write33).toMatchObject({ from: 'Client1', to: 'Storage', status: 'delivered' });
    expect(trace.steps[write33.deliveredStep!]!.label).toBe('t6');
    expect(write33.deliverMs).toBeGreaterThan(write33.sentMs);
  });
});

describe('the same race with a plain lease', () => {
  const trace = run('lease-trust-race');

  it('accepts the zombie write, which overwrites X with Y', () => {
    const t6 = labelled(trace, 't6');
    expect(t6.write).toMatchObject({ client: 'Client1', value: 'Y', verdict: 'accepted', token: null, stale: true });
    expect(t6.snapshots.Storage!.fields.value).toBe('Y');
    expect(trace.verdict.staleWriteAccepted).toMatchObject({ step: t6.index, client: 'Client1', resource: 'Storage' });
    expect(trace.verdict.tokensMonotonic).toBe(false);
    expect(trace.verdict.violations.map((v) => [v.invariant, v.step])).toEqual([
      ['accepted-writes-in-grant-order', t6.index],
    ]);
  });
});

describe('a zombie made by a slow network', () => {
  it('rejects the delayed 33 after 34 has landed', () => {
    const trace = run('slow-network');
    expect(trace.pauses).toEqual([]);
    expect(labelled(trace, 't6').write).toMatchObject({
      token: 33,
      verdict: 'rejected',
      comparison: '33 <= 34 -> REJECT',
    });
    const delayed = trace.messages.find((m) => m.delayedMs > 0)!;
    expect(delayed).toMatchObject({ from: 'Client1', to: 'Storage', delayedMs: 2500, token: 33 });
    expect(trace.verdict.ok).toBe(true);
  });
});
