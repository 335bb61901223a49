// The narration with its height reserved for the tallest of some steps (the embed's whole run, a
// lesson's question and its answer), so what is laid out around it does not move as the cursor
// goes from one to another.

import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Step } from '../../engine';
import { useLab } from '../store/context';
import { Narration, NarrationBody, type NarrationProps } from './Narration';

/**
 * The narration, as tall from the start as the tallest of `candidates` (steps of the run on screen)
 * needs: what is laid out around it (the embed's timeline, a lesson's) then keeps one size as the
 * cursor moves among them. Those steps are drawn unseen and measured, and taken away again before
 * the page paints: nothing but the narration itself is ever there to be seen, read out or found.
 * Measured again for new candidates (keep them the same array while they are the same steps) or a
 * new width.
 *
 * Measured as the browser reports the unseen steps' size (a ResizeObserver, after it has laid the
 * page out and before it paints), and put in place at once (flushSync), not read while React
 * attaches them: that read made the browser lay the whole new page out inside React's commit, and
 * the embed's first commit one task of 50 ms (200 ms on a slow phone) instead of two of 25.
 */
export function FittedNarration({ candidates, ...props }: { candidates: readonly Step[] } & NarrationProps) {
  const { trace, steps, hidden } = useLab((s) => ({ trace: s.trace, steps: s.trace.steps, hidden: s.hideFuture }));
  const [width, setWidth] = useState(0);
  const [measured, setMeasured] = useState<{ of: readonly unknown[]; width: number; px: number } | null>(null);
  const stale = measured === null || measured.of !== candidates || (width > 0 && measured.width !== width);
  // What the observer's reports are read against: the render the browser has laid out.
  const drawn = useRef({ stale, candidates, width });
  useLayoutEffect(() => {
    drawn.current = { stale, candidates, width };
  }, [stale, candidates, width]);
  const probe = useCallback((node: HTMLDivElement | null) => {
    if (!node) return undefined;
    const observer = new ResizeObserver(([entry]) => {
      const box = entry?.borderBoxSize?.[0];
      const rect = box ? null : node.getBoundingClientRect();
      const w = Math.floor(box?.inlineSize ?? rect!.width);
      const now = drawn.current;
      // The unseen steps are there: their height is the one to keep, at this width.
      if (now.stale)
        flushSync(() => {
          setWidth(w);
          setMeasured({ of: now.candidates, width: w, px: Math.ceil(box?.blockSize ?? rect!.height) });
        });
      // A new width: they are drawn again (stale), and reported again once laid out.
      else if (w !== now.width) flushSync(() => setWidth(w));
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return (
    <>
      <div className="narration-probe" aria-hidden="true">
        {/* A new element each time the steps are drawn for measuring: observing it reports its size
            at once, whatever size it had before. */}
        <div className="narration-probe__cells" ref={probe} key={stale ? 'measuring' : 'measured'}>
          {stale &&
            candidates.map((step) => (
              <section className="narration" key={step.index}>
                <NarrationBody trace={trace} step={step} count={steps.length} hidden={hidden} live={null} />
              </section>
            ))}
        </div>
      </div>
      <Narration {...props} reservePx={measured?.px} />
    </>
  );
}
