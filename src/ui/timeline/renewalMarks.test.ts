// Renewals on the timeline's layout: each one a client sent is a mark on its lane at the time it
// left, a lost one is drawn otherwise, the marks keep clear of a cut's bar and words, and the key
// names them only where the run has them.
import { describe, expect, it } from 'vitest';
import { buildWhatIf, createSimulator, type Trace, type WhatIfParams } from '../../engine';
import { ALL_MODELS } from '../../engine/surfaces/allModels';
import { layoutTimeline, xOfTime } from './layout';
import { legendItems } from './readouts';
import { renewalPath } from './renewals';
import { TIMELINE_SIZE as SIZE, layoutWhole as full } from '../testing/timelineFixtures';

const { simulate } = createSimulator(ALL_MODELS);

function run(params: WhatIfParams): Trace {
  const built = buildWhatIf(params);
  if (!built.ok) throw new Error(built.error);
  return simulate(built.scenario);
}

// Client1 is cut off from the lock service from 15 s to 55 s; its library renews every 10 s.
const cut = run({
  fault: 'partition',
  faultMs: 40_000,
  leaseTtlMs: 30_000,
  client2AsksAtMs: 5_000,
  faultAtMs: 15_000,
  stopActing: 'never',
  strategy: 'lease-trust',
});

describe('renewal marks', () => {
  it("sit on the holder's lane at each renewal's time, lost ones drawn as lost", () => {
    const layout = full(cut);
    const lane = layout.lanes.find((l) => l.party === 'Client1')!;
    const mine = layout.renewals.filter((r) => r.client === 'Client1');
    expect(mine.map((r) => [r.timeMs, r.lost])).toEqual(
      cut.renewals.filter((r) => r.client === 'Client1').map((r) => [r.atMs, r.lost]),
    );
    expect(mine.map((r) => [r.timeMs, r.lost]).slice(0, 3)).toEqual([
      [10_013, false],
      [20_013, true],
      [30_013, true],
    ]);
    for (const r of mine) {
      expect(r.x).toBeCloseTo(xOfTime(layout, r.timeMs), 6);
      expect(r.y).toBeGreaterThan(lane.top);
      expect(r.y).toBeLessThan(lane.y);
    }
    expect(mine.find((r) => r.lost)!.title).toMatch(/renewal to Lock service at 20013 ms was lost/i);
  });

  it('draw an arrived renewal and a lost one as different shapes', () => {
    expect(renewalPath(false, 10, 10, 7)).toMatch(/Z$/);
    expect(renewalPath(true, 10, 10, 7)).not.toMatch(/Z/);
  });

  it("keep clear of the cut's bar, and so of its words inside it", () => {
    const layout = full(cut);
    const bar = layout.cuts.find((c) => c.party === 'Client1')!;
    const during = layout.renewals.filter((r) => r.client === 'Client1' && r.x >= bar.bar.x1 && r.x <= bar.bar.x2);
    expect(during.length).toBeGreaterThan(0);
    for (const r of during) expect(r.y + r.size / 2).toBeLessThan(bar.y);
  });

  it('are left out outside the window, and merged where many share a pixel', () => {
    const before = layoutTimeline(cut, { startMs: 0, endMs: 9_000 }, SIZE);
    expect(before.renewals).toEqual([]);
    const long = run({
      fault: 'pause',
      faultMs: 20_000,
      leaseTtlMs: 300,
      client2AsksAtMs: 250_000,
      keepalive: true,
      faultAtMs: 200_000,
    });
    const layout = full(long);
    const xs = layout.renewals.filter((r) => r.client === 'Client1' && !r.lost).map((r) => Math.round(r.x));
    expect(long.renewals.length).toBeGreaterThan(layout.renewals.length);
    expect(new Set(xs).size).toBeGreaterThan(xs.length / 2);
  });

  it('are in the key where the run has them, and only then', () => {
    const keys = (t: Trace) => legendItems(t).filter((i) => i.key === 'renewal' || i.key === 'lostRenewal');
    expect(keys(cut).map((i) => i.key)).toEqual(['renewal', 'lostRenewal']);
    const unrenewed = run({
      fault: 'pause',
      faultMs: 30_000,
      leaseTtlMs: 10_000,
      client2AsksAtMs: 11_000,
      strategy: 'lease-trust',
    });
    expect(keys(unrenewed)).toEqual([]);
  });
});
