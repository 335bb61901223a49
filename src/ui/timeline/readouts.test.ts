// The max_seen readouts' size: what keeps them readable and apart on lanes of any height.
import { describe, expect, it } from 'vitest';
import { createSimulator, findPreset, randomWorkload, type Trace } from '../../engine';
import { MAXSEEN_BOX_PX, gutterReadouts, legendItems, readoutHeight, type MaxSeenReadout } from './readouts';
import type { LaneShape } from './types';
import { ALL_MODELS } from '../../engine/surfaces/allModels';

const { simulate } = createSimulator(ALL_MODELS);

describe('readoutHeight', () => {
  it('gives one readout, or readouts on well-spaced lanes, the full box', () => {
    expect(readoutHeight([{ y: 100 }])).toBe(MAXSEEN_BOX_PX);
    expect(readoutHeight([{ y: 100 }, { y: 164 }])).toBe(MAXSEEN_BOX_PX);
  });

  it('shrinks every box to the closest two lanes, 4 px apart, in whatever order they come', () => {
    // Three journal nodes 34 px apart on a projector, given bottom first.
    expect(readoutHeight([{ y: 168 }, { y: 100 }, { y: 134 }])).toBe(30);
    // Two resources that are not neighbours, one much closer pair among them.
    expect(readoutHeight([{ y: 100 }, { y: 300 }, { y: 321 }])).toBe(17);
  });

  it('never goes under 14 px', () => {
    expect(readoutHeight([{ y: 100 }, { y: 105 }])).toBe(14);
  });
});

describe("the key's words for a grant", () => {
  it("call an HDFS writer's grant an epoch, held per the journal nodes and superseded, not a lease that expires", () => {
    // Found by an engineer: the HDFS knobs say "no lease here", and the key said "lease held, per
    // the lock service" of the bar drawn for the writer's epoch.
    const words = (id: string) =>
      legendItems(simulate(findPreset(id)!.scenario))
        .filter((item) => ['held', 'believed', 'zombie'].includes(item.key))
        .map((item) => item.text);
    expect(words('qjm-race')).toEqual([
      'epoch held, per the journal nodes',
      'epoch believed held, per its holder',
      'zombie window: superseded, still believed',
    ]);
    expect(words('canonical-race')).toEqual([
      'lease held, per the lock service',
      'lease believed held, per its holder',
      'zombie window: expired, still believed',
    ]);
  });
});

describe("gutterReadouts (max_seen on a phone, under the resource's name)", () => {
  const lane = (party: string, top: number, height: number, titleLines = [party]) =>
    ({ party, top, height, y: top + 24, titleLines }) as LaneShape;
  const readout = (party: string, value: string, caption = 'max_seen'): MaxSeenReadout => ({
    party,
    y: 0,
    value,
    caption,
    keeps: caption !== 'no check',
    changed: false,
  });

  it('writes "max_seen 34" on one line under a one-line name, inside the gutter', () => {
    const [r] = gutterReadouts([readout('Storage', '34')], [lane('Storage', 200, 64)], 110, 8);
    expect(r).toMatchObject({ value: '34', valueY: null, captionY: 200 + 24 + 1 + 4 + 13 });
    expect(r!.x + r!.width).toBeLessThanOrEqual(110 - 6);
  });

  it('puts a value too long for the gutter on a line of its own, and goes under a two-line name', () => {
    const [long] = gutterReadouts([readout('Storage', '1000005')], [lane('Storage', 200, 64)], 110, 8);
    expect(long!.valueY).toBe(long!.captionY + 14);
    const [two] = gutterReadouts([readout('JN1', '34')], [lane('JN1', 200, 80, ['Journal', 'Node 1'])], 140, 8);
    expect(two!.captionY).toBe(200 + 24 + 9 + 4 + 13);
  });

  it('says "no check" alone for a store that keeps no max_seen, and leaves out a readout its lane has no room for', () => {
    const [none] = gutterReadouts([readout('Storage', '—', 'no check')], [lane('Storage', 200, 64)], 110, 8);
    expect(none).toMatchObject({ caption: 'no check', value: '' });
    expect(gutterReadouts([readout('Storage', '34')], [lane('Storage', 200, 40)], 110, 8)).toEqual([]);
  });
});

describe("the key's words for the box beside a store", () => {
  it('say what max_seen is and where it starts, and what a store that keeps none shows', () => {
    // A teacher found the box never explained, and the class never told where 32 came from.
    const about = (id: string) =>
      legendItems(simulate(findPreset(id)!.scenario))
        .filter((item) => item.key === 'maxSeen' || item.key === 'noCheck')
        .map((item) => item.text);
    expect(about('canonical-race')).toEqual(['max_seen: highest token accepted (from 32)']);
    expect(about('pitfall-no-check')).toEqual(['no check: the store remembers no token']);
    expect(about('pitfall-second-store')).toHaveLength(2);
  });
});

describe("the key's words for a refused write, as the engine classed it", () => {
  const rejectText = (trace: Trace) => legendItems(trace).find((i) => i.key === 'reject')!.text;
  const refused = (trace: Trace) =>
    trace.steps.flatMap((s) => (s.kind === 'write.rejected' && s.write ? [s.write] : []));

  it('a stale token, where every refused write was stale', () => {
    const trace = simulate(findPreset('canonical-race')!.scenario);
    expect(refused(trace).every((w) => w.stale)).toBe(true);
    expect(rejectText(trace)).toBe('write rejected: stale token');
  });

  it("the holder's own write, where the bare <= refused the current holder's second write", () => {
    const s = findPreset('carry-many-writes')!.scenario;
    const trace = simulate({ ...s, knobs: { ...s.knobs, check: 'reject-le' }, labels: [] });
    expect(refused(trace).some((w) => w.holderRefused === true)).toBe(true);
    expect(trace.verdict.rightfulWritesRejected).toBeGreaterThan(0);
    expect(rejectText(trace)).toBe("write rejected: the holder's own write, refused by the store's rule");
  });

  it("a holder's older write, never the holder refused, where its own later write overtook it", () => {
    // A random workload under fencing: queued writes sent together arrive out of order.
    const trace = simulate(randomWorkload({ seed: 1, strategy: 'fencing', actions: 300 }));
    const overtaken = refused(trace).filter((w) => / came first -> REJECT$/.test(w.comparison));
    expect(overtaken.length).toBeGreaterThan(0);
    expect(overtaken.filter((w) => w.holderRefused === true)).toEqual([]);
    expect(trace.verdict.rightfulWritesRejected).toBe(0);
    const text = rejectText(trace);
    expect(text).toContain("a holder's older write, after its own later one");
    expect(text).not.toContain("the holder's own write");
  });
});
