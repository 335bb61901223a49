// The width of an element, kept current with a ResizeObserver, so the timeline and the chart lay
// themselves out in real pixels (text never stretches). 0 until the element is measured.
// Invariant: the observer is disconnected when the element goes away.

import { useCallback, useState } from 'react';

export function useElementWidth<T extends HTMLElement>(): [(node: T | null) => (() => void) | undefined, number] {
  const [width, setWidth] = useState(0);
  const ref = useCallback((node: T | null) => {
    if (!node) return undefined;
    const measure = () => setWidth(Math.floor(node.getBoundingClientRect().width));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}
