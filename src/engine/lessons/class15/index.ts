// The fifteen-minute lesson: the full course's ten essentials in 12 parts and 8 questions, each
// part a run the lab already ships.

import { LESSON_FORMAT, LESSON_VERSION, type Lesson } from '../format';
import { fixChapter, zombieChapter } from './zombie';
import { limitsChapter, sourcesChapter } from './sources';

export const FENCING_15: Lesson = {
  format: LESSON_FORMAT,
  version: LESSON_VERSION,
  id: 'fencing-in-15',
  title: 'Fencing tokens in fifteen minutes',
  summary:
    'The zombie, the fix and its pitfalls, the real systems, and what fencing does not cover: twelve parts and eight questions, for one class period.',
  minutes: 15,
  chapters: [zombieChapter, fixChapter, sourcesChapter, limitsChapter],
};
