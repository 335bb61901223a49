// The lessons' public surface: the shipped walkthroughs, the lesson file's checker and the
// questions' answers read from a trace. Loaded by the lesson view when a lesson is first opened,
// so a page that never opens one (the embed player, the lab alone) never loads them. The lesson
// file's format (types and LESSON_FORMAT) is in the core surface, ../index.ts.

// A lesson's chapters run under several strategies: checking a lesson (validateLesson) runs them
// with the simulator it is given, which a page makes from every model (src/ui/lessons/session.ts).

export { LESSONS, findLesson } from '../lessons';
export { validateLesson, scenarioOfRun, type KnownRuns, type LessonResult } from '../lessons/validate';
export { holderAt, believersAt, maxSeenAfter } from '../lessons/questions';
