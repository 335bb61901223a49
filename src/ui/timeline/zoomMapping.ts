// What d3-zoom's transform means for the timeline, and the rules we give d3-zoom. The transform
// (k, x) acts on the fit scale: the whole run drawn across the plot. Its rescaleX of that scale is
// the visible window, so a window is a transform and back, and the rest of the UI only ever sees
// windows. Pure (no DOM): timeZoom.ts binds it to the svg, the tests check it without a browser.
// Invariants: only x counts (time is the one axis; y is ignored both ways); k = 1 is the fit
// window, and k never lets a window grow wider than the fit or narrower than MIN_SPAN_MS.

import { zoomIdentity, type ZoomTransform } from 'd3-zoom';
import { timeScale } from './geometry';
import type { PlotArea, TimeWindow } from './types';
import { MIN_SPAN_MS } from './viewport';

/** Where a transform applies: the run's fit window drawn across the plot. */
export interface ZoomFrame {
  fit: TimeWindow;
  plot: PlotArea;
}

const spanOf = (w: TimeWindow) => w.endMs - w.startMs;

/** The window a transform shows: its rescaling of the fit scale. */
export function windowOfTransform(transform: ZoomTransform, { fit, plot }: ZoomFrame): TimeWindow {
  const [startMs, endMs] = transform.rescaleX(timeScale(fit, plot)).domain() as [number, number];
  return { startMs, endMs };
}

/** The transform that shows a window: scaled by how much narrower it is than the fit, its start moved to the plot's left. */
export function transformOfWindow(window: TimeWindow, { fit, plot }: ZoomFrame): ZoomTransform {
  const k = spanOf(fit) / spanOf(window);
  return zoomIdentity.translate(plot.left, 0).scale(k).translate(-timeScale(fit, plot)(window.startMs), 0);
}

/** How far d3-zoom may scale: from the fit window (1) in to MIN_SPAN_MS across the plot. */
export function scaleExtentOf(fit: TimeWindow): [number, number] {
  return [1, Math.max(1, spanOf(fit) / MIN_SPAN_MS)];
}

/** Two transforms that show the same window, up to float noise; y does not count. */
export function isSameTransform(a: ZoomTransform, b: ZoomTransform): boolean {
  const close = (p: number, q: number) => Math.abs(p - q) <= 1e-9 * Math.max(1, Math.abs(p), Math.abs(q));
  return close(a.k, b.k) && close(a.x, b.x);
}

/** A wheel with neither Ctrl nor Cmd: it belongs to the page, which a reader scrolls through. */
export const isPlainWheel = (event: Pick<WheelEvent, 'ctrlKey' | 'metaKey'>): boolean =>
  !event.ctrlKey && !event.metaKey;

/**
 * Which events start a gesture (d3-zoom's filter): a wheel only with Ctrl or Cmd held (a trackpad
 * pinch arrives as a Ctrl-wheel), so a plain wheel scrolls the page instead of trapping it under the
 * pointer; anything else as d3-zoom decides by default: the main button without Ctrl (a Ctrl-click
 * is a right click on a Mac), a double-click, a touch.
 */
export function isZoomGesture(event: Pick<MouseEvent, 'type' | 'ctrlKey' | 'metaKey' | 'button'>): boolean {
  if (event.type === 'wheel') return !isPlainWheel(event);
  return !event.ctrlKey && !event.button;
}

/** One mouse-wheel notch, in each of the wheel's units: 100 px, 3 lines or a page. */
const NOTCH_PIXELS = 100;
const NOTCH_LINES = 3;

/**
 * How far a wheel event zooms, as a power of two (d3-zoom's wheelDelta): a notch away from the user
 * zooms in 2x, as a Zoom in press or a double-click does, whatever the modifier. d3-zoom's default
 * zooms ten times as far when Ctrl is held (4x a notch with Ctrl, 1.15x with Cmd); here Ctrl, Cmd
 * and a trackpad pinch (which browsers send as Ctrl-wheels of small deltas) share one rate.
 */
export function wheelZoomDelta(event: Pick<WheelEvent, 'deltaY' | 'deltaMode'>): number {
  const perNotch = event.deltaMode === 1 ? NOTCH_LINES : event.deltaMode ? 1 : NOTCH_PIXELS;
  return -event.deltaY / perNotch;
}
