// What the teacher says at this step, with where the lesson is, above the engine's own sentence
// for the step at the cursor (and its comparison, 33 <= 34 -> REJECT).

import { Narration } from '../narration/Narration';
import { stepOf, useLesson } from './useLesson';

export function Talk() {
  const { title, chapterNumber, chapterCount, stepNumber, stepCount, say } = useLesson((s) => ({
    title: s.lesson?.chapters[s.place.chapter]?.title ?? '',
    chapterNumber: s.place.chapter + 1,
    chapterCount: s.chapters.length,
    stepNumber: s.place.step + 1,
    stepCount: s.chapters[s.place.chapter]?.length ?? 0,
    say: stepOf(s)?.say ?? '',
  }));
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
      <Narration />
    </section>
  );
}
