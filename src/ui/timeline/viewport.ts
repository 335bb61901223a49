// The visible time window and the moves the timeline makes itself: fit, the buttons' zoom about the
// cursor, following the cursor, keeping a window inside the trace. The gestures (wheel, pinch, drag,
// double-click) are d3-zoom's, mapped onto windows in zoomMapping.ts within the same limits. Pure:
// no DOM. Invariant: a window always lies inside the trace's fit window and is never narrower than
// MIN_SPAN_MS.

import type { Trace } from '../../engine';
import type { TimeWindow } from './types';

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

/**
 * Zooms by `factor` (2 = twice as close) about `centerMs`, which lands at `ratio` of the new
 * window's width: by default where it was on screen.
 */
export function zoomWindow(
  window: TimeWindow,
  factor: number,
  centerMs: number,
  fit: TimeWindow,
  ratio = spanOf(window) > 0 ? (centerMs - window.startMs) / spanOf(window) : 0.5,
): TimeWindow {
  const spanMs = Math.max(spanOf(window) / factor, MIN_SPAN_MS);
  if (spanMs >= spanOf(fit)) return fit;
  const startMs = centerMs - ratio * spanMs;
  return clampWindow({ startMs, endMs: startMs + spanMs }, fit);
}

/**
 * The zoom buttons' zoom: the new window is centred on `centreMs` (the cursor), so what comes just
 * after the cursor stays in view even when the cursor sat near an edge (t6 is 6 ms after t5).
 */
export const zoomCentred = (window: TimeWindow, factor: number, centreMs: number, fit: TimeWindow): TimeWindow =>
  zoomWindow(window, factor, centreMs, fit, 0.5);

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

/**
 * What the timeline shows, and what it shows it for (Timeline.tsx keeps one in its state): the
 * run (`run`, by identity), the cursor, the run's fit window, the window shown, the focus last
 * taken ("startMs:endMs", '' for none: focusKey) and whether it still holds (the user has not
 * zoomed or panned since it was taken).
 */
export interface ViewState {
  run: unknown;
  cursor: number;
  fit: TimeWindow;
  window: TimeWindow;
  focus: string;
  held: boolean;
}

/** A focus as ViewState keeps it: '' for none. */
const focusKey = (focus: TimeWindow | null | undefined): string => (focus ? `${focus.startMs}:${focus.endMs}` : '');

/** What a timeline first shows: its `focus` (a lesson part's time), else the whole run, with the
 * cursor's time (`cursorMs`) in view. */
export function firstView(
  run: unknown,
  cursor: number,
  cursorMs: number,
  fit: TimeWindow,
  focus?: TimeWindow | null,
): ViewState {
  return {
    run,
    cursor,
    fit,
    window: followCursor(focus ? clampWindow(focus, fit) : fit, cursorMs, fit),
    focus: focusKey(focus),
    held: true,
  };
}

/**
 * The view once the run, the cursor or the focus has changed; `view` itself if none has. A new
 * focus is shown whole; a focus that still holds is shown again whenever the run or the cursor
 * changes (a run playing up to it from its start is followed, then it is shown whole); a part with
 * no focus after one with a focus opens on the whole run; a new run keeps the user's zoom, unless
 * they were looking at the whole run. The cursor's time is then brought into view.
 */
export function viewAfter(
  view: ViewState,
  run: unknown,
  cursor: number,
  cursorMs: number,
  fit: TimeWindow,
  focus?: TimeWindow | null,
): ViewState {
  const asked = focusKey(focus);
  if (view.run === run && view.cursor === cursor && view.focus === asked) return view;
  const held = view.focus === asked ? view.held : true;
  let window = view.window;
  if (focus && held) window = clampWindow(focus, fit);
  else if (view.focus !== asked) window = fit;
  else if (view.run !== run) window = isFit(window, view.fit) ? fit : clampWindow(window, fit);
  return { run, cursor, fit, window: followCursor(window, cursorMs, fit), focus: asked, held };
}

/** The view once the user has zoomed or panned to `window`: a focus no longer holds. */
export const viewZoomed = (view: ViewState, window: TimeWindow): ViewState =>
  view.window.startMs === window.startMs && view.window.endMs === window.endMs
    ? view
    : { ...view, window, held: false };
