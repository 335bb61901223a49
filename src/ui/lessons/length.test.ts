// The lengths the lab's header says before the lessons load are the lessons' own.
import { describe, expect, it } from 'vitest';
import { LESSONS } from '../../engine/surfaces/lessons';
import { lengthText, lessonLength, SHIPPED_LESSONS } from './length';

describe('a lesson’s length', () => {
  it('lists every shipped lesson, with the parts, questions and minutes it has', () => {
    expect(SHIPPED_LESSONS.map((l) => l.id)).toEqual(LESSONS.map((l) => l.id));
    for (const shipped of SHIPPED_LESSONS)
      expect(shipped.length, shipped.id).toEqual(lessonLength(LESSONS.find((l) => l.id === shipped.id)!));
  });

  it('says it in words, leaving out minutes a lesson does not give', () => {
    expect(lengthText({ parts: 12, questions: 8, minutes: 15 })).toBe('12 parts · 8 questions · about 15 minutes');
    expect(lengthText({ parts: 1, questions: 0 })).toBe('1 part · 0 questions');
  });
});
