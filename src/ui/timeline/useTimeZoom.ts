// Ctrl/Cmd + wheel (or a trackpad pinch, which browsers send as one) to zoom about the pointer, and
// drag to pan the time axis. A plain wheel is left to the page, which a reader scrolls through:
// zooming on it would trap the page under the pointer; `onPlainWheel` lets the timeline say how.
// A few pointer and wheel listeners on the svg; the windows come from viewport.ts, the same
// functions the buttons use.
// d3-zoom did this before at ~13 KB gzipped with d3-selection, d3-transition and d3-drag, for a
// gesture that moves one axis; its rules are kept: a wheel notch zooms 2^0.2, a wheel that cannot
// zoom further lets the page scroll, and a drag that moved does not also click.
// Invariant: the window stays React state; listeners only read it and propose the next one.

import { startTransition, useEffect, useRef, type RefObject } from 'react';
import { timeScale } from './geometry';
import type { PlotArea, TimeWindow } from './types';
import { isSameWindow, panWindow, wheelZoomFactor, zoomWindow } from './viewport';

/** A wheel event this soon after the last one continues the gesture: it is ours even at a limit. */
const WHEEL_GESTURE_MS = 150;
/** Touch and pen wobble: moving less than this is still a tap (d3-zoom's tapDistance). */
const TAP_SLOP_PX = 10;

interface Latest {
  fit: TimeWindow;
  plot: PlotArea | null;
  setWindow: (window: TimeWindow) => void;
  onPlainWheel: () => void;
}

export function useTimeZoom(
  svgRef: RefObject<SVGSVGElement | null>,
  fit: TimeWindow,
  plot: PlotArea | null,
  window: TimeWindow,
  setWindow: (window: TimeWindow) => void,
  onPlainWheel: () => void = () => {},
): void {
  // The window gestures build on. A gesture moves it at once; React renders it a frame or more later
  // (in a transition), so rendered windows a gesture made are never copied back over it, which would
  // yank a fast wheel back to a window React rendered late.
  const live = useRef(window);
  const fromGesture = useRef(new WeakSet<TimeWindow>());
  const latest = useRef<Latest>({ fit, plot, setWindow, onPlainWheel });
  const ready = plot !== null && plot.right > plot.left;

  useEffect(() => {
    latest.current = { fit, plot, setWindow, onPlainWheel };
  }, [fit, plot, setWindow, onPlainWheel]);

  useEffect(() => {
    if (!fromGesture.current.has(window)) live.current = window;
  }, [window]);

  useEffect(() => {
    const svg = svgRef.current;
    if (!svg || !ready) return undefined;
    const view = svg.ownerDocument.defaultView ?? globalThis;

    const timeAt = (clientX: number) => {
      const { plot: area } = latest.current;
      const x = clientX - svg.getBoundingClientRect().left;
      return area ? timeScale(live.current, area).invert(x) : live.current.startMs;
    };
    const move = (next: TimeWindow) => {
      live.current = next;
      fromGesture.current.add(next);
      const { setWindow: set } = latest.current;
      // A long trace can take a frame or more to redraw: let React drop stale windows mid-gesture.
      startTransition(() => set(next));
    };

    let wheelTimer: ReturnType<typeof setTimeout> | undefined;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) {
        latest.current.onPlainWheel();
        return;
      }
      const now = live.current;
      const next = zoomWindow(now, wheelZoomFactor(event), timeAt(event.clientX), latest.current.fit);
      if (wheelTimer === undefined && isSameWindow(next, now)) return; // at a limit: the page scrolls
      event.preventDefault();
      clearTimeout(wheelTimer);
      wheelTimer = setTimeout(() => (wheelTimer = undefined), WHEEL_GESTURE_MS);
      if (!isSameWindow(next, now)) move(next);
    };

    // The pointer that is dragging, the time it grabbed (kept under it) and where it went down.
    let drag: { pointerId: number; grabbedMs: number; x: number; y: number; moved: boolean } | null = null;
    const onPointerDown = (event: PointerEvent) => {
      // A new press replaces a drag whose release we never saw (it ended outside, uncaptured).
      if (!event.isPrimary || event.button !== 0 || event.ctrlKey) return;
      drag = {
        pointerId: event.pointerId,
        grabbedMs: timeAt(event.clientX),
        x: event.clientX,
        y: event.clientY,
        moved: false,
      };
    };
    const onPointerMove = (event: PointerEvent) => {
      if (!drag || event.pointerId !== drag.pointerId) return;
      if (!drag.moved) {
        const slopPx = event.pointerType === 'mouse' ? 0 : TAP_SLOP_PX;
        if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) <= slopPx) return;
        drag.moved = true;
        // Captured only once it is a drag: a plain click must still land on the mark under it.
        svg.setPointerCapture(event.pointerId);
      }
      const now = live.current;
      const next = panWindow(now, drag.grabbedMs - timeAt(event.clientX), latest.current.fit);
      if (!isSameWindow(next, now)) move(next);
    };
    const swallowClick = (event: Event) => {
      event.stopPropagation();
      event.preventDefault();
    };
    const onPointerEnd = (event: PointerEvent) => {
      if (!drag || event.pointerId !== drag.pointerId) return;
      if (drag.moved && event.type === 'pointerup') {
        // The click that follows a drag's release is not a seek; it comes in this same task.
        view.addEventListener('click', swallowClick, { capture: true, once: true });
        setTimeout(() => view.removeEventListener('click', swallowClick, { capture: true }), 0);
      }
      drag = null;
    };

    svg.addEventListener('wheel', onWheel, { passive: false });
    svg.addEventListener('pointerdown', onPointerDown);
    svg.addEventListener('pointermove', onPointerMove);
    svg.addEventListener('pointerup', onPointerEnd);
    svg.addEventListener('pointercancel', onPointerEnd);
    return () => {
      clearTimeout(wheelTimer);
      svg.removeEventListener('wheel', onWheel);
      svg.removeEventListener('pointerdown', onPointerDown);
      svg.removeEventListener('pointermove', onPointerMove);
      svg.removeEventListener('pointerup', onPointerEnd);
      svg.removeEventListener('pointercancel', onPointerEnd);
    };
  }, [svgRef, ready]);
}
