// Each walkthrough run must show the fact its lesson states: which write the store takes or
// refuses, who holds the lock when, and the counts a learner reads off the cards.
import { describe, expect, it } from 'vitest';
import { createSimulator, findPreset, type Scenario, type Step, type Trace } from '../index';
import { ALL_MODELS } from '../models/all';

const { simulate } = createSimulator(ALL_MODELS);

const run = (id: string): Trace => simulate(findPreset(id)!.scenario);
const scenarioOf = (id: string): Scenario => findPreset(id)!.scenario;

function labelled(trace: Trace, label: string): Step {
  const step = trace.steps.find((s) => s.label === label);
  if (!step) throw new Error(`no step labelled ${label} in ${trace.scenario.name}`);
  return step;
}

/** The store's verdicts, in order: who wrote what, with which token, accepted or not. */
const verdicts = (trace: Trace) =>
  trace.steps
    .filter((s) => s.write && s.party === 'Storage')
    .map((s) => [s.write!.client, s.write!.value, s.write!.token, s.write!.verdict]);

const fieldsAt = (step: Step, party: string) => step.snapshots[party]!.fields;
const last = (trace: Trace): Step => trace.steps[trace.steps.length - 1]!;

describe('skewed-clock: a slow client clock, no pause', () => {
  const fenced = run('skewed-clock');
  const trusted = run('skewed-clock-trust');

  it('never pauses Client1', () => {
    for (const t of [fenced, trusted]) expect(t.steps.some((s) => s.kind === 'client.paused')).toBe(false);
  });

  it("checks its lease by its own slow clock: still valid there, after the service's expiry and Client2's write", () => {
    const check = labelled(fenced, 'check');
    const expired = labelled(fenced, 't2');
    expect(expired.timeMs).toBe(1002);
    expect(labelled(fenced, 't4').timeMs).toBeLessThan(check.timeMs);
    expect(check.timeMs).toBe(1080);
    // 10% slow: its clock reads 972 ms at true time 1,080 ms, and its lease runs until 1,000 ms there.
    expect(check.detail).toMatchObject({ ownClockMs: 972, untilMs: 1000, leftMs: 28, goAhead: true });
    expect(check.text).toContain('972 ms');
  });

  it('under fencing, the store refuses 33 after 34', () => {
    expect(verdicts(fenced)).toEqual([
      ['Client2', 'X', 34, 'accepted'],
      ['Client1', 'Y', 33, 'rejected'],
    ]);
    expect(labelled(fenced, 't6').write!.comparison).toBe('33 <= 34 -> REJECT');
    expect(fenced.verdict.staleWriteAccepted).toBeNull();
  });

  it("under a plain lease, Client1's Y overwrites Client2's X", () => {
    expect(verdicts(trusted)).toEqual([
      ['Client2', 'X', null, 'accepted'],
      ['Client1', 'Y', null, 'accepted'],
    ]);
    expect(fieldsAt(last(trusted), 'Storage').value).toBe('Y');
    expect(trusted.verdict.staleWriteAccepted).not.toBeNull();
  });

  it('with a correct clock the same client would hold its write back', () => {
    const t = simulate({ ...scenarioOf('skewed-clock'), clocks: {}, labels: [] });
    expect(verdicts(t)).toEqual([['Client2', 'X', 34, 'accepted']]);
  });
});

describe('lease-trust-partition / fencing-partition: cut from the lock service only', () => {
  const trusted = run('lease-trust-partition');
  const fenced = run('fencing-partition');

  it('Client1 loses its lease at the service while cut off, and Client2 takes the lock', () => {
    for (const t of [trusted, fenced]) {
      expect(labelled(t, 'cut').timeMs).toBe(500);
      expect(labelled(t, 'lost').kind).toBe('lease.lost');
      expect(labelled(t, 't3').timeMs).toBe(labelled(t, 't2').timeMs);
      expect(labelled(t, 't3').timeMs).toBeLessThan(labelled(t, 't6').timeMs);
    }
  });

  it("the watchdog's one renewal before the cut was granted; none after it", () => {
    // A renewal at 337 ms moves the lease's end from 1,002 to 1,339 ms; the rest are lost in the cut.
    expect(labelled(fenced, 't2').timeMs).toBe(1339);
  });

  it('Client1 still reaches the store: accepted under trust, refused under fencing', () => {
    expect(verdicts(trusted).map((v) => v[3])).toEqual(['accepted', 'accepted', 'accepted']);
    expect(trusted.verdict.staleWriteAccepted).not.toBeNull();
    expect(verdicts(fenced)).toEqual([
      ['Client1', 'A', 33, 'accepted'],
      ['Client2', 'X', 34, 'accepted'],
      ['Client1', 'Y', 33, 'rejected'],
    ]);
  });
});

describe('lease-long / lease-short: the window shrinks, never closes, renewals go up', () => {
  const long = run('lease-long');
  const short = run('lease-short');
  const freezeToHandover = (t: Trace) => labelled(t, 't3').timeMs - labelled(t, 't1').timeMs;

  it('the lock leaves a frozen holder sooner under the shorter lease', () => {
    expect(freezeToHandover(long)).toBe(939);
    expect(freezeToHandover(short)).toBe(188);
  });

  it('a pause longer than the short lease still makes a zombie whose write is accepted', () => {
    for (const t of [long, short]) {
      expect(verdicts(t).map((v) => v.slice(0, 2))).toEqual([
        ['Client1', 'A'],
        ['Client2', 'X'],
        ['Client1', 'Y'],
      ]);
      expect(labelled(t, 't6').write!.verdict).toBe('accepted');
      expect(t.verdict.staleWriteAccepted).not.toBeNull();
    }
  });

  it('renewal traffic goes up: 4 renewals against 27 in the same 3 s', () => {
    expect(long.endMs).toBe(3000);
    expect(short.endMs).toBe(3000);
    expect(fieldsAt(last(long), 'LockService').renewals).toBe(4);
    expect(fieldsAt(last(short), 'LockService').renewals).toBe(27);
    expect(long.heartbeats).toBe(8);
    expect(short.heartbeats).toBe(54);
  });

  it('a pause between the short and the long lease is a zombie only under the short lease', () => {
    const pause600 = (id: string) => {
      const s = scenarioOf(id);
      const actions = s.actions.map((a) => (a.type === 'pause' ? { ...a, durationMs: 600 } : a));
      return simulate({ ...s, actions, labels: [] });
    };
    expect(pause600('lease-long').verdict.staleWriteAccepted).toBeNull();
    expect(pause600('lease-short').verdict.staleWriteAccepted).not.toBeNull();
  });
});

describe('lease-short-spurious: a healthy holder loses a short lease to a slow network', () => {
  const t = run('lease-short-spurious');

  it('Client1 never pauses, yet its lease ends and the lock goes to Client2', () => {
    expect(t.steps.some((s) => s.kind === 'client.paused')).toBe(false);
    expect(labelled(t, 'false-expiry').timeMs).toBe(339);
    expect(labelled(t, 'handover').parties).toContain('Client2');
    expect(labelled(t, 'lapsed').timeMs).toBeLessThanOrEqual(339);
  });

  it("Client1's next write is skipped, and its held-up renewals are refused when they arrive", () => {
    expect(labelled(t, 'skipped').detail).toMatchObject({ value: 'B' });
    expect(t.steps.filter((s) => s.kind === 'renewal.refused' && s.party === 'LockService')).toHaveLength(3);
    expect(verdicts(t)).toEqual([
      ['Client1', 'A', null, 'accepted'],
      ['Client2', 'X', null, 'accepted'],
    ]);
  });

  it('the same delays do no harm under a 1 s lease', () => {
    const s = scenarioOf('lease-short-spurious');
    const long = simulate({ ...s, knobs: { ...s.knobs, leaseTtlMs: 1000 }, labels: [] });
    expect(long.steps.some((x) => x.kind === 'lease.expired' && x.parties.includes('Client1'))).toBe(false);
    expect(verdicts(long).slice(0, 2)).toEqual([
      ['Client1', 'A', null, 'accepted'],
      ['Client1', 'B', null, 'accepted'],
    ]);
  });
});

describe('carry-many-writes: one token on every write of a grant', () => {
  const t = run('carry-many-writes');

  it("accepts each of the holder's writes with token 33, max_seen staying 33", () => {
    for (const label of ['w1', 'w2', 'w3']) {
      const w = labelled(t, label);
      expect(w.write).toMatchObject({ token: 33, verdict: 'accepted', maxSeenAfter: 33 });
    }
    expect(labelled(t, 'w3').write!.seq).toBe(3);
    expect(labelled(t, 'w2').write!.comparison).toBe('33 = 33, write 2 after write 1 -> ACCEPT');
    expect(fieldsAt(labelled(t, 'w3'), 'Storage').maxSeq).toBe(3);
  });

  it("then accepts Client2's 34 and refuses the zombie's fourth write with 33", () => {
    expect(verdicts(t)).toEqual([
      ['Client1', 'A', 33, 'accepted'],
      ['Client1', 'B', 33, 'accepted'],
      ['Client1', 'C', 33, 'accepted'],
      ['Client2', 'X', 34, 'accepted'],
      ['Client1', 'D', 33, 'rejected'],
    ]);
    expect(labelled(t, 't6').write!.comparison).toBe('33 <= 34 -> REJECT');
  });

  it("under the bare <= rule the holder's own second write would be refused", () => {
    const s = scenarioOf('carry-many-writes');
    const bare = simulate({ ...s, knobs: { check: 'reject-le' }, labels: [] });
    expect(verdicts(bare).slice(0, 2)).toEqual([
      ['Client1', 'A', 33, 'accepted'],
      ['Client1', 'B', 33, 'rejected'],
    ]);
  });
});

describe('check-then-write: the check passes, the pause falls before the send', () => {
  const trusted = run('check-then-write');
  const fenced = run('check-then-write-fenced');

  it('shows the check, 900 ms left by its own clock, before the pause', () => {
    for (const t of [trusted, fenced]) {
      const check = labelled(t, 'check');
      expect(check.detail).toMatchObject({ leftMs: 900, goAhead: true, value: 'Y' });
      expect(check.index).toBeLessThan(labelled(t, 't1').index);
      const sent = t.steps.find((s) => s.kind === 'write.sent' && s.party === 'Client1')!;
      expect(sent.timeMs).toBe(labelled(t, 't5').timeMs);
    }
  });

  it('the stale write is accepted under a plain lease and refused under fencing', () => {
    expect(labelled(trusted, 't6').write!.verdict).toBe('accepted');
    expect(trusted.verdict.staleWriteAccepted).not.toBeNull();
    expect(verdicts(fenced)).toEqual([
      ['Client2', 'X', 34, 'accepted'],
      ['Client1', 'Y', 33, 'rejected'],
    ]);
  });

  it('a check after the pause would have held the write back', () => {
    const s = scenarioOf('check-then-write');
    const actions = s.actions.map((a) => (a.type === 'write' && a.client === 'Client1' ? { ...a, atMs: 2700 } : a));
    const t = simulate({ ...s, actions, labels: [] });
    expect(verdicts(t).map((v) => v[0])).toEqual(['Client2']);
  });

  it('without the knob, no check step appears', () => {
    expect(run('canonical-race').steps.some((s) => s.kind === 'lease.checked')).toBe(false);
  });
});

describe('blob stores: a plain put cannot fence, an If-Match front can', () => {
  const plain = run('blob-store-no-check');
  const ifMatch = run('blob-store-if-match');

  it('the plain blob store takes the zombie write: 33 overwrites 34', () => {
    expect(verdicts(plain)).toEqual([
      ['Client2', 'X', 34, 'accepted'],
      ['Client1', 'Y', 33, 'accepted'],
    ]);
    expect(plain.verdict.staleWriteAccepted).not.toBeNull();
    expect(labelled(plain, 't6').text).toContain('no conditional write');
  });

  it('the If-Match front puts 34 against the version it read and refuses 33 with no put', () => {
    const t4 = labelled(ifMatch, 't4');
    expect(t4.write!.comparison).toBe('34 > 32 -> PUT If-Match v1 -> ACCEPT');
    expect(t4.detail).toMatchObject({ blob: 'if-match', ifMatch: 1, version: 2 });
    const t6 = labelled(ifMatch, 't6');
    expect(t6.write!.comparison).toBe('33 <= 34 -> no PUT -> REJECT');
    expect(fieldsAt(t6, 'Storage')).toMatchObject({ objectVersion: 2, maxSeen: 34, value: 'X' });
    expect(ifMatch.verdict.staleWriteAccepted).toBeNull();
  });

  it("says on the store's lane which kind of blob store it is (a lesson showed a plain 'Storage' for both)", () => {
    const storage = (trace: typeof plain) => trace.parties.find((p) => p.id === 'Storage')?.label;
    expect(storage(plain)).toBe('Storage (blob store, no check)');
    expect(storage(ifMatch)).toBe('Storage (blob store + If-Match)');
    expect(storage(run('canonical-race'))).toBe('Storage');
  });
});
