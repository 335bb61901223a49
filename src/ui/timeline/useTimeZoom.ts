// Wheel to zoom and drag to pan the time axis, with d3-zoom doing the gesture math on the svg. The
// window stays React state: d3-zoom's transform is only mapped onto it (viewport.ts), and put back
// in step whenever the window moves for another reason (fit, buttons, following the cursor).
// Invariant: d3-zoom never touches the DOM beyond its own event listeners.

import { select } from 'd3-selection';
import { zoom, zoomIdentity, zoomTransform, type D3ZoomEvent, type ZoomBehavior } from 'd3-zoom';
import { startTransition, useEffect, useRef, type RefObject } from 'react';
import type { PlotArea, TimeWindow } from './types';
import { maxZoom, transformOfWindow, windowOfTransform } from './viewport';

const close = (a: number, b: number) => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a), Math.abs(b));

export function useTimeZoom(
  svgRef: RefObject<SVGSVGElement | null>,
  fit: TimeWindow,
  plot: PlotArea | null,
  window: TimeWindow,
  setWindow: (window: TimeWindow) => void,
): void {
  const behaviorRef = useRef<ZoomBehavior<SVGSVGElement, unknown> | null>(null);
  // Windows made by a gesture: d3-zoom already stands there (or further on), so they are never pushed
  // back into it, which would yank a fast wheel back to a window React rendered late.
  const fromGesture = useRef(new WeakSet<TimeWindow>());
  const left = plot?.left ?? 0;
  const right = plot?.right ?? 0;
  const top = plot?.top ?? 0;
  const bottom = plot?.bottom ?? 0;

  useEffect(() => {
    const svg = svgRef.current;
    if (!svg || right <= left) return undefined;
    const area = { left, right, top, bottom };
    const behavior = zoom<SVGSVGElement, unknown>()
      .scaleExtent([1, maxZoom(fit)])
      .extent([
        [left, top],
        [right, bottom],
      ])
      .translateExtent([
        [left, -Infinity],
        [right, Infinity],
      ])
      .on('zoom', (event: D3ZoomEvent<SVGSVGElement, unknown>) => {
        // Programmatic moves (the effect below) arrive without a source event: the window is already right.
        if (!event.sourceEvent) return;
        const next = windowOfTransform(event.transform, fit, area);
        fromGesture.current.add(next);
        // A long trace can take a frame or more to redraw: let React drop stale windows mid-gesture.
        startTransition(() => setWindow(next));
      });
    const selection = select(svg);
    selection.call(behavior).on('dblclick.zoom', null);
    behaviorRef.current = behavior;
    return () => {
      selection.on('.zoom', null);
      behaviorRef.current = null;
    };
  }, [svgRef, fit, left, right, top, bottom, setWindow]);

  useEffect(() => {
    const svg = svgRef.current;
    const behavior = behaviorRef.current;
    if (!svg || !behavior || right <= left || fromGesture.current.has(window)) return;
    const target = transformOfWindow(window, fit, { left, right, top, bottom });
    const current = zoomTransform(svg);
    if (close(current.k, target.k) && close(current.x, target.x)) return;
    select(svg).call(behavior.transform, zoomIdentity.translate(target.x, 0).scale(target.k));
  }, [svgRef, window, fit, left, right, top, bottom]);
}
