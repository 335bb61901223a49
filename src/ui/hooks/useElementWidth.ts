// The width of an element, kept current with a ResizeObserver, so the timeline and the chart lay
// themselves out in real pixels (text never stretches). 0 until the element is measured.
// Invariant: the observer is disconnected when the element goes away.

import { startTransition, useCallback, useState } from 'react';

/**
 * `[ref, width]`: attach `ref` to the element; `width` is its border-box width in whole CSS
 * pixels, 0 until the first report.
 *
 * The width comes from the observer's own reports, the first of which arrives once the browser
 * has laid the page out: reading the size while React attaches the element would make the
 * browser lay out the whole new page inside React's commit, one long task on a slow phone. What
 * the first width draws (the whole timeline) is rendered as a transition, in short slices; a
 * later change (a window resized, a phone turned) is rendered as an ordinary update, so steady
 * playback cannot keep putting it off.
 */
export function useElementWidth<T extends HTMLElement>(): [(node: T | null) => (() => void) | undefined, number] {
  const [width, setWidth] = useState(0);
  const ref = useCallback((node: T | null) => {
    if (!node) return undefined;
    let measured = false;
    const observer = new ResizeObserver(([entry]) => {
      const next = Math.floor(entry?.borderBoxSize?.[0]?.inlineSize ?? node.getBoundingClientRect().width);
      if (measured) return setWidth(next);
      measured = true;
      startTransition(() => setWidth(next));
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}
