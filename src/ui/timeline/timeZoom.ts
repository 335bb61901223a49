// Pan and zoom of the time axis by d3-zoom, bound to the timeline's svg: Ctrl/Cmd + wheel or a
// trackpad pinch zooms about the pointer, a drag pans, a touch pinch zooms, a double-click (or
// double tap) zooms in 2x about the pointer (Shift: out). d3-zoom only listens on the svg and keeps
// its transform there; each transform a gesture makes is reported as a window (zoomMapping.ts), and
// React renders it. Loaded with import() when a timeline mounts (useTimeZoom.ts), so d3-zoom and
// d3-selection stay out of the first render.
// Invariants: d3-zoom never draws (React owns every node of the svg); a window shown from outside
// (buttons, following the cursor, a new trace, a resize) becomes d3-zoom's transform before the
// next gesture, so the gesture starts from what is on screen; no button pressed, no drag.

import { select, type Selection } from 'd3-selection';
import { zoom, zoomTransform, type D3ZoomEvent, type ZoomBehavior } from 'd3-zoom';
import type { TimeWindow } from './types';
import { clampWindow } from './viewport';
import {
  isPlainWheel,
  isSameTransform,
  isZoomGesture,
  scaleExtentOf,
  transformOfWindow,
  wheelZoomDelta,
  windowOfTransform,
  type ZoomFrame,
} from './zoomMapping';

export interface TimeZoomCallbacks {
  /** A gesture moved the window (wheel, pinch, drag, double-click): show this one. */
  onWindow: (window: TimeWindow) => void;
  /** A wheel without Ctrl or Cmd went by to the page: the timeline may say how to zoom. */
  onPlainWheel: () => void;
}

export interface TimeZoom {
  /**
   * The window on screen, in its frame (the run's fit window, the plot's size). A window that this
   * binding reported itself is already d3-zoom's transform (or older than it) unless the frame moved.
   */
  show: (window: TimeWindow, frame: ZoomFrame) => void;
  detach: () => void;
}

type ZoomEvent = D3ZoomEvent<SVGSVGElement, unknown>;

const sameFrame = (a: ZoomFrame, b: ZoomFrame) =>
  a.fit.startMs === b.fit.startMs &&
  a.fit.endMs === b.fit.endMs &&
  a.plot.left === b.plot.left &&
  a.plot.right === b.plot.right &&
  a.plot.top === b.plot.top &&
  a.plot.bottom === b.plot.bottom;

/**
 * On a phone the timeline is most of the screen, and the page must still scroll through it. A
 * one-finger swipe that sets off more up-down than sideways is the page's (touch-action: pan-y
 * lets the browser scroll it): d3-zoom would cancel its moves and pan, so it never sees them. A
 * sideways swipe pans and two fingers pinch, as d3-zoom does. Registered before d3-zoom's own.
 */
function swipeListeners() {
  let swipeStart: { x: number; y: number } | null = null;
  let pageScroll = false;
  const onTouchStart = (event: TouchEvent) => {
    const [touch, second] = event.touches;
    swipeStart = touch && !second ? { x: touch.clientX, y: touch.clientY } : null;
    pageScroll = false;
  };
  const onTouchMove = (event: TouchEvent) => {
    const [touch, second] = event.touches;
    if (swipeStart && touch && !second && !pageScroll) {
      pageScroll = Math.abs(touch.clientY - swipeStart.y) > Math.abs(touch.clientX - swipeStart.x);
      swipeStart = null; // decided by the first move
    }
    if (pageScroll) event.stopImmediatePropagation();
  };
  return { onTouchStart, onTouchMove };
}

export function attachTimeZoom(svg: SVGSVGElement, callbacks: TimeZoomCallbacks): TimeZoom {
  const view = svg.ownerDocument.defaultView ?? window;
  const selection = select(svg);
  let frame: ZoomFrame | null = null;
  // Windows this binding reported: React renders them a frame or more later (in a transition), by
  // which time a fast wheel has moved d3-zoom on; putting one back would yank the view backwards.
  const reported = new WeakSet<TimeWindow>();
  let showing = false;
  let mouseDrag = false;

  const setTransformTo = (window: TimeWindow, to: ZoomFrame) => {
    const target = transformOfWindow(window, to);
    if (isSameTransform(zoomTransform(svg), target)) return;
    showing = true;
    try {
      selection.call(behavior.transform, target);
    } finally {
      showing = false;
    }
  };

  const onZoom = (event: ZoomEvent) => {
    // No source event, or our own show(): the window is already right.
    const source = event.sourceEvent as Event | null;
    if (showing || !source || !frame) return;
    // A new object every time: clampWindow may return `fit` itself, which the Fit button sets too,
    // and a window set from outside must never look like one reported here.
    const next = { ...clampWindow(windowOfTransform(event.transform, frame), frame.fit) };
    reported.add(next);
    callbacks.onWindow(next);
  };

  const behavior = zoom<SVGSVGElement, unknown>()
    .filter((event: MouseEvent) => frame !== null && isZoomGesture(event))
    .wheelDelta(wheelZoomDelta)
    .on('start', (event: ZoomEvent) => {
      if (!showing) mouseDrag = (event.sourceEvent as Event | null)?.type === 'mousedown';
    })
    .on('zoom', onZoom)
    .on('end', () => {
      if (!showing) mouseDrag = false;
    });

  // d3-zoom follows a mouse drag until it sees the button come up, and never looks at `buttons`: a
  // release it missed (outside the window, under a context menu) would leave the axis panning with
  // a free pointer. This listener is registered before d3-zoom's own (added on each mousedown), so
  // it sees each move first: with no button down, the drag ends here, as if released.
  const onMouseMove = (event: MouseEvent) => {
    if (!mouseDrag || (event.buttons & 1) !== 0) return;
    event.stopImmediatePropagation();
    mouseDrag = false;
    view.dispatchEvent(new MouseEvent('mouseup', { view, clientX: event.clientX, clientY: event.clientY }));
  };
  view.addEventListener('mousemove', onMouseMove, true);

  const { onTouchStart, onTouchMove } = swipeListeners();

  selection
    .on('touchstart.swipe', onTouchStart, { passive: true })
    .on('touchmove.swipe', onTouchMove, { passive: true })
    .call(attachMarked, behavior)
    // A plain wheel is not d3-zoom's (see isZoomGesture): it scrolls the page, and says how to zoom.
    .on(
      'wheel.hint',
      (event: WheelEvent) => {
        if (isPlainWheel(event)) callbacks.onPlainWheel();
      },
      { passive: true },
    );
  return {
    show(window, next) {
      if (!frame || !sameFrame(frame, next)) {
        frame = next;
        const { plot } = next;
        behavior
          .extent([
            [plot.left, plot.top],
            [plot.right, plot.bottom],
          ])
          .scaleExtent(scaleExtentOf(next.fit))
          // The fit window is as far as a pan goes: its ends stay at the plot's edges. Time is x
          // only: y may go anywhere, and the windows never read it.
          .translateExtent([
            [plot.left, -Infinity],
            [plot.right, Infinity],
          ]);
      } else if (reported.has(window)) return;
      setTransformTo(window, next);
    },
    detach() {
      view.removeEventListener('mousemove', onMouseMove, true);
      // A double-click's animation still running ends without anyone listening.
      behavior.on('start zoom end', null);
      selection.on('.zoom', null).on('.hint', null).on('.swipe', null);
    },
  };
}

/** Events a listener can hold the page's scrolling up for, unless it says it is passive. */
const SCROLL_BLOCKING = new Set(['touchstart', 'touchmove', 'wheel', 'mousewheel']);

/**
 * Attaches d3-zoom to the timeline's SVG with every scroll-blocking listener's `passive` option
 * said. d3-zoom 3.0.1 adds its touchstart and touchmove listeners with no options; Chromium
 * reports such a listener as holding scrolling up unmarked (Lighthouse's
 * uses-passive-event-listeners), though an explicit `passive: false` is not reported. The
 * listeners cancel their events (a sideways pan and a pinch must not also move the page), so
 * they are added as what they are, not passive, and d3-zoom otherwise works as it does.
 */
function attachMarked(
  selection: Selection<SVGSVGElement, unknown, null, undefined>,
  behavior: ZoomBehavior<SVGSVGElement, unknown>,
) {
  const node = selection.node();
  if (!node) return;
  const add = node.addEventListener;
  node.addEventListener = function (
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ) {
    add.call(this, type, listener, options ?? (SCROLL_BLOCKING.has(type) ? { passive: false } : undefined));
  };
  try {
    behavior(selection);
  } finally {
    // Back to the prototype's own method.
    delete (node as { addEventListener?: unknown }).addEventListener;
  }
}
