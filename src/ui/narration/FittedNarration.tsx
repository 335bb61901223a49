// The narration with its height reserved for the tallest of some steps (the embed's whole run, a
// lesson's question and its answer), so what is laid out around it does not move as the cursor
// goes from one to another.

import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useElementSize } from '../hooks/useElementWidth';
import type { Step } from '../../engine';
import { useLab } from '../store/context';
import { Narration, NarrationBody, type NarrationProps } from './Narration';

/**
 * The narration, as tall from the start as the tallest of `candidates` (steps of the run on screen)
 * needs: what is laid out around it (the embed's timeline, a lesson's) then keeps one size as the
 * cursor moves among them. Those steps are drawn unseen and measured, and taken away again before
 * the page paints (a layout effect): nothing but the narration itself is ever there to be seen,
 * read out or found. Measured again for new candidates (keep them the same array while they are
 * the same steps) or a new width.
 *
 * Measured in a layout effect, which lays the page out inside React's commit. Measured instead as
 * a ResizeObserver reported the unseen steps' size (put in place with flushSync, before the paint),
 * the commit was shorter, but the reserved height resized the embed's timeline inside the
 * observer's own report: the browser put that report off to the next frame, with a "ResizeObserver
 * loop" error on the page each time.
 */
export function FittedNarration({ candidates, ...props }: { candidates: readonly Step[] } & NarrationProps) {
  const { trace, steps, hidden } = useLab((s) => ({ trace: s.trace, steps: s.trace.steps, hidden: s.hideFuture }));
  const [cellsRef, width] = useElementSize<HTMLDivElement>('width');
  const cells = useRef<HTMLDivElement | null>(null);
  const [measured, setMeasured] = useState<{ of: readonly unknown[]; width: number; px: number; em: number } | null>(
    null,
  );
  const stale = measured === null || measured.of !== candidates || (width > 0 && measured.width !== width);
  useLayoutEffect(() => {
    const node = cells.current;
    if (!stale || !node) return;
    // The layout's own px (offsetHeight), not the screen's: a lesson presented on a large screen
    // is drawn zoomed (CSS zoom), and its box measured on the screen kept 1.5 to 2.25 times the
    // room, a blank under the words.
    const px = node.offsetHeight;
    // The same height in the narration's own em (its font's size): a lesson on a projector makes
    // its words smaller where they would not fit (LessonView's useWordsFit), and the room kept
    // shrinks with them, not measured again.
    const fontPx = parseFloat(getComputedStyle(node.firstElementChild ?? node).fontSize) || 16;
    setMeasured({ of: candidates, width, px, em: Math.ceil((px / fontPx) * 100) / 100 });
  }, [stale, candidates, width]);
  const ref = useCallback(
    (node: HTMLDivElement | null) => {
      cells.current = node;
      return cellsRef(node);
    },
    [cellsRef],
  );
  return (
    <>
      <div className="narration-probe" aria-hidden="true">
        <div className="narration-probe__cells" ref={ref}>
          {stale &&
            candidates.map((step) => (
              <section className="narration" key={step.index}>
                <NarrationBody trace={trace} step={step} count={steps.length} hidden={hidden} live={null} />
              </section>
            ))}
        </div>
      </div>
      <Narration {...props} reservePx={measured?.px} reserveEm={measured?.em} />
    </>
  );
}
