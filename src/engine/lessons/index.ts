// The lessons the lab ships, and the tools to read a teacher's own.

import { FENCING_101 } from './fencing101';
import { FENCING_15 } from './class15';
import type { Lesson } from './format';

export const LESSONS: readonly Lesson[] = [FENCING_101, FENCING_15];

export function findLesson(id: string): Lesson | undefined {
  return LESSONS.find((l) => l.id === id);
}
