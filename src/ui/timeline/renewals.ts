// Renewals on the timeline: each keepalive, watchdog renewal or session heartbeat a client sent
// (Trace.renewals) as a small mark on its lane at the time it left, a filled triangle pointing up
// towards the lock service where it arrived, a cross where it was lost (dropped, sent over a cut).
// They sit just above the band a pause or a cut fills, so a cut's words inside that band and the
// lease bars under the line stay clear of them.
// Invariant: only renewals inside the window are emitted, at most one per lane, kind and pixel.

import type { RenewalRecord, Trace } from '../../engine';
import type { TimeScale } from './geometry';
import { candidateRange } from './intervals';
import { barScale } from './leases';
import type { LaneShape, PlotArea, RenewalShape, TimeWindow } from './types';

/** A renewal mark's width at full size (px); its height is 6/7 of it. */
const RENEWAL_MARK_PX = 7;
/** Half a pause or cut bar's height at full size (leases.ts PAUSE_HEIGHT_PX / 2), and the gap above it. */
const BAND_HALF_PX = 9;
const GAP_PX = 2;

interface Frame {
  window: TimeWindow;
  scale: TimeScale;
  plot: PlotArea;
}

const at = (r: RenewalRecord) => r.atMs;

/** The renewals in view as marks; shapes in SVG px, times in ms of the run. */
export function layoutRenewals(trace: Trace, lanes: Map<string, LaneShape>, frame: Frame): RenewalShape[] {
  const renewals = trace.renewals;
  const [first, last] = candidateRange(renewals, frame.window, at, at);
  const labels = new Map(trace.parties.map((p) => [p.id, p.label]));
  const lastX = new Map<string, number>();
  const shapes: RenewalShape[] = [];
  for (let i = first; i < last; i++) {
    const r = renewals[i]!;
    const lane = lanes.get(r.client);
    if (!lane || r.atMs < frame.window.startMs || r.atMs > frame.window.endMs) continue;
    const x = frame.scale(r.atMs);
    if (x < frame.plot.left || x > frame.plot.right) continue;
    // One mark per pixel: a long run zoomed out sends many renewals to the same spot.
    const slot = `${r.client}\u0000${r.lost}`;
    const prev = lastX.get(slot);
    if (prev !== undefined && Math.abs(x - prev) < 1) continue;
    lastX.set(slot, x);
    const k = barScale(lane);
    const size = RENEWAL_MARK_PX * k;
    const to = labels.get(r.to) ?? r.to;
    shapes.push({
      key: `renewal-${i}`,
      client: r.client,
      lost: r.lost,
      timeMs: r.atMs,
      x,
      y: lane.y - (BAND_HALF_PX + GAP_PX) * k - size / 2,
      size,
      title: r.lost
        ? `${labels.get(r.client) ?? r.client}'s renewal to ${to} at ${r.atMs} ms was lost: the lease was not extended`
        : `${labels.get(r.client) ?? r.client} renews its lease with ${to} at ${r.atMs} ms`,
    });
  }
  return shapes;
}

/** A renewal mark's outline, centred on (x, y), `size` px wide: a triangle pointing up, or a cross. */
export function renewalPath(lost: boolean, x: number, y: number, size: number): string {
  const h = size / 2;
  const r = (n: number) => Math.round(n * 10) / 10;
  if (lost) return `M${r(x - h)},${r(y - h)}L${r(x + h)},${r(y + h)}M${r(x - h)},${r(y + h)}L${r(x + h)},${r(y - h)}`;
  return `M${r(x)},${r(y - h)}L${r(x + h)},${r(y + h * 0.7)}L${r(x - h)},${r(y + h * 0.7)}Z`;
}
