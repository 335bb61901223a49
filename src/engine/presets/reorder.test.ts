// Issue 41, item 2: the refused same-token writes left under the default (token, seq) rule. A
// holder's queued writes, sent together when it gets the lock, can arrive out of order: the older
// one that arrives after its own later write is refused and named as that, and is not counted as
// a rightful write refused. A holder granted the same token again (a repeated grant) goes on
// numbering its writes, so its next write is accepted.
import { describe, expect, it } from 'vitest';
import { createSimulator, randomWorkload, type Trace } from '../index';
import { ALL_MODELS } from '../models/all';
import { decideWrite } from '../protocol/check';

const { simulate } = createSimulator(ALL_MODELS);
const workload = (seed: number): Trace => simulate(randomWorkload({ seed, strategy: 'fencing', actions: 300 }));
const refusedEqual = (t: Trace) =>
  t.steps.flatMap((s) =>
    s.write && s.write.verdict === 'rejected' && !s.write.stale && s.write.token === s.write.maxSeenBefore
      ? [s.write]
      : [],
  );

describe("a holder's write overtaken by its own later write", () => {
  it('is refused in words that name it an older write of the same holder', () => {
    const d = decideWrite('token-seq', 33, 3, 33, 2);
    expect(d.accept).toBe(false);
    expect(d.comparison).toBe('33 = 33, but write 3 came first -> REJECT');
    expect(d.reason).toBe('an older write of the same holder');
    expect(d.maxSeqAfter).toBe(3);
  });

  it('the same write delivered again keeps the plain words', () => {
    expect(decideWrite('token-seq', 33, 2, 33, 2).comparison).toBe('33 = 33, write 2 not after write 2 -> REJECT');
  });

  it.each([1, 2, 3, 4])(
    'workload seed %i: every refused equal-token write was overtaken, and none counts as the holder refused',
    (seed) => {
      const t = workload(seed);
      const refused = refusedEqual(t);
      expect(refused.length).toBeGreaterThan(10);
      for (const w of refused) expect(w.comparison).toMatch(/^(\d+) = \1, but write \d+ came first -> REJECT$/);
      expect(t.verdict.rightfulWritesRejected).toBe(0);
      expect(t.verdict.rightfulWriteRejected).toBeNull();
    },
  );
});

describe('a holder granted the same token again', () => {
  it("numbers its next write after the ones its store accepted, so the write is accepted (workload seed 5, Client4's v45)", () => {
    const t = workload(5);
    const regrant = t.steps.findIndex((s) => s.kind === 'lock.regranted' && s.parties.includes('Client4'));
    expect(regrant).toBeGreaterThan(0);
    const v45 = t.steps.find((s) => s.write?.value === 'v45')?.write;
    expect(v45).toMatchObject({ client: 'Client4', token: 36, verdict: 'accepted' });
    expect(refusedEqual(t).filter((w) => !/came first/.test(w.comparison))).toEqual([]);
    expect(t.verdict.rightfulWritesRejected).toBe(0);
  });
});
