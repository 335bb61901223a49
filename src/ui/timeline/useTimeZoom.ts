// The timeline's pan and zoom gestures, from a React component's point of view: d3-zoom (timeZoom.ts)
// is loaded with import() once the svg is on screen, so the first render never waits for it, and
// from then on every window React shows is handed to it, so a gesture starts from what is drawn.
// Until it has loaded (a few ms), the Zoom in, Zoom out and Fit buttons already work: they set the
// window, and the window is React state throughout.
// Returns whether the gestures are on. Invariant: gestures only propose windows (through
// setWindow); they never draw.

import { startTransition, useEffect, useRef, useState } from 'react';
import type { TimeZoom } from './timeZoom';
import type { TimeWindow } from './types';
import type { ZoomFrame } from './zoomMapping';

export function useTimeZoom(
  svg: SVGSVGElement | null,
  frame: ZoomFrame | null,
  window: TimeWindow,
  setWindow: (window: TimeWindow) => void,
  onPlainWheel: () => void,
): boolean {
  const [binding, setBinding] = useState<TimeZoom | null>(null);
  const latest = useRef({ setWindow, onPlainWheel });
  useEffect(() => {
    latest.current = { setWindow, onPlainWheel };
  }, [setWindow, onPlainWheel]);

  useEffect(() => {
    if (!svg) return undefined;
    let attached: TimeZoom | null = null;
    let unmounted = false;
    import('./timeZoom').then(
      ({ attachTimeZoom }) => {
        if (unmounted) return;
        attached = attachTimeZoom(svg, {
          // A long trace can take a frame or more to redraw: let React drop stale windows mid-gesture.
          onWindow: (next) => startTransition(() => latest.current.setWindow(next)),
          onPlainWheel: () => latest.current.onPlainWheel(),
        });
        setBinding(attached);
      },
      (error: unknown) => {
        // The buttons still zoom; say why the gestures do not.
        console.error('The timeline could not load its pan and zoom gestures:', error);
      },
    );
    return () => {
      unmounted = true;
      attached?.detach();
      setBinding(null);
    };
  }, [svg]);

  useEffect(() => {
    if (binding && frame) binding.show(window, frame);
  }, [binding, frame, window]);

  return binding !== null;
}
