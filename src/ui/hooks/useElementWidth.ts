// The size of an element along one axis, kept current with a ResizeObserver, so the timeline and
// the chart lay themselves out in real pixels (text never stretches) and the embed's timeline
// fills what its frame leaves it. 0 until the element is measured.
// Invariant: the observer is disconnected when the element goes away.

import { startTransition, useCallback, useState } from 'react';

type Ref<T> = (node: T | null) => (() => void) | undefined;

/**
 * `[ref, size]`: attach `ref` to the element; `size` is its border-box width (`axis` 'width') or
 * height, in whole CSS pixels, 0 until the first report.
 *
 * The size comes from the observer's own reports, the first of which arrives once the browser has
 * laid the page out: reading it while React attaches the element would make the browser lay out
 * the whole new page inside React's commit, one long task on a slow phone. What the first size
 * draws (the whole timeline) is rendered as a transition, in short slices; a later change (a
 * window resized, a phone turned) is rendered as an ordinary update, so steady playback cannot
 * keep putting it off.
 */
export function useElementSize<T extends HTMLElement>(axis: 'width' | 'height'): [Ref<T>, number] {
  const [size, setSize] = useState(0);
  const ref = useCallback<Ref<T>>(
    (node) => {
      if (!node) return undefined;
      let measured = false;
      const observer = new ResizeObserver(([entry]) => {
        const box = entry?.borderBoxSize?.[0];
        const next = Math.floor(
          (axis === 'width' ? box?.inlineSize : box?.blockSize) ?? node.getBoundingClientRect()[axis],
        );
        if (measured) return setSize(next);
        measured = true;
        startTransition(() => setSize(next));
      });
      observer.observe(node);
      return () => observer.disconnect();
    },
    [axis],
  );
  return [ref, size];
}

/** `[ref, width]`: useElementSize('width'). */
export const useElementWidth = <T extends HTMLElement>(): [Ref<T>, number] => useElementSize<T>('width');
