// How long a lesson is, as the lab says it where lessons are listed and opened: its parts (steps),
// its questions, and the minutes its author timed.

import type { Lesson } from '../../engine';

export interface LessonLength {
  parts: number;
  questions: number;
  /** As the lesson's author timed it with a class; absent when the lesson does not say. */
  minutes?: number;
}

/** A lesson's parts (every step of every chapter) and questions, and its `minutes` if it gives them. */
export function lessonLength(lesson: Pick<Lesson, 'chapters' | 'minutes'>): LessonLength {
  const steps = lesson.chapters.flatMap((c) => c.steps);
  const length: LessonLength = { parts: steps.length, questions: steps.filter((s) => s.ask).length };
  return lesson.minutes === undefined ? length : { ...length, minutes: lesson.minutes };
}

/** "12 parts · 8 questions · about 15 minutes" (the minutes left out when the lesson gives none). */
export function lengthText({ parts, questions, minutes }: LessonLength): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const said = [plural(parts, 'part'), plural(questions, 'question')];
  if (minutes !== undefined) said.push(`about ${plural(minutes, 'minute')}`);
  return said.join(' · ');
}

/** The lessons the lab ships, as its header lists them before their code has loaded (a unit test
 * holds each length to the lesson's own). */
export const SHIPPED_LESSONS: readonly { id: string; name: string; length: LessonLength }[] = [
  { id: 'fencing-tokens', name: 'Lesson for a class', length: { parts: 50, questions: 27, minutes: 40 } },
  { id: 'fencing-in-15', name: '15-minute lesson', length: { parts: 12, questions: 8, minutes: 15 } },
];
