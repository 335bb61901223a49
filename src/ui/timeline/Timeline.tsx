// The timeline view: a lane per party, messages, leases, GC pauses, write verdicts, the article's step
// labels and the cursor, over a time axis the user can zoom and pan. React renders the SVG; the
// shapes come from the pure layout; D3 only computes (scales) and listens (d3-zoom's gestures). The
// view owns its zoom; the cursor and seeking belong to the caller. Invariant: when the cursor moves
// out of view, the window follows it.

import {
  memo,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type JSX,
  type MouseEvent,
  type ReactNode,
  type Ref,
} from 'react';
import type { Trace } from '../../engine';
import { Bars, type BarPatterns } from './BarLayer';
import { Axis, Grid, LaneBands } from './FrameLayer';
import { defaultHeight, formatMs, timeScale } from './geometry';
import { laneUnits } from './lanes';
import { layoutTimeline, stepAtTime } from './layout';
import { Legend } from './Legend';
import { Marks, Messages } from './MarkLayer';
import { Renewals } from './RenewalLayer';
import { FutureFade, Overlay } from './Overlay';
import { clampCursor, describeTimeline, legendItems } from './readouts';
import './timeline.css';
import type { TimeWindow, TimelineLayout } from './types';
import { useElementWidth } from '../hooks/useElementWidth';
import { useTimeZoom } from './useTimeZoom';
import { firstView, fitWindow, isFit, viewAfter, viewZoomed, zoomCentred, type ViewState } from './viewport';
import { pointerIn } from '../svg/pointer';

export interface TimelineProps {
  trace: Trace;
  /** Index of the current step (0..steps.length-1). */
  cursor: number;
  /** The user clicked a step mark, an arrow, a step label or the plot at some time. */
  onSeek: (stepIndex: number) => void;
  /**
   * The drawing's height in px; by default each lane gets 80 px (a compact lane its share of that,
   * see lanes.ts). The width fills the container.
   */
  height?: number;
  /** More layers over the drawing, from whoever knows more than the trace (the playhead, the actions the user added). */
  overlay?: (layout: TimelineLayout, cursorX: number) => ReactNode;
  /** List "your action" in the legend. */
  yourActionsKey?: boolean;
  /** The whole run, when `trace` is only the run so far: the axis spans it, so it never rescales. */
  fitTo?: Pick<Trace, 'endMs' | 'steps'>;
  /** A time to open on instead of the whole run (a lesson's focus): taken each time it changes;
   * the user's zoom and Fit work as ever after it. */
  focus?: TimeWindow | null;
}

/** The visible window: the user's zoom, kept across trace changes, and following the cursor. A
 * `focus` (a lesson part's) is shown whenever the cursor is inside it, until the user zooms or
 * pans (viewport.ts: firstView, viewAfter, viewZoomed). */
function useViewWindow(trace: Trace, cursor: number, fit: TimeWindow, focus?: TimeWindow | null) {
  const cursorMs = trace.steps[cursor]?.timeMs ?? 0;
  const [view, setView] = useState<ViewState>(() => firstView(trace, cursor, cursorMs, fit, focus));
  const next = viewAfter(view, trace, cursor, cursorMs, fit, focus);
  if (next !== view) setView(next);
  const setWindow = useCallback((window: TimeWindow) => setView((v) => viewZoomed(v, window)), []);
  return [next.window, setWindow] as const;
}

/** The heavy drawing: it re-renders when the layout does (zoom, pan, resize, a new trace), never on a step. */
const Drawing = memo(function Drawing({
  layout,
  patterns,
  clipId,
  label,
  svgRef,
}: {
  layout: TimelineLayout;
  patterns: BarPatterns;
  clipId: string;
  label: string;
  svgRef: Ref<SVGSVGElement>;
}) {
  const { plot, size } = layout;
  return (
    <svg ref={svgRef} className="tl-svg" role="img" aria-label={label} width={size.width} height={size.height}>
      <defs>
        <pattern id={patterns.zombie} width={6} height={6} patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <rect className="tl-pattern-zombie__bg" width={6} height={6} />
          <line className="tl-pattern-zombie__stripe" x1={0} y1={0} x2={0} y2={6} />
        </pattern>
        <pattern id={patterns.pause} width={8} height={8} patternUnits="userSpaceOnUse" patternTransform="rotate(-45)">
          <rect className="tl-pattern-pause__bg" width={8} height={8} />
          <line className="tl-pattern-pause__stripe" x1={0} y1={0} x2={0} y2={8} />
        </pattern>
        <clipPath id={clipId}>
          <rect x={plot.left} y={0} width={plot.right - plot.left} height={size.height} />
        </clipPath>
      </defs>
      <LaneBands lanes={layout.lanes} plot={plot} width={size.width} />
      <g clipPath={`url(#${clipId})`}>
        <Grid ticks={layout.ticks} plot={plot} />
        <Bars
          leases={layout.leases}
          pauses={layout.pauses}
          cuts={layout.cuts}
          lockDelays={layout.lockDelays}
          patterns={patterns}
          showText={layout.lanes.some((lane) => lane.height >= 72)}
          plot={plot}
        />
        <Renewals renewals={layout.renewals} />
        <Messages messages={layout.messages} />
      </g>
      <Marks marks={layout.marks} />
      <Axis ticks={layout.ticks} plot={plot} />
    </svg>
  );
});

export function Timeline({
  trace,
  cursor,
  onSeek,
  height,
  overlay,
  yourActionsKey = false,
  fitTo,
  focus,
}: TimelineProps): JSX.Element {
  const ids = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const patterns = useMemo(() => ({ zombie: `tl-zombie-${ids}`, pause: `tl-pause-${ids}` }), [ids]);
  const [containerRef, width] = useElementWidth<HTMLDivElement>();
  // State, not a ref: the gestures attach to the svg element once it exists (it waits for a width).
  const [svg, setSvg] = useState<SVGSVGElement | null>(null);
  const step = clampCursor(trace, cursor);
  const fit = useMemo(() => fitWindow(fitTo ?? trace), [fitTo, trace]);
  const [window, setWindow] = useViewWindow(trace, step, fit, focus);
  const svgHeight = height ?? defaultHeight(laneUnits(trace.parties));

  const layout = useMemo(
    () => (width > 0 ? layoutTimeline(trace, window, { width, height: svgHeight }) : null),
    [trace, window, width, svgHeight],
  );
  // The layout's own time scale: x of a time, and (invert) the time under a click.
  const scale = useMemo(() => (layout ? timeScale(layout.window, layout.plot) : null), [layout]);
  const [wheelHint, onPlainWheel] = useWheelHint();
  // A new layout brings a new plot object: the gestures' frame changes only when its numbers do.
  const { left = 0, right = 0, top = 0, bottom = 0 } = layout?.plot ?? {};
  const frame = useMemo(
    () => (right > left ? { fit, plot: { left, right, top, bottom } } : null),
    [fit, left, right, top, bottom],
  );
  const gesturesOn = useTimeZoom(svg, frame, window, setWindow, onPlainWheel);

  const legend = useMemo(() => legendItems(trace, yourActionsKey), [trace, yourActionsKey]);
  const cursorMs = trace.steps[step]?.timeMs ?? 0;
  const zoomBy = (factor: number) => {
    const inView = cursorMs >= window.startMs && cursorMs <= window.endMs;
    setWindow(zoomCentred(window, factor, inView ? cursorMs : (window.startMs + window.endMs) / 2, fit));
  };

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const clicked = layout && scale ? stepClicked(event, trace, layout, scale) : null;
    if (clicked !== null) onSeek(clicked);
  };

  const spanMs = window.endMs - window.startMs;
  const cursorX = scale ? scale(cursorMs) : 0;
  const cursorVisible = layout !== null && cursorX >= layout.plot.left - 1 && cursorX <= layout.plot.right + 1;
  const label = trace.steps[step]?.label;
  const cursorText = `${label ? `${label} · ` : ''}step ${step} · ${formatMs(cursorMs, spanMs)}`;

  return (
    // data-zoomed: whether the axis shows less than the whole run (presenter mode shows the
    // toolbar then, for the way back: lessons.css).
    <div className="tl" ref={containerRef} data-zoomed={isFit(window, fit) ? undefined : 'yes'}>
      <ZoomToolbar window={window} fit={fit} wheelHint={wheelHint} zoomBy={zoomBy} toFit={() => setWindow(fit)} />
      {/* Before its width is known the drawing's room is kept (the build's first view has it). */}
      {!layout && <svg className="tl-placeholder" width="100%" height={svgHeight} aria-hidden="true" />}
      {layout && (
        // Clicks are delegated here: marks, arrows and labels say which step they stand for.
        // data-gestures: whether d3-zoom has loaded (the grab cursor waits for it; so do the e2e tests).
        <div
          className="tl-stage"
          style={{ height: svgHeight }}
          onClick={onClick}
          data-gestures={gesturesOn ? 'on' : 'loading'}
        >
          <Drawing
            layout={layout}
            patterns={patterns}
            clipId={`tl-plot-${ids}`}
            label={describeTimeline(trace, step, window)}
            svgRef={setSvg}
          />
          <FutureFade layout={layout} cursorX={cursorX} />
          <Overlay
            trace={trace}
            layout={layout}
            step={step}
            cursorX={cursorX}
            cursorVisible={cursorVisible}
            cursorText={cursorText}
          />
          {overlay?.(layout, cursorX)}
        </div>
      )}
      <Legend items={legend} patterns={patterns} />
    </div>
  );
}

/** Whether the hint to zoom is lit: a plain wheel over the timeline scrolls the page and lights it. */
function useWheelHint(): [boolean, () => void] {
  const [wheelHint, setWheelHint] = useState(false);
  const hintTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const onPlainWheel = useCallback(() => {
    setWheelHint(true);
    clearTimeout(hintTimer.current);
    hintTimer.current = setTimeout(() => setWheelHint(false), 1500);
  }, []);
  useEffect(() => () => clearTimeout(hintTimer.current), []);
  return [wheelHint, onPlainWheel];
}

/**
 * The step a click on the stage goes to: the step of the mark, arrow or label clicked (each says
 * which it stands for), else the step at the time under a click in the plot; null elsewhere.
 */
function stepClicked(
  event: MouseEvent<HTMLDivElement>,
  trace: Trace,
  layout: TimelineLayout,
  scale: ReturnType<typeof timeScale>,
): number | null {
  const target = (event.target as Element).closest('[data-step]');
  if (target) return Number(target.getAttribute('data-step'));
  const [x, y] = pointerIn(event, event.currentTarget);
  const { plot } = layout;
  if (x >= plot.left && x <= plot.right && y >= plot.top && y <= plot.bottom + 24) {
    return stepAtTime(trace, scale.invert(x));
  }
  return null;
}

interface ZoomToolbarProps {
  window: TimeWindow;
  /** The whole run's window. */
  fit: TimeWindow;
  wheelHint: boolean;
  zoomBy: (factor: number) => void;
  toFit: () => void;
}

/** Zoom in, out and to fit, what the axis shows, and how to zoom and pan. */
function ZoomToolbar({ window, fit, wheelHint, zoomBy, toFit }: ZoomToolbarProps) {
  const spanMs = window.endMs - window.startMs;
  return (
    <div className="tl-toolbar">
      <div className="tl-toolbar__buttons">
        {/* Words, not + and −: those keys change the speed (the Keys panel says so). */}
        <button type="button" onClick={() => zoomBy(2)} aria-label="Zoom in on the timeline" title="Zoom in">
          Zoom in
        </button>
        <button type="button" onClick={() => zoomBy(0.5)} aria-label="Zoom out on the timeline" title="Zoom out">
          Zoom out
        </button>
        <button type="button" onClick={toFit} disabled={isFit(window, fit)}>
          Fit
        </button>
      </div>
      <p className="tl-toolbar__hint">
        Showing {formatMs(Math.max(0, window.startMs), spanMs)} to {formatMs(window.endMs, spanMs)}.{' '}
        {/* A touch screen has no Ctrl or scroll wheel: its own gestures (timeline.css shows one). */}
        <span className="tl-toolbar__mouse">
          <span className={wheelHint ? 'tl-toolbar__keys tl-toolbar__keys--lit' : 'tl-toolbar__keys'}>
            Ctrl + scroll to zoom
          </span>{' '}
          (or double-click), drag to pan, click a mark to go to its step.
        </span>
        <span className="tl-toolbar__touch">Pinch to zoom, swipe sideways to pan, tap a mark to go to its step.</span>
      </p>
    </div>
  );
}
