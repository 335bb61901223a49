// The visible time window and its moves: fit, zoom about a time, follow the cursor, and the
// conversion to and from d3-zoom's transform (k, x), so wheel and drag gestures and the buttons move
// the same window. Pure: no DOM. Invariant: a window always lies inside the trace's fit window and
// is never narrower than MIN_SPAN_MS.

import type { Trace } from '../../engine';
import type { PlotArea, TimeWindow } from './types';

export const MIN_SPAN_MS = 2;
/** After following the cursor off the right edge, it sits this far into the window. */
const FOLLOW_LEAD = 0.15;

/** The whole trace with a little room at both ends (more at the right, for the last mark's token). */
export function fitWindow(trace: Pick<Trace, 'endMs' | 'steps'>): TimeWindow {
  const firstMs = Math.min(0, trace.steps[0]?.timeMs ?? 0);
  const spanMs = Math.max(trace.endMs - firstMs, 10);
  return { startMs: firstMs - spanMs * 0.03, endMs: firstMs + spanMs * 1.06 };
}

const spanOf = (w: TimeWindow) => w.endMs - w.startMs;

/** Shifts (and if need be narrows) a window so it lies inside `fit`. */
export function clampWindow(window: TimeWindow, fit: TimeWindow): TimeWindow {
  if (spanOf(window) >= spanOf(fit)) return fit;
  const spanMs = Math.max(spanOf(window), Math.min(MIN_SPAN_MS, spanOf(fit)));
  let startMs = Math.max(window.startMs, fit.startMs);
  startMs = Math.min(startMs, fit.endMs - spanMs);
  return { startMs, endMs: startMs + spanMs };
}

/** Zooms by `factor` (2 = twice as close) keeping `centerMs` where it is on screen. */
export function zoomWindow(window: TimeWindow, factor: number, centerMs: number, fit: TimeWindow): TimeWindow {
  const spanMs = Math.max(spanOf(window) / factor, MIN_SPAN_MS);
  if (spanMs >= spanOf(fit)) return fit;
  const ratio = spanOf(window) > 0 ? (centerMs - window.startMs) / spanOf(window) : 0.5;
  const startMs = centerMs - ratio * spanMs;
  return clampWindow({ startMs, endMs: startMs + spanMs }, fit);
}

export function isFit(window: TimeWindow, fit: TimeWindow): boolean {
  const tolerance = spanOf(fit) * 1e-6;
  return Math.abs(window.startMs - fit.startMs) <= tolerance && Math.abs(window.endMs - fit.endMs) <= tolerance;
}

/**
 * Scrolls the window so the cursor's time is in view, paging rather than centring: moving forward,
 * the cursor lands near the left edge, so playback reads on for most of a window before the next page.
 * Returns the same window object when the cursor is already in view.
 */
export function followCursor(window: TimeWindow, cursorMs: number, fit: TimeWindow): TimeWindow {
  if (cursorMs >= window.startMs && cursorMs <= window.endMs) return window;
  const spanMs = spanOf(window);
  const startMs = cursorMs > window.endMs ? cursorMs - FOLLOW_LEAD * spanMs : cursorMs - (1 - FOLLOW_LEAD) * spanMs;
  return clampWindow({ startMs, endMs: startMs + spanMs }, fit);
}

/** d3-zoom's transform, x only: screen x = k * base(t) + x, where base maps `fit` onto the plot. */
export interface ZoomTransformX {
  k: number;
  x: number;
}

function baseX(timeMs: number, fit: TimeWindow, plot: PlotArea): number {
  return plot.left + ((timeMs - fit.startMs) / spanOf(fit)) * (plot.right - plot.left);
}

function baseTime(x: number, fit: TimeWindow, plot: PlotArea): number {
  return fit.startMs + ((x - plot.left) / (plot.right - plot.left)) * spanOf(fit);
}

export function transformOfWindow(window: TimeWindow, fit: TimeWindow, plot: PlotArea): ZoomTransformX {
  const k = spanOf(fit) / spanOf(window);
  return { k, x: plot.left - k * baseX(window.startMs, fit, plot) };
}

export function windowOfTransform(transform: ZoomTransformX, fit: TimeWindow, plot: PlotArea): TimeWindow {
  const { k, x } = transform;
  return {
    startMs: baseTime((plot.left - x) / k, fit, plot),
    endMs: baseTime((plot.right - x) / k, fit, plot),
  };
}

/** How far in d3-zoom may go: down to MIN_SPAN_MS across the plot. */
export function maxZoom(fit: TimeWindow): number {
  return Math.max(1, spanOf(fit) / MIN_SPAN_MS);
}
