// The lookups that keep a long recording's drawing linear in its size answer as the scans they
// replace do (property tests over random timelines), and a long recording is drawn whole: every
// observation a step, every write paired with its send and reply, every late write refused.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TimeIndex, validateRecording, type Recording } from '../../../engine/surfaces/recorded';
import { longRecording } from '../../testing/longRecording';
import { Pairing } from './pairing';
import { recordingToTrace } from './toTrace';
import { Turns } from './turns';

interface Item {
  atMs: number;
  who: string;
  id: number;
}

/** Random items in time order (ties included), each by one of three holders. */
const timeline = fc.array(fc.tuple(fc.nat(3), fc.constantFrom('A', 'B', 'C')), { maxLength: 40 }).map((steps) => {
  let t = 0;
  return steps.map(([gap, who], id): Item => ({ atMs: (t += gap), who, id }));
});
const moment = fc.integer({ min: -1, max: 130 });

describe('the lookups answer as a scan does', () => {
  it('Turns: the last turn of a holder, and of anyone else, at or before a time', () => {
    fc.assert(
      fc.property(timeline, moment, fc.constantFrom('A', 'B', 'C'), (items, atMs, who) => {
        const turns = new Turns(items, (i) => i.who);
        const upTo = items.filter((i) => i.atMs <= atMs);
        expect(turns.lastOf(who, atMs)).toBe(upTo.filter((i) => i.who === who).at(-1));
        expect(turns.lastOfOthers(who, atMs)).toBe(upTo.filter((i) => i.who !== who).at(-1));
      }),
    );
  });

  it('TimeIndex: the first at or after, the last at or before', () => {
    fc.assert(
      fc.property(timeline, moment, (items, atMs) => {
        const index = new TimeIndex<Item>();
        for (const i of items) index.add(i.who, i);
        for (const who of ['A', 'B', 'C']) {
          const mine = items.filter((i) => i.who === who);
          expect(index.firstAtOrAfter(who, atMs)).toBe(mine.find((i) => i.atMs >= atMs));
          expect(index.lastAtOrBefore(who, atMs)).toBe(mine.filter((i) => i.atMs <= atMs).at(-1));
        }
      }),
    );
  });

  it('Pairing: each item taken once, the nearest unused one on the asked side', () => {
    const asks = fc.array(fc.tuple(fc.constantFrom('A', 'B'), moment, fc.boolean()), { maxLength: 60 });
    fc.assert(
      fc.property(timeline, asks, (items, questions) => {
        const index = new TimeIndex<Item>();
        for (const i of items) index.add(i.who, i);
        const pairing = new Pairing(index);
        const used = new Set<Item>();
        for (const [who, atMs, before] of questions) {
          const free = items.filter((i) => i.who === who && !used.has(i));
          const expected = before ? free.filter((i) => i.atMs <= atMs).at(-1) : free.find((i) => i.atMs >= atMs);
          const got = before ? pairing.lastAtOrBefore(who, atMs) : pairing.firstAtOrAfter(who, atMs);
          expect(got).toBe(expected);
          if (got) used.add(got);
        }
      }),
    );
  });
});

describe('a long recording', () => {
  const files = import.meta.glob<Recording>('../../../../public/recordings/etcd-race.json', {
    eager: true,
    import: 'default',
  });
  const rec = longRecording(Object.values(files)[0]!, 5000);

  it('is drawn whole: a step per observation, each write with its send and reply, every late write refused', () => {
    expect(validateRecording(rec)).toMatchObject({ ok: true });
    const { trace, skipped } = recordingToTrace(rec);
    expect(skipped).toBe(0);
    expect(trace.steps).toHaveLength(5000);
    const decisions = rec.observations.filter((o) => o.party === 'Storage');
    const late = decisions.filter((o) => o.client === 'Client1');
    expect(late.length).toBeGreaterThan(50);
    // Every decision but perhaps the cut-off last one has its send and its reply.
    expect(trace.messages.length).toBeGreaterThanOrEqual(2 * decisions.length - 1);
    for (const m of trace.messages) {
      const [from, to] = [trace.steps[m.sentStep]!, trace.steps[m.deliveredStep!]!];
      expect(from.token).toBe(to.token);
      expect(from.timeMs).toBeLessThanOrEqual(to.timeMs);
    }
    expect(trace.verdict.staleWritesRejected).toBe(late.length);
    expect(trace.verdict.staleWritesAccepted).toBe(0);
    expect(trace.leases).toHaveLength(rec.observations.filter((o) => o.kind === 'lock.granted').length);
    expect(trace.pauses.filter((p) => p.toMs === null).length).toBeLessThanOrEqual(1);
  });
});
