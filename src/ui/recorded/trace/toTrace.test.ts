// The recordings as traces: exact tokens, the store's verdicts, lease ends, and the invariants the
// lab's views rely on (steps in time order, indices 0..n-1, every step with every party's view).

import { describe, expect, it } from 'vitest';
import { createSimulator, formatTraceText } from '../../../engine';
import {
  realFacts,
  scenarioFor,
  validateRecording,
  type Facts,
  type Recording,
} from '../../../engine/surfaces/recorded';
import { recordedDifferences, whyGrantTimesDiffer } from './differences';
import { recordingToTrace } from './toTrace';
import { networkCuts } from '../../timeline/leases';
import { ALL_MODELS } from '../../../engine/surfaces/allModels';

const { simulate } = createSimulator(ALL_MODELS);

// The shipped recordings, read as the engine's tests read anything: by relative import (no I/O).
const files = import.meta.glob<Recording>('../../../../public/recordings/*.json', { eager: true, import: 'default' });
const recordings: Recording[] = Object.keys(files)
  .sort()
  .map((f) => structuredClone(files[f]!));
const byId = (id: string) => recordings.find((r) => r.id === id)!;

describe.each(recordings.map((r) => [r.id, r] as const))('%s', (_id, rec) => {
  const { trace, skipped } = recordingToTrace(rec);

  it('draws a network cut only where its schedule made one, not where a library reported a drop', () => {
    // A ZooKeeper client's "Disconnected" was drawn as a cut "still at the end" in a race with no
    // partition at all (a reviewer found it).
    const cutsAsked = rec.schedule.actions.filter((a) => a.type === 'partition').length;
    expect(networkCuts(trace)).toHaveLength(cutsAsked);
  });

  it('is a valid recording, and every observation becomes a step', () => {
    expect(validateRecording(rec)).toEqual({ ok: true, recording: rec });
    expect(skipped).toBe(0);
    expect(trace.steps).toHaveLength(rec.observations.length);
  });

  it('keeps the views’ invariants: time order, consecutive indices, a view of every party at every step', () => {
    trace.steps.forEach((s, i) => {
      expect(s.index).toBe(i);
      if (i > 0) expect(s.timeMs).toBeGreaterThanOrEqual(trace.steps[i - 1]!.timeMs);
      expect(Object.keys(s.snapshots).sort()).toEqual(trace.parties.map((p) => p.id).sort());
      for (const p of s.parties) expect(trace.parties.map((x) => x.id)).toContain(p);
      expect(s.text).not.toMatch(/undefined|NaN|\[object/);
    });
    for (const m of trace.messages) {
      expect(trace.steps[m.sentStep]!.timeMs).toBe(m.sentMs);
      expect(trace.steps[m.deliveredStep!]!.timeMs).toBe(m.deliverMs);
    }
    // The engine's own text rendering reads it like a model trace, with no holes.
    expect(formatTraceText(trace)).not.toMatch(/undefined|NaN/);
  });

  it('has the recorded tokens exactly, as strings', () => {
    const grants = rec.observations.filter((o) => o.kind === 'lock.granted').map((o) => o.token);
    expect(trace.leases.map((l) => l.token)).toEqual(grants);
    for (const s of trace.steps) if (s.token !== undefined) expect(typeof s.token).toBe('string');
  });

  it("has the store's verdicts, and the lease ends the conformance test reads", () => {
    const real = realFacts(rec);
    const writes = trace.steps
      .filter((s) => s.write?.resource === 'Storage')
      .map((s) => ({ client: s.write!.client, verdict: s.write!.verdict }));
    expect(writes).toEqual(real.writes);
    const txns = trace.steps
      .filter((s) => s.write && s.write.resource !== 'Storage')
      .map((s) => ({ client: s.write!.client, ok: s.write!.verdict === 'accepted' }));
    expect(txns).toEqual(real.txns);
    for (const [client, at] of Object.entries(real.ended)) {
      const lease = trace.leases.find((l) => l.holder === client && l.endReason !== 'released');
      expect(lease?.endedMs).toBe(at);
    }
  });

  it('says where it differs from the model, in sentences with numbers read from both', () => {
    const words = recordedDifferences(rec, simulate(scenarioFor(rec)));
    expect(words.length).toBeGreaterThanOrEqual(3);
    for (const w of words) expect(w).not.toMatch(/undefined|NaN/);
  });
});

describe('etcd-race', () => {
  const rec = byId('etcd-race');
  const { trace } = recordingToTrace(rec);

  it("shows the zombie's write refused, with max_seen read from the store", () => {
    const zombie = trace.steps.find((s) => s.write?.client === 'Client1')!;
    expect(zombie.write).toMatchObject({
      verdict: 'rejected',
      token: '2',
      comparison: '2 <= 4 -> REJECT',
      stale: true,
    });
    expect(zombie.snapshots.Storage?.fields.maxSeen).toBe('4');
    expect(trace.verdict.staleWritesRejected).toBe(1);
    expect(trace.verdict.tokensIssued).toEqual(['2', '4']);
  });

  it("draws Client1's lease from its grant to etcd deleting its key, and the zombie window after", () => {
    const [first] = trace.leases;
    expect(first).toMatchObject({ holder: 'Client1', grantedMs: 58, endedMs: 2102, endReason: 'expired' });
    expect(first!.believedUntilMs).toBe(5018);
    expect(trace.pauses).toEqual([{ client: 'Client1', fromMs: 501, toMs: 5008 }]);
  });

  it('names the late lease end in words', () => {
    expect(recordedDifferences(rec, simulate(scenarioFor(rec))).join(' ')).toMatch(
      /Client1 ended 97 ms later than the model's.*sweeps/,
    );
  });
});

it("etcd-txn-race: says the real clients also wrote to the store, which the model's do not", () => {
  const rec = byId('etcd-txn-race');
  const words = recordedDifferences(rec, simulate(scenarioFor(rec))).join(' ');
  expect(words).toMatch(
    /In both, etcd's guarded txn decided the same way: Client2's txn succeeded and Client1's txn failed\./,
  );
  expect(words).toMatch(
    /The real clients also wrote to the max_seen store, which decided: Client2's write accepted and Client1's write rejected; the model's clients write only through the txn/,
  );
});

it('redlock-restart: the superseded write that got in is marked stale, and the verdict says so', () => {
  const { trace } = recordingToTrace(byId('redlock-restart'));
  expect(trace.verdict.ok).toBe(false);
  expect(trace.verdict.staleWriteAccepted).toMatchObject({ client: 'Client1', resource: 'Storage' });
  expect(trace.leases.map((l) => l.token)).toEqual(trace.leases.map(() => expect.stringMatching(/^[0-9a-f]{40}$/)));
});

it('etcd-restore: the restarted etcd hands out the same revision again and the store refuses the rightful holder', () => {
  const { trace } = recordingToTrace(byId('etcd-restore'));
  expect(trace.verdict.tokensIssued).toEqual(['2', '2']);
  expect(trace.verdict.rightfulWriteRejected).toMatchObject({ client: 'Client2' });
});

describe('validateRecording', () => {
  const good = byId('etcd-race');
  const bad = (change: (r: Record<string, unknown>) => void) => {
    const copy = structuredClone(good) as unknown as Record<string, unknown>;
    change(copy);
    return validateRecording(copy);
  };

  it('names the field and the problem, and never throws', () => {
    expect(validateRecording(null)).toEqual({ ok: false, message: 'The file is not a recording (not a JSON object).' });
    expect(bad((r) => (r.format = 'x'))).toMatchObject({ ok: false, message: expect.stringMatching(/"format"/) });
    expect(bad((r) => ((r.observations as { token?: unknown }[])[2]!.token = 2))).toMatchObject({
      message: expect.stringMatching(/"observations\[2\]\.token" should be text/),
    });
    expect(bad((r) => ((r.observations as { atMs: number }[])[3]!.atMs = 1))).toMatchObject({
      message: expect.stringMatching(/before the observation above it/),
    });
    expect(bad((r) => ((r.schedule as { strategy: string }).strategy = 'paxos'))).toMatchObject({ ok: false });
    expect(bad((r) => ((r.schedule as { actions: unknown }).actions = [{ atMs: -5, type: 'nap' }]))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/cannot be run by the model/),
    });
  });
});

describe('why the grants came at other times than the model says', () => {
  const facts = (...atMs: number[]) => ({
    grants: atMs.map((at, i) => ({ client: `Client${i + 1}`, atMs: at, token: '1' })),
  });
  const why = (real: number[], model: number[]) =>
    whyGrantTimesDiffer(facts(...real) as unknown as Facts, facts(...model) as unknown as Facts);

  it('says which way they differ, not always that real clients are slower', () => {
    // Found by an engineer: the Redlock recording's real grants came at 10 and 3,203 ms (model: 12
    // and 3,210) under words saying real clients take longer.
    expect(why([10, 3203], [12, 3210])).toMatch(/^The real run was quicker/);
    expect(why([30, 3250], [12, 3210])).toMatch(/^The real run was later/);
    expect(why([10, 3250], [12, 3210])).toMatch(/quicker in places and later in others/);
    expect(why([12, 3210], [12, 3210])).toBe('The times agree to the millisecond.');
  });
});
