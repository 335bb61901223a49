// The max_seen chart as data: a step line per checking resource and a mark per write, in pixels.
// d3-scale's scaleLinear maps time and tokens to pixels and picks the round ticks and nice ends;
// React draws the result. Invariants: pure (same trace and size, same shapes); marks are thinned to
// one per pixel, verdict and resource, so 10,000 writes stay cheap.

import { scaleLinear, type ScaleLinear } from 'd3-scale';
import { formatNumber } from '../format/number';
import type { Trace } from '../../engine';
import { stepAfterPath } from '../svg/paths';

export interface ChartSize {
  width: number;
  height: number;
  margin: { top: number; right: number; bottom: number; left: number };
}

interface WriteMark {
  x: number;
  y: number;
  step: number;
  resource: string;
  verdict: 'accepted' | 'rejected';
  text: string;
}

export interface MaxSeenLayout {
  /** One path per checking resource with numeric tokens. */
  series: { resource: string; path: string; last: number }[];
  marks: WriteMark[];
  xTicks: { x: number; text: string }[];
  yTicks: { y: number; text: string }[];
  /** Why nothing is drawn, when nothing can be. */
  empty: string | null;
  /** Time (ms) to x; its invert turns a click back into a time. */
  x: ScaleLinear<number, number>;
  /** Where the plot starts: the margin asked for, or more when the y labels are wider. */
  left: number;
  /** The starting max_seen when it lies far below the axis (drawn along its bottom edge), else null. */
  below: number | null;
}

function extent(values: readonly number[]): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return [lo, hi];
}

/** About the width of a digit or comma of the tick font (12 px), and the room right of a label. */
const LABEL_CHAR_PX = 7.2;
const LABEL_GAP_PX = 12;

interface Point {
  timeMs: number;
  value: number;
}

/**
 * What a checking store keeps and the chart draws: `maxSeen`, the highest token it has accepted,
 * or under the `equal` check `currentToken`, the current holder's exact token, which the store
 * learns when the lock changes hands (and which may sort below an earlier one).
 */
export type TrackedField = 'maxSeen' | 'currentToken';

function trackedField(fields: Record<string, unknown> | undefined): TrackedField | null {
  if (fields === undefined || fields.check === 'none') return null;
  if ('maxSeen' in fields) return 'maxSeen';
  if ('currentToken' in fields) return 'currentToken';
  return null;
}

/** The numeric series and marks, independent of the chart size (computed once per trace).
 * `field` is what the lines show: `currentToken` when every checking store keeps the current
 * holder's token (the `equal` check), else `maxSeen`. */
export function maxSeenSeries(trace: Trace) {
  const fields = new Map<string, TrackedField>();
  for (const p of trace.parties) {
    const f = p.kind === 'resource' ? trackedField(trace.steps[0]?.snapshots[p.id]?.fields) : null;
    if (f !== null) fields.set(p.id, f);
  }
  const resources = [...fields.keys()];
  const series = new Map<string, Point[]>(resources.map((r) => [r, []]));
  let nonNumeric = false;
  for (const step of trace.steps) {
    for (const r of resources) {
      const value = step.snapshots[r]?.fields[fields.get(r)!];
      const points = series.get(r)!;
      if (typeof value !== 'number') {
        if (value !== null && value !== undefined) nonNumeric = true;
        continue;
      }
      if (points.at(-1)?.value !== value) points.push({ timeMs: step.timeMs, value });
    }
  }
  const writes = trace.steps.filter(
    (s) => s.write && series.has(s.write.resource) && typeof s.write.token === 'number',
  );
  const field: TrackedField =
    resources.length > 0 && resources.every((r) => fields.get(r) === 'currentToken') ? 'currentToken' : 'maxSeen';
  return { resources, series, writes, nonNumeric, field };
}

/** The chart's name for what its lines show, as its heading reads. */
export const TRACKED_TITLE: Record<TrackedField, string> = {
  maxSeen: 'max_seen over time',
  currentToken: 'Current token over time',
};

/** Why nothing can be drawn, in words that hold for the run. */
function emptyReason(data: ReturnType<typeof maxSeenSeries>): string {
  if (data.resources.length === 0)
    return 'No resource checks tokens in this scenario, so there is no max_seen to draw.';
  if (data.field === 'currentToken') {
    const what = "The store accepts only the current holder's exact token, which it learns when the lock changes hands";
    return data.nonNumeric
      ? `${what}; these tokens are not numbers, so it cannot be drawn on a number line.`
      : `${what}; no numeric token reached it here.`;
  }
  return data.nonNumeric
    ? 'The tokens here are not numbers, so max_seen cannot be drawn on a number line.'
    : 'No numeric max_seen to draw.';
}

/** `domainEndMs`: where the time axis ends, when it should span more than the steps given (the
 * whole run, while only the run so far is shown); the lines still end at the last step given. */
export function layoutMaxSeen(
  trace: Trace,
  size: ChartSize,
  data = maxSeenSeries(trace),
  domainEndMs = 0,
): MaxSeenLayout {
  const { width, height, margin } = size;
  const endMs = Math.max(1, trace.steps.at(-1)?.timeMs ?? 1);
  // The starting max_seen of each store, and every value after it (later max_seen, write tokens).
  const starts: number[] = [];
  const values: number[] = [];
  for (const points of data.series.values()) {
    points.forEach((p, i) => (i === 0 ? starts : values).push(p.value));
  }
  for (const s of data.writes) values.push(s.write!.token as number);
  // A max_seen that turns into text (random tokens) has no place on a number line at all.
  const drawable = values.length + starts.length > 0 && !data.nonNumeric;

  let [lo, hi] = extent(values.length ? values : starts);
  // Wall-clock tokens sit near 1,000,000 while max_seen starts at 32: an axis from 32 would flatten
  // the steps between tokens that the run is about. The start is then drawn along the bottom edge.
  const spread = Math.max(1, hi - lo);
  const below = starts.some((v) => v < lo - 4 * spread) ? starts.reduce((a, b) => Math.min(a, b)) : null;
  for (const v of below === null ? starts : []) {
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  if (lo === hi) {
    lo -= 1;
    hi += 1;
  }
  const axis = scaleLinear()
    .domain(drawable ? [lo, hi] : [0, 1])
    .range([height - margin.bottom, margin.top]);
  if (drawable) axis.nice(4);
  // A start far below the axis is drawn along its bottom edge.
  const y = (v: number) => Math.min(axis(v), height - margin.bottom);
  const yTicks = drawable
    ? axis
        .ticks(4)
        .filter(Number.isInteger)
        .map((t) => ({ y: y(t), text: formatNumber(t) }))
    : [];
  // The plot starts right of the widest label: wall-clock tokens run to seven digits.
  const left = Math.max(margin.left, LABEL_GAP_PX + LABEL_CHAR_PX * Math.max(0, ...yTicks.map((t) => t.text.length)));

  const x = scaleLinear()
    .domain([0, Math.max(endMs, domainEndMs)])
    .range([left, width - margin.right]);
  // Ticks too near the right edge would be cut off: their labels are centred.
  const xTicks = x
    .ticks(Math.max(2, Math.floor(width / 90)))
    .map((t) => ({ x: x(t), text: `${formatNumber(t)} ms` }))
    .filter((t) => t.x <= width - 24);

  if (!drawable) {
    const empty = emptyReason(data);
    return { series: [], marks: [], xTicks, yTicks: [], empty, x, left, below: null };
  }

  const series = data.resources.map((resource) => {
    const points = data.series.get(resource)!;
    const extended = points.length ? [...points, { timeMs: endMs, value: points.at(-1)!.value }] : [];
    const path = stepAfterPath(extended.map((p) => [x(p.timeMs), y(p.value)]));
    return { resource, path, last: points.at(-1)?.value ?? NaN };
  });

  const seen = new Set<string>();
  const marks: WriteMark[] = [];
  for (const s of data.writes) {
    const w = s.write!;
    const mx = x(s.timeMs);
    const my = y(w.token as number);
    const key = `${Math.round(mx)}:${Math.round(my)}:${w.verdict}:${w.resource}`;
    if (seen.has(key)) continue;
    seen.add(key);
    marks.push({
      x: mx,
      y: my,
      step: s.index,
      resource: w.resource,
      verdict: w.verdict,
      text: `${w.client} write ${w.value} at ${s.timeMs} ms: ${w.comparison}`,
    });
  }
  return { series, marks, xTicks, yTicks, empty: null, x, left, below };
}
