// HDFS-style epochs as shared/domain.md describes them: journal nodes promise epochs and refuse
// lower ones, a writer needs a quorum, and a deposed writer's edits never commit.
import { describe, expect, it } from 'vitest';
import {
  createSimulator,
  formatTraceText,
  formatVerdict,
  stepPhrase,
  type Step,
  type Trace,
  stepDetail,
} from '../index';
import { qjmMissedEpoch, qjmRace } from '../presets/qjm';
import { scenarioOf } from '../presets/build';
import { ALL_MODELS } from '../models/all';

const { simulate } = createSimulator(ALL_MODELS);

const at = (trace: Trace, label: string): Step => {
  const step = trace.steps.find((s) => s.label === label);
  if (!step) throw new Error(`no step labelled ${label}`);
  return step;
};
const committed = (trace: Trace, client: string): string[] =>
  trace.steps
    .filter((s) => s.party === client && stepDetail(s).committed === true)
    .map((s) => String(stepDetail(s).value));
const last = (trace: Trace) => trace.steps.at(-1)!;

describe('HDFS epochs: the canonical race', () => {
  const trace = simulate(qjmRace.scenario);

  it('makes each writer take 1 + the largest promised epoch from a quorum', () => {
    expect(stepDetail(at(trace, 't0')).quorum).toMatch(/^JN\d, JN\d$/);
    expect(at(trace, 't2')).toMatchObject({ kind: 'epoch.promised', token: 34 });
    expect(at(trace, 't3').token).toBe(34);
    expect(trace.verdict.tokensIssued).toEqual([33, 34]);
  });

  it("commits Client2's edit with a quorum of acknowledgements", () => {
    expect(committed(trace, 'Client2')).toEqual(['X']);
  });

  it("has every journal node refuse the deposed writer's epoch, which then aborts", () => {
    const refusals = trace.steps.filter((s) => s.kind === 'write.rejected' && s.write?.client === 'Client1');
    expect(refusals.map((s) => s.write?.comparison)).toEqual(Array(3).fill('epoch 33 < promised 34 -> REJECT'));
    expect(trace.steps.find((s) => s.kind === 'write.refused' && stepDetail(s).fenced)?.party).toBe('Client1');
    expect(last(trace).snapshots.Client1!.state).toBe('idle');
    expect(committed(trace, 'Client1')).toEqual([]);
    expect(trace.verdict).toMatchObject({ ok: true, staleWriteAccepted: null, staleWritesRejected: 3 });
  });
});

describe('HDFS epochs: a journal node that missed the new epoch', () => {
  const trace = simulate(qjmMissedEpoch.scenario);

  it("lets JN3, still at epoch 33, append the deposed writer's edit locally", () => {
    expect(at(trace, 'local').write).toMatchObject({ resource: 'JN3', verdict: 'accepted', stale: true });
    expect(last(trace).snapshots.JN3!.fields).toMatchObject({ maxSeen: 33, value: 'Y' });
  });

  it('commits nothing of it: the other two refuse, and the writer aborts', () => {
    expect(committed(trace, 'Client1')).toEqual([]);
    expect(committed(trace, 'Client2')).toEqual(['X']);
    expect(last(trace).snapshots.Client1!.state).toBe('idle');
    // The local append is a stale write accepted on JN3's disk, and the verdict says so; no
    // invariant breaks, because no journal node ever takes an older epoch after a newer one.
    expect(trace.verdict).toMatchObject({ ok: true, staleWritesAccepted: 1, staleWritesRejected: 2 });
  });

  it('says the local accept never committed, and narrates the abort', () => {
    expect(formatVerdict(trace)).toContain(
      `Stale write accepted: yes, at step ${at(trace, 'local').index} (Client1 at JN3): accepted on JN3 only, 1 of 2 acks needed, never committed; Client1 aborted`,
    );
    const abort = at(trace, 'abort');
    expect(abort).toMatchObject({ party: 'Client1', kind: 'lease.lapsed', detail: { aborted: true } });
    expect(abort.text).toMatch(/^Client1 aborts.*JN1, JN2 refused epoch 33/);
    expect(stepPhrase(abort, 'qjm').action).toBe('aborts: epoch 33 can get no quorum');
  });
});

describe('HDFS epochs: journal nodes that promised different epochs', () => {
  // Client2 cannot reach JN3, so only JN1 and JN2 promise it 34; Client3 cannot reach JN1, so it
  // hears 34 from JN2 and 33 from JN3, and must take 1 + the larger, not 1 + the first it hears.
  const trace = simulate(
    scenarioOf({
      name: 'uneven promises',
      strategy: 'qjm',
      clients: 3,
      actions: [
        { atMs: 0, type: 'acquire', client: 'Client1' },
        { atMs: 500, type: 'partition', a: 'Client2', b: 'JN3' },
        { atMs: 600, type: 'acquire', client: 'Client2' },
        { atMs: 1000, type: 'partition', a: 'Client3', b: 'JN1' },
        { atMs: 1100, type: 'acquire', client: 'Client3' },
        { atMs: 1300, type: 'write', client: 'Client3', value: 'Z' },
      ],
    }),
  );

  it('reports different promises to the third writer, which takes 1 + the largest', () => {
    const states = trace.steps.filter((s) => s.kind === 'journal.state' && s.parties[1] === 'Client3');
    const promised = Object.fromEntries(states.map((s) => [s.party, stepDetail(s).lastPromisedEpoch]));
    expect(promised).toEqual({ JN2: 34, JN3: 33 });
    expect(trace.verdict.tokensIssued).toEqual([33, 34, 35]);
    const grant = trace.steps.find((s) => s.kind === 'lock.granted' && s.party === 'Client3')!;
    expect(grant.token).toBe(35);
    expect(committed(trace, 'Client3')).toEqual(['Z']);
    expect(trace.verdict.ok).toBe(true);
  });
});

describe('HDFS epochs: races between writers', () => {
  it('gives one epoch to one writer when both ask at once', () => {
    const trace = simulate(
      scenarioOf({
        name: 'both at once',
        strategy: 'qjm',
        actions: [
          { atMs: 0, type: 'acquire', client: 'Client1' },
          { atMs: 0, type: 'acquire', client: 'Client2' },
        ],
      }),
    );
    const grants = trace.steps.filter((s) => s.kind === 'lock.granted');
    expect(grants).toHaveLength(1);
    expect(trace.steps.some((s) => s.kind === 'lock.failed')).toBe(true);
    expect(trace.verdict.ok).toBe(true);
  });

  it('does not count a quorum learned after a newer epoch as a new grant', () => {
    // Client1 freezes after proposing epoch 33 and before hearing the promises.
    const trace = simulate(
      scenarioOf({
        name: 'late learner',
        strategy: 'qjm',
        actions: [
          { atMs: 0, type: 'acquire', client: 'Client1' },
          { atMs: 13, type: 'pause', client: 'Client1', durationMs: 1000 },
          { atMs: 100, type: 'acquire', client: 'Client2' },
          { atMs: 200, type: 'write', client: 'Client2', value: 'X' },
          { atMs: 1100, type: 'write', client: 'Client1', value: 'Y' },
        ],
      }),
    );
    const late = trace.steps.find((s) => s.kind === 'lock.acquired' && s.party === 'Client1')!;
    expect(late).toMatchObject({ token: 33, detail: { late: true } });
    expect(trace.verdict.tokensIssued).toEqual([34]);
    const y = trace.steps.filter((s) => s.write?.client === 'Client1');
    expect(y.map((s) => s.write?.verdict)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(y.every((s) => s.write?.stale)).toBe(true);
    expect(trace.verdict.ok).toBe(true);
  });
});

describe('HDFS epochs: the trace as text', () => {
  const lines = formatTraceText(simulate(qjmRace.scenario)).split('\n');

  it('names the round of every reply, so the two phases read apart', () => {
    expect(lines.some((l) => l.includes('yes from JN3 to getJournalState (1/2)'))).toBe(true);
    expect(lines.some((l) => l.includes('yes from JN3 to newEpoch (1/2)'))).toBe(true);
    expect(lines.some((l) => /to undefined|\(\d\/\d\).*\(\d\/\d\)/.test(l))).toBe(false);
  });

  it('never counts past the quorum: a third ack comes after the commit', () => {
    expect(lines.some((l) => /\(3\/2\)/.test(l))).toBe(false);
    expect(lines.some((l) => l.includes('learns JN3 logged edit X too (after the quorum)'))).toBe(true);
  });

  it("shows every journal node's max_seen, so the one that missed an epoch is seen", () => {
    const missed = formatTraceText(simulate(qjmMissedEpoch.scenario));
    expect(missed).toMatch(/max_seen JN1=\d+ JN2=\d+ JN3=\d+/);
    const last = missed
      .split('\n')
      .filter((l) => l.includes('max_seen'))
      .at(-1)!;
    const seen = [...last.matchAll(/JN\d=(\d+)/g)].map((m) => Number(m[1]));
    expect(new Set(seen).size).toBeGreaterThan(1);
  });
});
