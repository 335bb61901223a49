// The timeline's frame: where the plot sits inside the svg, the one linear time scale every x comes
// from (d3-scale's scaleLinear, whose invert turns a click back into a time), and the axis ticks
// (D3's tick rules pick them; React draws them). Invariant: x is linear in time.

import { scaleLinear, type ScaleLinear } from 'd3-scale';
import { formatNumber } from '../format/number';
import type { PlotArea, Size, TickShape, TimeWindow } from './types';

/** Room for the lanes' names at the left. */
export const GUTTER_LEFT_PX = 164;
/** Below this drawing width the gutters narrow (see plotArea). */
const NARROW_WIDTH_PX = 560;
/** The least left gutter on a phone; it widens to fit the longest lane name (see narrowGutterPx). */
const GUTTER_LEFT_NARROW_PX = 64;
const GUTTER_RIGHT_NARROW_PX = 16;
/** On a phone, lane names start here, in 13 px type (timeline.css), at most this wide per character. */
export const LANE_TITLE_X_NARROW_PX = 8;
export const LANE_TITLE_CHAR_NARROW_PX = 8;
/** Between a name's end and the plot: a mark at the plot's left edge reaches ~10 px into the gutter. */
export const LANE_TITLE_CLEARANCE_PX = 14;
/** Beside the full gutter, names start at this x in 14 px bold type, at most this wide per character. */
export const LANE_TITLE_X_PX = 14;
export const LANE_TITLE_CHAR_PX = 8.6;
/** A name longer than the full gutter holds in 14 px ("ZooKeeper ensemble") is written in 12 px. */
export const fitsFullGutter = (title: string): boolean =>
  LANE_TITLE_X_PX + title.length * LANE_TITLE_CHAR_PX + LANE_TITLE_CLEARANCE_PX <= GUTTER_LEFT_PX;
/** The most of a phone's drawing the names may take; a longer name wraps onto two lines. */
const NARROW_GUTTER_MAX_SHARE = 0.45;
/** A plot laid out with the narrow gutters: no lane notes at the left, no max_seen readout at the right. */
export const isNarrow = (plot: PlotArea): boolean => plot.left < GUTTER_LEFT_PX;
/** Room for max_seen beside the resource lanes, at the right. */
export const GUTTER_RIGHT_PX = 120;
/** The band above the lanes where the article's t0..t6 labels sit. */
const LABEL_BAND_PX = 40;
/** The time axis under the lanes. */
const AXIS_BAND_PX = 36;
const LANE_HEIGHT_DEFAULT_PX = 80;
/** The least room per lane unit: a full lane gets at least this, a compact one its share. */
export const LANE_HEIGHT_MIN_PX = 20;

/**
 * The height that gives every lane `perLanePx` (by default, its default room). `laneUnits` counts
 * lanes, a compact one as part of a lane (see lanes.ts).
 */
export function defaultHeight(laneUnits: number, perLanePx = LANE_HEIGHT_DEFAULT_PX): number {
  return LABEL_BAND_PX + Math.max(1, laneUnits) * perLanePx + AXIS_BAND_PX;
}

/** A lane name on a phone: one line if it fits in `maxPx`, else two, split at the space that keeps the longer line shortest. */
export function titleLines(title: string, maxPx: number): string[] {
  const fits = (text: string) =>
    LANE_TITLE_X_NARROW_PX + text.length * LANE_TITLE_CHAR_NARROW_PX + LANE_TITLE_CLEARANCE_PX <= maxPx;
  if (fits(title)) return [title];
  let best: string[] = [title];
  for (let i = title.indexOf(' '); i > 0; i = title.indexOf(' ', i + 1)) {
    const lines = [title.slice(0, i), title.slice(i + 1)];
    if (Math.max(...lines.map((l) => l.length)) < Math.max(...best.map((l) => l.length))) best = lines;
  }
  return best;
}

/** The most room the names may take in a drawing this wide. */
const narrowGutterMaxPx = (width: number): number =>
  Math.max(GUTTER_LEFT_NARROW_PX, Math.min(GUTTER_LEFT_PX - 1, Math.floor(width * NARROW_GUTTER_MAX_SHARE)));

/**
 * The left gutter on a phone: as wide as the longest line of any lane name (wrapped by
 * titleLines) plus the clearance a mark at the plot's edge needs, so no name runs under a mark.
 * One-line names (`singleLine`, a compact lane's) are measured whole.
 */
export function narrowGutterPx(width: number, titles: readonly string[], singleLine: readonly boolean[] = []): number {
  const max = narrowGutterMaxPx(width);
  const longest = Math.max(
    0,
    ...titles.map((t, i) => Math.max(...(singleLine[i] ? [t] : titleLines(t, max)).map((line) => line.length))),
  );
  const needed = Math.ceil(LANE_TITLE_X_NARROW_PX + longest * LANE_TITLE_CHAR_NARROW_PX + LANE_TITLE_CLEARANCE_PX);
  return Math.min(max, Math.max(GUTTER_LEFT_NARROW_PX, needed));
}

/**
 * Where the plot sits. `titles` (the lanes' names, top to bottom) size the left gutter on a
 * phone; `singleLine` marks the names that must stay on one line (compact lanes).
 */
export function plotArea(
  size: Size,
  laneUnits: number,
  titles: readonly string[] = [],
  singleLine: readonly boolean[] = [],
): PlotArea {
  const lanes = Math.max(1, laneUnits);
  const bottom = Math.max(size.height - AXIS_BAND_PX, LABEL_BAND_PX + lanes * LANE_HEIGHT_MIN_PX);
  // On a phone the full gutters would leave the plot ~60 px: names only at the left (as narrow
  // as they allow), and no max_seen readout at the right (the Storage card shows it).
  const narrow = size.width < NARROW_WIDTH_PX;
  const leftGutter = narrow ? narrowGutterPx(size.width, titles, singleLine) : GUTTER_LEFT_PX;
  const right = Math.max(size.width - (narrow ? GUTTER_RIGHT_NARROW_PX : GUTTER_RIGHT_PX), leftGutter + 1);
  return { left: leftGutter, right, top: LABEL_BAND_PX, bottom };
}

export type TimeScale = ScaleLinear<number, number>;

/** The visible window onto the plot's width: x = scale(timeMs), timeMs = scale.invert(x). */
export function timeScale(window: TimeWindow, plot: PlotArea): TimeScale {
  return scaleLinear().domain([window.startMs, window.endMs]).range([plot.left, plot.right]);
}

/**
 * "0 ms", "1,250 ms", "1,250.5 ms", "12.5 s": milliseconds while the numbers stay short, seconds
 * after; only as many decimals as the visible span needs to tell neighbouring ticks apart.
 */
export function formatMs(ms: number, spanMs: number): string {
  const seconds = spanMs >= 20_000;
  const value = seconds ? ms / 1000 : ms;
  const span = seconds ? spanMs / 1000 : spanMs;
  const decimals = Math.min(3, Math.max(0, 2 - Math.floor(Math.log10(Math.max(span, 1e-3)))));
  return `${formatNumber(value, decimals)} ${seconds ? 's' : 'ms'}`;
}

/** Ticks about every 110 px, at round times (scale.ticks), as plain data. */
export function axisTicks(scale: TimeScale, plot: PlotArea): TickShape[] {
  const count = Math.max(2, Math.floor((plot.right - plot.left) / 110));
  const [startMs, endMs] = scale.domain() as [number, number]; // the window's two ends
  const spanMs = endMs - startMs;
  return scale.ticks(count).map((ms) => ({ x: scale(ms), label: formatMs(ms, spanMs) }));
}

/** Keeps a pixel coordinate of a shape that runs off the plot near it, so the SVG stays small. */
export function clampX(x: number, plot: PlotArea): number {
  return Math.min(Math.max(x, plot.left - 20), plot.right + 20);
}

/** The max_seen readout's value at its full size (px), and the room its box gives it (px). */
export const MAXSEEN_VALUE_PX = 26;
const MAXSEEN_VALUE_ROOM_PX = 82;
/** A bold figure is about this share of its font size wide. */
const MAXSEEN_CHAR_EM = 0.62;

/**
 * The font size (px) of the max_seen readout's value: full size for a counter's tokens ("34"),
 * smaller for a value that would run out of its box (a random token, "c65ba249"), never under 11.
 */
export function maxSeenValuePx(value: string): number {
  const fits = Math.floor(MAXSEEN_VALUE_ROOM_PX / (Math.max(1, value.length) * MAXSEEN_CHAR_EM));
  return Math.max(11, Math.min(MAXSEEN_VALUE_PX, fits));
}
