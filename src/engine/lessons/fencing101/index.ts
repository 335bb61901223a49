// The walkthrough that follows the article on fencing tokens, chapter by chapter, in its order.

import { LESSON_FORMAT, LESSON_VERSION, type Lesson } from '../format';
import { alternativesChapter } from './alternatives';
import { breakItChapter } from './breakit';
import { comparisonChapter, mattersChapter } from './closing';
import { pitfallsChapter } from './pitfalls';
import { orderChapter, raceChapter } from './race';
import { systemsChapter } from './systems';
import { dutiesChapter, whyChapter } from './why';

export const FENCING_101: Lesson = {
  format: LESSON_FORMAT,
  version: LESSON_VERSION,
  id: 'fencing-tokens',
  title: 'Fencing tokens, from the zombie to the fix',
  summary:
    'Why a client that was granted a lock can still corrupt data, and how a number that only grows, checked by the store, stops it. Ten chapters, the whole article and a turn at breaking it: about forty minutes with a class.',
  minutes: 40,
  chapters: [
    whyChapter,
    dutiesChapter,
    raceChapter,
    orderChapter,
    systemsChapter,
    alternativesChapter,
    pitfallsChapter,
    breakItChapter,
    comparisonChapter,
    mattersChapter,
  ],
};
