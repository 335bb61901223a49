// The timeline's frame: where the plot sits inside the svg, the one linear time scale every x comes
// from (d3-scale's scaleLinear, whose invert turns a click back into a time), and the axis ticks
// (D3's tick rules pick them; React draws them). Invariant: x is linear in time.

import { scaleLinear, type ScaleLinear } from 'd3-scale';
import { formatNumber } from '../format/number';
import type { PlotArea, Size, TickShape, TimeWindow } from './types';

/** Room for the lanes' names at the left. */
export const GUTTER_LEFT_PX = 164;
/** Below this drawing width the gutters narrow (see plotArea). */
export const NARROW_WIDTH_PX = 560;
export const GUTTER_LEFT_NARROW_PX = 104;
export const GUTTER_RIGHT_NARROW_PX = 16;
/** A plot laid out with the narrow gutters: no lane notes at the left, no max_seen readout at the right. */
export const isNarrow = (plot: PlotArea): boolean => plot.left < GUTTER_LEFT_PX;
/** Room for max_seen beside the resource lanes, at the right. */
export const GUTTER_RIGHT_PX = 120;
/** The band above the lanes where the article's t0..t6 labels sit. */
export const LABEL_BAND_PX = 40;
/** The time axis under the lanes. */
export const AXIS_BAND_PX = 36;
export const LANE_HEIGHT_DEFAULT_PX = 80;
/** The least room per lane unit: a full lane gets at least this, a compact one its share. */
export const LANE_HEIGHT_MIN_PX = 20;

/**
 * The height that gives every lane `perLanePx` (by default, its default room). `laneUnits` counts
 * lanes, a compact one as part of a lane (see lanes.ts).
 */
export function defaultHeight(laneUnits: number, perLanePx = LANE_HEIGHT_DEFAULT_PX): number {
  return LABEL_BAND_PX + Math.max(1, laneUnits) * perLanePx + AXIS_BAND_PX;
}

export function plotArea(size: Size, laneUnits: number): PlotArea {
  const lanes = Math.max(1, laneUnits);
  const bottom = Math.max(size.height - AXIS_BAND_PX, LABEL_BAND_PX + lanes * LANE_HEIGHT_MIN_PX);
  // On a phone the full gutters would leave the plot ~60 px: names only at the left, and no
  // max_seen readout at the right (the Storage card shows it).
  const narrow = size.width < NARROW_WIDTH_PX;
  const leftGutter = narrow ? GUTTER_LEFT_NARROW_PX : GUTTER_LEFT_PX;
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
