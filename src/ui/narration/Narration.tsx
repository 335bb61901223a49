// The "why" line: what happened at the cursor in plain words (the engine writes the sentence),
// and for a write the comparison the resource made, large: 33 <= 34 -> REJECT. A stale holder's
// write that got in is shown as the danger it is (comparison.ts), not as a green tick.

import { useState } from 'react';
import { editSoFar, type Step, type Trace } from '../../engine';
import { useLab } from '../store/context';
import { comparisonChip, maxSeenLine } from './comparison';
import { withWholeArrows } from './wholeArrows';
import { isVerdictNews, shownVerdict } from './verdictWords';
import './narration.css';

export interface NarrationProps {
  /** Names the region where a page has two (the recorded view: one per run). */
  label?: string;
  /** The page announces a changed verdict (the lab's Verdict panel): when a change to the run
   * changes the verdict, that is the one thing said, and this region keeps quiet for it. */
  verdictSpeaks?: boolean;
  /**
   * The height (px) reserved for the tallest of some steps (FittedNarration), if any: the narration
   * keeps it at every step. In a flex column (the embed's, `reserveAs` 'basis') it gives it up,
   * down to its own words' height, where the column has no room for it; elsewhere (a lesson's
   * words, 'height') it is the least height.
   */
  reservePx?: number;
  /** The same height in em of the narration's font, which 'height' keeps instead: words made
   * smaller to fit a projector's screen (a lesson's) keep proportionally less room. */
  reserveEm?: number;
  reserveAs?: 'basis' | 'height';
}

/**
 * How the narration keeps the room it reserves (NarrationProps: reservePx, reserveEm, reserveAs), as
 * the style of its section; none where nothing is reserved.
 */
function reservedStyle(
  reservePx: number | undefined,
  reserveEm: number | undefined,
  reserveAs: 'basis' | 'height',
): { flex?: string; minHeight: string | number } | undefined {
  if (!reservePx) return undefined;
  if (reserveAs === 'basis') return { flex: `0 1 ${reservePx}px`, minHeight: 'min-content' };
  return { minHeight: reserveEm ? `${reserveEm}em` : reservePx };
}

export function Narration({
  label = 'Narration of this step',
  verdictSpeaks = false,
  reservePx,
  reserveEm,
  reserveAs = 'basis',
}: NarrationProps = {}) {
  // `playing`: announce steps when the user moves, not sixty times a second while playing.
  const { trace, cursor, step, count, playing, hidden, shown } = useLab((s) => ({
    trace: s.trace,
    cursor: s.cursor,
    step: s.trace.steps[s.cursor],
    count: s.trace.steps.length,
    playing: s.playing,
    hidden: s.hideFuture,
    shown: shownVerdict(s.trace, s.cursor, s.hideFuture),
  }));
  // What the last render showed, to tell the verdict's news from a cursor step: the same test the
  // Verdict panel's announcer makes, so for one change exactly one of the two regions speaks.
  const [seen, setSeen] = useState({ run: trace as unknown, shown, cursor, quiet: false });
  let quiet = seen.quiet;
  // (Only where a verdict speaks: elsewhere nothing is kept, and a step costs one render.)
  if (verdictSpeaks && (seen.run !== trace || seen.shown !== shown || seen.cursor !== cursor)) {
    quiet = isVerdictNews(seen, trace, shown);
    setSeen({ run: trace, shown, cursor, quiet });
  }
  if (!step) {
    return (
      <section className="narration" aria-label={label}>
        <p>Nothing happens in this scenario: add an action, such as a client acquiring the lock.</p>
      </section>
    );
  }
  return (
    <section className="narration" aria-label={label} style={reservedStyle(reservePx, reserveEm, reserveAs)}>
      <NarrationBody
        trace={trace}
        step={step}
        count={count}
        hidden={hidden}
        live={playing || quiet ? 'off' : 'polite'}
      />
    </section>
  );
}

/**
 * What the narration shows of one step: where it is, its sentence, and for a write the comparison
 * the resource made. `live`: the sentence's aria-live; null for a copy drawn only to be measured
 * (no test id, nothing announced).
 */
export function NarrationBody({
  trace,
  step,
  count,
  hidden,
  live,
}: {
  trace: Trace;
  step: Step;
  count: number;
  hidden: boolean;
  live: 'off' | 'polite' | null;
}) {
  const w = step.write;
  const chip = w && comparisonChip(w, w.stale && w.verdict === 'accepted' ? editSoFar(trace, step) : null);
  // What the store's max_seen did; null for a store that keeps none (the narration says so, once).
  const maxSeen = w ? maxSeenLine(w) : null;
  const measured = live === null;
  return (
    <>
      <div className="narration-main">
        <p className="narration-where">
          {/* The space is for a screen reader and for copied text: with the step's number hidden
              (a small frame), "t6" and "2606 ms" would run together as "t62606 ms". */}
          {step.label && <span className="step-label big">{step.label}</span>}{' '}
          <span>
            <span className="narration-step">
              Step {step.index}
              {hidden ? '' : ` of ${count - 1}`} ·{' '}
            </span>
            {step.timeMs} ms
          </span>
        </p>
        <p className="narration-text" data-testid={measured ? undefined : 'narration'} aria-live={live ?? undefined}>
          {withWholeArrows(step.text)}
        </p>
      </div>
      {w && chip && (
        <p className={`comparison verdict-${chip.tone}`} data-testid={measured ? undefined : 'comparison'}>
          <span className={`comparison-head${w.comparison.length > 22 ? ' long' : ''}`}>
            <span className={`comparison-glyph${chip.tone === 'stale-accepted' ? ' stale' : ''}`} aria-hidden="true">
              {chip.glyph}
            </span>
            <span className="visually-hidden">{chip.words}: </span> <code>{withWholeArrows(w.comparison)}</code>
          </span>
          {(maxSeen || chip.note) && (
            <span className="comparison-note">
              {maxSeen}
              {chip.note && (
                <strong className={chip.tone === 'stale-accepted' ? 'danger' : undefined}>
                  {maxSeen ? ' · ' : ''}
                  {chip.note}
                </strong>
              )}
            </span>
          )}
        </p>
      )}
    </>
  );
}
