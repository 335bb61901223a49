// The timeline's layout, without a browser: what a user reads off the picture must be where the
// trace says it is. The canonical race is the article's t0..t6; a 10,000-step run checks the cost.

import { describe, expect, it } from 'vitest';
import { createSimulator, PRESETS, type Trace } from '../../engine';
import {
  GUTTER_LEFT_PX,
  LANE_TITLE_CHAR_NARROW_PX,
  LANE_TITLE_CHAR_PX,
  LANE_TITLE_CLEARANCE_PX,
  LANE_TITLE_X_NARROW_PX,
  LANE_TITLE_X_PX,
  fitsFullGutter,
  timeScale,
} from './geometry';
import { layoutTimeline, stepAtTime, xOfTime } from './layout';
import { COMPACT_LANE_WEIGHT, laneUnits } from './lanes';
import { maxSeenAt } from './readouts';
import { longScenario } from './harness/longScenario';
import { fitWindow } from './viewport';
import { TIMELINE_SIZE as SIZE, layoutWhole as full, presetScenario as preset } from '../testing/timelineFixtures';
import { ALL_MODELS } from '../../engine/surfaces/allModels';

const { simulate } = createSimulator(ALL_MODELS);

const canonical = simulate(preset('canonical-race'));

describe('lanes', () => {
  it('gives every party one lane, lock service first, then clients, resources, and the mailer last', () => {
    const trace = simulate(preset('pitfall-email'));
    const layout = full(trace);
    expect(layout.lanes.map((l) => l.party)).toEqual(['LockService', 'Client1', 'Client2', 'Storage', 'Mailer']);
    expect(layout.lanes.find((l) => l.party === 'Mailer')).toMatchObject({
      title: 'Mailer',
      subtitle: 'outside the fence',
    });
  });

  it('says what the lock service hands out: ordered tokens, plain leases or random values', () => {
    const lockLane = (id: string) => full(simulate(preset(id))).lanes[0]!.subtitle;
    expect(lockLane('canonical-race')).toBe('issues tokens');
    expect(lockLane('lease-trust-race')).toBe('grants leases, no token');
    expect(lockLane('redlock-race')).toBe('hands out random values');
  });

  it('stacks lanes inside the plot without overlapping, and fills it', () => {
    for (const trace of [canonical, simulate(preset('redlock-race'))]) {
      const { lanes, plot } = full(trace);
      lanes.forEach((lane, i) => {
        expect(lane.top).toBeGreaterThanOrEqual(plot.top);
        expect(lane.top + lane.height).toBeLessThanOrEqual(plot.bottom + 1e-9);
        if (i > 0) expect(lane.top).toBeCloseTo(lanes[i - 1]!.top + lanes[i - 1]!.height);
        expect(lane.y).toBeGreaterThan(lane.top);
        expect(lane.y).toBeLessThan(lane.top + lane.height);
      });
      expect(lanes.at(-1)!.top + lanes.at(-1)!.height).toBeCloseTo(plot.bottom);
    }
  });

  it("gives Redlock's five masters compact lanes, named once as a group, so the clients keep their room", () => {
    const trace = simulate(preset('redlock-race'));
    const { lanes } = full(trace);
    const masters = lanes.filter((l) => l.kind === 'lock');
    const client = lanes.find((l) => l.party === 'Client1')!;
    expect(masters).toHaveLength(5);
    for (const m of masters) expect(m.height).toBeCloseTo(client.height * COMPACT_LANE_WEIGHT);
    expect(masters.map((m) => m.subtitle)).toEqual(['hands out random values', '', '', '', '']);
    expect(laneUnits(trace.parties)).toBeCloseTo(5 * COMPACT_LANE_WEIGHT + 3);
    // One lock service keeps a full lane.
    expect(full(canonical).lanes[0]!.height).toBeCloseTo(full(canonical).lanes[1]!.height);
  });
});

describe('in a short frame', () => {
  // A 640x360 embed leaves the drawing about 250 px; the lab at full size about 420.
  it("keeps every lease bar, pause and network cut inside its own lane's band, whatever the lanes' height", () => {
    for (const height of [420, 250, 180]) {
      for (const { id, scenario } of PRESETS) {
        const trace = simulate(scenario);
        const layout = layoutTimeline(trace, fitWindow(trace), { width: 640, height });
        const band = new Map(layout.lanes.map((l) => [l.party, [l.top, l.top + l.height] as const]));
        for (const l of layout.leases) {
          const [top, bottom] = band.get(l.holder)!;
          expect(l.heldY, `${id} at ${height}: lease ${l.token}`).toBeGreaterThanOrEqual(top);
          expect(l.believedY + l.barHeight, `${id} at ${height}: lease ${l.token}`).toBeLessThanOrEqual(bottom);
          expect(l.believedY).toBeGreaterThanOrEqual(l.heldY + l.barHeight);
        }
        for (const p of layout.pauses) {
          const [top, bottom] = band.get(p.client)!;
          expect(p.y, `${id} at ${height}: pause of ${p.client}`).toBeGreaterThanOrEqual(top);
          expect(p.y + p.height, `${id} at ${height}: pause of ${p.client}`).toBeLessThanOrEqual(bottom);
        }
        for (const c of layout.cuts) {
          const [top, bottom] = band.get(c.party)!;
          expect(c.y, `${id} at ${height}: cut of ${c.party}`).toBeGreaterThanOrEqual(top);
          expect(c.y + c.height, `${id} at ${height}: cut of ${c.party}`).toBeLessThanOrEqual(bottom);
        }
        for (const d of layout.lockDelays) {
          const [top, bottom] = band.get(d.party)!;
          expect(d.y, `${id} at ${height}: lock-delay`).toBeGreaterThanOrEqual(top);
          expect(d.y + d.height, `${id} at ${height}: lock-delay`).toBeLessThanOrEqual(bottom);
          if (d.textY !== null)
            expect(d.textY - 11, `${id} at ${height}: lock-delay's words`).toBeGreaterThanOrEqual(top);
        }
      }
    }
  });

  it("writes each arrow's token over its sender's or receiver's lane only, never over a third party's", () => {
    for (const size of [
      { width: 1200, height: 420 },
      { width: 640, height: 250 },
      { width: 640, height: 180 },
      { width: 390, height: 300 },
    ]) {
      for (const { id, scenario } of PRESETS) {
        const trace = simulate(scenario);
        const layout = layoutTimeline(trace, fitWindow(trace), size);
        const byId = new Map(trace.messages.map((m) => [m.id, m]));
        for (const shape of layout.messages) {
          if (!shape.tokenLabel) continue;
          const m = byId.get(shape.id)!;
          const [top, bottom] = [shape.tokenLabel.y - 7, shape.tokenLabel.y + 7];
          const over = layout.lanes
            .filter((l) => Math.min(bottom, l.top + l.height) - Math.max(top, l.top) > 1)
            .map((l) => l.party);
          const where = `${id} at ${size.width}x${size.height}: token ${shape.tokenLabel.text} of ${m.from} -> ${m.to}`;
          expect(
            over.every((party) => party === m.from || party === m.to),
            `${where} lies over ${over}`,
          ).toBe(true);
        }
      }
    }
    // The article's grants still say their tokens in a 640x360 embed's drawing.
    const small = layoutTimeline(canonical, fitWindow(canonical), { width: 640, height: 180 });
    const labelled = small.messages.flatMap((m) => (m.tokenLabel ? [m.tokenLabel.text] : []));
    expect(labelled).toEqual(expect.arrayContaining(['33', '34']));
  });

  it('writes a name too long for the full gutter in smaller type, clear of the plot', () => {
    expect(fitsFullGutter('ZooKeeper ensemble')).toBe(false);
    expect(fitsFullGutter('etcd cluster')).toBe(true);
    for (const { scenario } of PRESETS) {
      for (const lane of full(simulate(scenario)).lanes) {
        const charPx = fitsFullGutter(lane.title) ? LANE_TITLE_CHAR_PX : (LANE_TITLE_CHAR_PX * 12) / 14;
        expect(LANE_TITLE_X_PX + lane.title.length * charPx + LANE_TITLE_CLEARANCE_PX, lane.title).toBeLessThanOrEqual(
          GUTTER_LEFT_PX,
        );
      }
    }
  });
});

describe('the canonical race', () => {
  const layout = full(canonical);
  const lane = (party: string) => layout.lanes.find((l) => l.party === party)!;
  const t6 = canonical.steps.find((s) => s.label === 't6')!;

  it("puts t6's reject mark for token 33 on the Storage lane at t6's time, as a reject shape", () => {
    const rejects = layout.marks.filter((m) => m.kind === 'reject');
    expect(rejects).toHaveLength(1);
    const [reject] = rejects;
    expect(reject).toMatchObject({ party: 'Storage', token: '33', tokenShown: true, step: t6.index });
    expect(reject!.timeMs).toBe(t6.timeMs);
    expect(reject!.y).toBe(lane('Storage').y);
    expect(reject!.x).toBeCloseTo(xOfTime(layout, t6.timeMs), 0);
    const label = layout.labels.find((l) => l.text === 't6')!;
    expect(label.anchorX).toBeCloseTo(reject!.x, 0);
    expect(label.anchorY).toBe(lane('Storage').y);
  });

  it('puts the accept of token 34 at t4 in a different shape from the reject', () => {
    const accept = layout.marks.find((m) => m.kind === 'accept')!;
    expect(accept).toMatchObject({ party: 'Storage', token: '34', timeMs: 1307 });
    expect(layout.labels.find((l) => l.step === accept.step)?.text).toBe('t4');
  });

  it("draws Client1's zombie window from the lease's expiry (~1005 ms) to its wake-up (~2600 ms)", () => {
    const lease = layout.leases.find((l) => l.holder === 'Client1' && l.token === '33')!;
    expect(lease.zombie).not.toBeNull();
    expect(lease.zombie!.fromMs).toBeCloseTo(1005, -1);
    expect(lease.zombie!.toMs).toBeCloseTo(2600, -1);
    expect(lease.zombie!.x1).toBeCloseTo(xOfTime(layout, lease.zombie!.fromMs), 0);
    expect(lease.held).toMatchObject({ fromMs: 5, toMs: 1005 });
    // The belief before expiry and the zombie window after it are one bar, cut at the expiry.
    expect(lease.believed!.toMs).toBe(lease.zombie!.fromMs);
    expect(lease.believedY).toBeGreaterThan(lane('Client1').y);
  });

  it("gives Client2's lease no zombie window: it times its belief from when it asked", () => {
    const lease = layout.leases.find((l) => l.holder === 'Client2')!;
    const record = canonical.leases.find((l) => l.holder === 'Client2')!;
    // Asked before the lock service granted, so its belief ends before the service's lease does.
    expect(record.believedUntilMs!).toBeLessThanOrEqual(record.endedMs!);
    expect(lease.zombie).toBeNull();
  });

  it("draws Client1's GC pause on its lane", () => {
    expect(layout.pauses).toHaveLength(1);
    expect(layout.pauses[0]).toMatchObject({ client: 'Client1', bar: { fromMs: 100, toMs: 2600 } });
  });

  it('labels t0 to t6 in order, without overlapping, though t5 and t6 are 6 ms apart', () => {
    const texts = layout.labels.map((l) => l.text);
    expect(texts).toEqual(['t0', 't1', 't2', 't3', 't4', 't5', 't6']);
    for (let i = 1; i < layout.labels.length; i += 1) {
      expect(layout.labels[i]!.x - layout.labels[i - 1]!.x).toBeGreaterThanOrEqual(20);
    }
  });

  it('draws message arrows from the sender at send time to the receiver at delivery time, with tokens', () => {
    const grant = layout.messages.find((m) => m.id === 1)!; // LockService -> Client1, token 33
    expect(grant.x1).toBeCloseTo(xOfTime(layout, 5), 0);
    expect(grant.y1).toBe(lane('LockService').y);
    expect(grant.y2).toBeLessThan(lane('Client1').y); // stops just short of the mark it points at
    expect(grant.tokenLabel?.text).toBe('33');
    expect(grant.status).toBe('delivered');
  });

  it("says a write's token once at the store: beside its verdict, not again on the arrow that brought it", () => {
    const writes = canonical.messages.filter((m) => m.type === 'write.request');
    expect(writes.map((m) => m.token)).toEqual([34, 33]);
    for (const write of writes) {
      const verdict = layout.marks.find((m) => m.step === write.deliveredStep)!;
      expect(verdict).toMatchObject({ party: 'Storage', token: String(write.token), tokenShown: true });
      expect(layout.messages.find((m) => m.id === write.id)!.tokenLabel).toBeNull();
    }
    const narrow = layoutTimeline(canonical, fitWindow(canonical), { width: 390, height: 300 });
    for (const write of writes) {
      // Where the verdict's token has no room (a narrow drawing), the arrow says it instead.
      const shown = narrow.marks.find((m) => m.step === write.deliveredStep)!.tokenShown;
      const label = narrow.messages.find((m) => m.id === write.id)!.tokenLabel;
      expect(label?.text ?? null).toBe(shown ? null : String(write.token));
    }
  });

  it('shows max_seen at the cursor beside Storage: 32 before t4, 34 from t4 on', () => {
    const t4 = canonical.steps.find((s) => s.label === 't4')!;
    expect(maxSeenAt(canonical, t4.index - 1, layout.lanes)[0]).toMatchObject({ value: '32', changed: false });
    expect(maxSeenAt(canonical, t4.index, layout.lanes)[0]).toMatchObject({ value: '34', changed: true });
    expect(maxSeenAt(canonical, t6.index, layout.lanes)[0]).toMatchObject({ value: '34', changed: false });
  });
});

describe('the visible window', () => {
  it('emits only the messages whose flight overlaps the window', () => {
    const layout = layoutTimeline(canonical, { startMs: 1190, endMs: 1400 }, SIZE);
    expect(layout.messages.map((m) => m.id).sort()).toEqual([2, 3, 4, 5]);
    expect(layout.marks.every((m) => m.timeMs >= 1190 && m.timeMs <= 1400)).toBe(true);
    expect(layout.leases.find((l) => l.holder === 'Client1')?.held).toBeNull();
    expect(layout.labels.map((l) => l.text)).toEqual(['t3', 't4']);
  });

  it('maps time to x linearly, and zooming in narrows the time under the same pixels', () => {
    const wide = layoutTimeline(canonical, { startMs: 0, endMs: 2000 }, SIZE);
    const x0 = xOfTime(wide, 0);
    const x1 = xOfTime(wide, 1000);
    const x2 = xOfTime(wide, 2000);
    expect(x1 - x0).toBeCloseTo(x2 - x1);
    expect(x0).toBe(wide.plot.left);
    expect(x2).toBe(wide.plot.right);
    // A click turns back into a time through the same scale's invert.
    const scale = timeScale(wide.window, wide.plot);
    expect(scale.invert(x1)).toBeCloseTo(1000);
    for (const tick of wide.ticks) expect(scale.invert(tick.x)).toBeCloseTo(Number(tick.label.replace(/\D/g, '')));

    const zoomed = layoutTimeline(canonical, { startMs: 1000, endMs: 1500 }, SIZE);
    expect(xOfTime(zoomed, 1250) - xOfTime(zoomed, 1000)).toBeCloseTo(4 * (xOfTime(wide, 250) - x0));
    expect(zoomed.messages.length).toBeLessThan(wide.messages.length);
  });

  it('seeks a click to the last step at or before the clicked time', () => {
    expect(stepAtTime(canonical, -50)).toBe(0);
    expect(stepAtTime(canonical, 1306)).toBe(8);
    expect(stepAtTime(canonical, 1307)).toBe(9);
    expect(stepAtTime(canonical, 99_999)).toBe(canonical.steps.length - 1);
  });
});

describe('other presets', () => {
  it('marks a message dropped by a partition as dropped, ending in a cross', () => {
    const base = preset('canonical-race');
    const partitioned = simulate({
      ...base,
      actions: [
        ...base.actions,
        { atMs: 1250, type: 'partition', a: 'Client2', b: 'Storage' },
        { atMs: 1400, type: 'heal', a: 'Client2', b: 'Storage' },
      ],
    });
    const dropped = partitioned.messages.find((m) => m.status === 'dropped')!;
    const shape = full(partitioned).messages.find((m) => m.id === dropped.id)!;
    expect(shape.status).toBe('dropped');
    expect(shape.endPath).not.toContain('Z'); // a cross, not a closed arrowhead
    const dropStep = partitioned.steps.find((s) => s.kind === 'message.dropped')!;
    expect(shape.seekStep).toBe(dropStep.index);
  });

  it('marks the second store accepting the stale 33 as a stale accept, beside the main store’s reject', () => {
    const layout = full(simulate(preset('pitfall-second-store')));
    expect(layout.marks.find((m) => m.kind === 'reject')).toMatchObject({ party: 'Storage', token: '33' });
    expect(layout.marks.find((m) => m.kind === 'staleAccept')).toMatchObject({ party: 'Storage2', token: '33' });
  });
});

describe('on a phone', () => {
  // The lab's timeline is about 350 px wide at 390; an embed on a phone is narrower still.
  const widths = [300, 350];
  const phone = (trace: Trace, width: number) => layoutTimeline(trace, fitWindow(trace), { width, height: 420 });

  it('keeps every lane name clear of every mark, in every preset', () => {
    for (const width of widths) {
      for (const { id, scenario } of PRESETS) {
        const layout = phone(simulate(scenario), width);
        const leftmostMark = Math.min(...layout.marks.map((m) => m.x - (m.kind === 'event' ? 3.5 : 9)));
        for (const lane of layout.lanes) {
          const longest = Math.max(...lane.titleLines.map((line) => line.length));
          const nameRight = LANE_TITLE_X_NARROW_PX + longest * LANE_TITLE_CHAR_NARROW_PX;
          expect(nameRight, `${id} at ${width}: ${lane.title}`).toBeLessThan(Math.min(layout.plot.left, leftmostMark));
        }
      }
    }
  });

  it('wraps a name too long for the gutter onto two lines, and leaves most of the width to the plot', () => {
    const layout = phone(simulate(preset('zookeeper-race')), 350);
    const zk = layout.lanes.find((l) => l.title === 'ZooKeeper ensemble');
    expect(zk?.titleLines).toEqual(['ZooKeeper', 'ensemble']);
    expect(layout.plot.right - layout.plot.left).toBeGreaterThan(200);
    // Redlock's compact lanes keep one line each.
    const redlock = phone(simulate(preset('redlock-race')), 350);
    for (const lane of redlock.lanes.filter((l) => l.compact)) expect(lane.titleLines).toEqual([lane.title]);
  });

  it('writes each shown token wholly inside the drawing: the last write near the edge gets it on its left', () => {
    for (const width of widths) {
      for (const { id, scenario } of PRESETS) {
        const layout = phone(simulate(scenario), width);
        for (const m of layout.marks.filter((mark) => mark.token !== null && mark.tokenShown)) {
          const span = m.token!.length * 8.6;
          const [x1, x2] = m.tokenSide === 'left' ? [m.x - 14 - span, m.x - 14] : [m.x + 14, m.x + 14 + span];
          expect(x1, `${id} at ${width}: step ${m.step}`).toBeGreaterThanOrEqual(layout.plot.left);
          expect(x2, `${id} at ${width}: step ${m.step}`).toBeLessThanOrEqual(width);
        }
      }
    }
    // The canonical race's t6 reject (token 33) sits at the plot's right end: its token is shown, on the left.
    const layout = phone(canonical, 350);
    const t6 = layout.marks.find((m) => m.step === canonical.steps.find((s) => s.label === 't6')!.index)!;
    expect(t6).toMatchObject({ token: '33', tokenShown: true, tokenSide: 'left' });
  });

  it("keeps a wide drawing's tokens out of the max_seen readouts: t6's 33 goes left of its mark at 640", () => {
    const layout = layoutTimeline(canonical, fitWindow(canonical), { width: 620, height: 240 });
    const t6 = layout.marks.find((m) => m.step === canonical.steps.find((s) => s.label === 't6')!.index)!;
    expect(t6).toMatchObject({ token: '33', tokenShown: true, tokenSide: 'left' });
  });

  it('keeps a desktop token on the right of its mark', () => {
    expect(
      full(canonical)
        .marks.filter((m) => m.tokenShown)
        .every((m) => m.tokenSide === 'right'),
    ).toBe(true);
  });
});

describe('cost', () => {
  it('lays out a 10,000-step trace, and a zoomed window of it emits only what is in view', () => {
    const trace = simulate(longScenario(1200, 2));
    expect(trace.steps.length).toBeGreaterThanOrEqual(10_000);
    const fit = fitWindow(trace);
    const timeIt = (window: typeof fit, runs = 20) => {
      layoutTimeline(trace, window, SIZE); // warm up
      const started = performance.now();
      let layout = layoutTimeline(trace, window, SIZE);
      for (let i = 1; i < runs; i += 1) layout = layoutTimeline(trace, window, SIZE);
      return { ms: (performance.now() - started) / runs, layout };
    };
    const whole = timeIt(fit);
    const zoomed = timeIt({ startMs: 100_000, endMs: 104_000 });
    console.log(
      `timeline layout, ${trace.steps.length} steps / ${trace.messages.length} messages: ` +
        `whole trace ${whole.ms.toFixed(2)} ms (${whole.layout.marks.length} marks, ${whole.layout.messages.length} arrows drawn; ` +
        `${whole.layout.merged.steps} steps and ${whole.layout.merged.messages} messages merged into shared pixels), ` +
        `4-second window ${zoomed.ms.toFixed(2)} ms (${zoomed.layout.marks.length} marks, ${zoomed.layout.messages.length} arrows)`,
    );
    // What is drawn is bounded by pixels, not by the trace's length.
    const lanes = whole.layout.lanes.length;
    expect(whole.layout.marks.length).toBeLessThanOrEqual(lanes * (SIZE.width / 3 + 2));
    expect(zoomed.layout.marks.every((m) => m.timeMs >= 100_000 && m.timeMs <= 104_000)).toBe(true);
    expect(zoomed.layout.marks.length).toBeLessThan(200);
  }, 60_000);
});

describe("an arrow's tooltip", () => {
  it('names a message by what it carries and the token with it, and says "no token" for a grant without one', () => {
    const titles = full(canonical).messages.map((m) => m.title);
    expect(titles).toContainEqual(
      expect.stringMatching(/^Grant LockService → Client1, token 33: sent 5 ms, delivered 13 ms$/),
    );
    const plain = simulate({ ...preset('canonical-race'), strategy: 'lease-trust' });
    const plainTitles = full(plain).messages.map((m) => m.title);
    expect(plainTitles).toContainEqual(expect.stringMatching(/^Grant LockService → Client1, no token: sent/));
    expect(titles).toContainEqual(expect.stringMatching(/^Lock request Client1 → LockService: sent 0 ms/));
    expect(titles.join('\n')).not.toMatch(/\b[a-z]+\.[a-z][a-zA-Z]+\b/);
    expect(plainTitles.join('\n')).not.toContain('token none');
  });
});
