// What the teacher says at this step, with where the lesson is, above the engine's own sentence
// for the step at the cursor (and its comparison, 33 <= 34 -> REJECT).

import { useMemo } from 'react';
import type { Step } from '../../engine';
import { FittedNarration } from '../narration/FittedNarration';
import { useLab } from '../store/context';
import { stepOf, useLesson } from './useLesson';

/** No steps to measure: a part with no question shows one step. */
const NONE: readonly Step[] = [];

export function Talk() {
  const { title, chapterNumber, chapterCount, stepNumber, stepCount, say, waitAt, target, presenting } = useLesson(
    (s) => ({
      title: s.lesson?.chapters[s.place.chapter]?.title ?? '',
      chapterNumber: s.place.chapter + 1,
      chapterCount: s.chapters.length,
      stepNumber: s.place.step + 1,
      stepCount: s.chapters[s.place.chapter]?.length ?? 0,
      say: stepOf(s)?.say ?? '',
      waitAt: stepOf(s)?.waitAt ?? 0,
      target: stepOf(s)?.target ?? 0,
      presenting: s.presenting,
    }),
  );
  // Presenting, a question's step and its answer's: revealing the answer moves the run on a step,
  // whose sentence (often with its comparison) is taller. Room is kept for the taller from the
  // start, so the timeline, fitted to the room the words leave, does not shrink (and lose its
  // lanes' subtitles) as the class sees the answer. Not presenting, the page scrolls instead, and
  // the room kept would only push the question down (on a phone, below the screen).
  const trace = useLab((s) => s.trace);
  const candidates = useMemo(() => {
    const asked = trace.steps[waitAt];
    const answered = trace.steps[target];
    return presenting && asked && answered && waitAt !== target ? [asked, answered] : NONE;
  }, [trace, waitAt, target, presenting]);
  return (
    <section className="lesson-talk" aria-labelledby="chapter-title">
      <p className="lesson-where">
        Chapter {chapterNumber} of {chapterCount} · part {stepNumber} of {stepCount}
      </p>
      <h1 id="chapter-title" className="chapter-title">
        {/* Presenting, the line above is left out for room: the title says which chapter it is,
            short enough not to take a second line (which the timeline's lanes pay for). */}
        <span className="chapter-number">
          <span aria-hidden="true">
            {chapterNumber}/{chapterCount} ·{' '}
          </span>
          <span className="visually-hidden">
            Chapter {chapterNumber} of {chapterCount}:{' '}
          </span>
        </span>
        {title}
      </h1>
      <p className="lesson-say" data-testid="lesson-say" aria-live="polite">
        {say}
      </p>
      <FittedNarration candidates={candidates} reserveAs="height" />
    </section>
  );
}
