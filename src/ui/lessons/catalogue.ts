// What a lesson session fetches as a lesson is first opened: the lessons' engine code and every
// strategy's model, so a page that never opens a lesson never loads them.

import type { Simulator } from '../../engine';
import type * as LessonsSurface from '../../engine/surfaces/lessons';
import type { CodeLoader } from '../store/code/loading';

/** What the session needs of the lessons' engine surface (loaded when a lesson is first opened). */
export interface LessonCatalogue extends Pick<typeof LessonsSurface, 'findLesson' | 'validateLesson'> {
  /** Runs a lesson's runs as it is checked: given every strategy's model. */
  simulator: Simulator;
}

/**
 * The lessons' engine code and every strategy's model, fetched through `code` when a lesson is
 * first opened: a page that never opens one never loads them. A lesson's chapters run under
 * several strategies; with `code` the lab's store too has them all, so it runs each step at once.
 */
export const lessonCatalogue = (code: Pick<CodeLoader, 'loadAll'>) => (): Promise<LessonCatalogue> =>
  Promise.all([import('../../engine/surfaces/lessons'), code.loadAll()]).then(([lessons, simulator]) => ({
    findLesson: lessons.findLesson,
    validateLesson: lessons.validateLesson,
    simulator,
  }));
