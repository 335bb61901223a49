// Lesson links: every chapter and step has one, and a run taken over from a lesson keeps the way
// back in its own link.
//   #lesson=ID&chapter=CHAPTER&step=STEP[&answer=N|shown][&present]
//                                                    a lesson at a step (ids or numbers from 1),
//                                                    its question answered (choice N from 1) or
//                                                    its answer shown without a choice
//   #…lab link…&from=ID/CHAPTER/STEP[/N|/shown]       the lab, taken over from that step (and
//                                                    its answer, once shown)
// The links' text is read and written by the link grammar (link/grammar.ts); this module finds
// what they name in a lesson. Invariant: reading a link never throws. A lesson link naming a chapter or step the lesson lacks
// is refused in words (a number past the end opens the last); a lab link's way back to one (from=)
// leads to the lesson's start instead, leaving the lab it opened as it is.

import type { Lesson, ResolvedStep } from '../../engine';
import { fromLinkText, lessonLinkText, readFromLink, readLessonLink, type LessonLink } from '../link/grammar';
import { holdPresentKey } from './earlyKeys';
import type { Answer, LessonSession, LessonState, OpenOptions, Place, PlaceFinder } from './session';

/** A chapter or step named by id, or by its number from 1 (past the end: the last); -1 for a name
 * it does not have. */
function indexOf<T>(items: readonly T[], name: string | undefined, idOf: (item: T) => string): number {
  if (name === undefined) return 0;
  const byId = items.findIndex((item) => idOf(item) === name);
  if (byId >= 0) return byId;
  const n = Number(name);
  return /^\d+$/.test(name) && n >= 1 ? Math.min(n, items.length) - 1 : -1;
}

/** Finds a link's chapter and step in the lesson once it is read; a chapter or step the lesson
 * does not have is said in words (a hand-edited link), and the lesson is not opened. */
export const placeFinder =
  (link: LessonLink): PlaceFinder =>
  (lesson: Lesson, chapters: ResolvedStep[][]) => {
    const chapter = indexOf(lesson.chapters, link.chapter, (c) => c.id);
    if (chapter < 0)
      return `the link names a chapter "${link.chapter}" the lesson does not have (its chapters: ${lesson.chapters.map((c) => c.id).join(', ')}, or a number from 1 to ${lesson.chapters.length})`;
    const steps = chapters[chapter] ?? [];
    const step = indexOf(steps, link.step, (s) => s.id);
    if (step < 0)
      return `the link names a part "${link.step}" that chapter "${lesson.chapters[chapter]!.id}" does not have (its parts: ${steps.map((s) => s.id).join(', ')}, or a number from 1 to ${steps.length})`;
    return { chapter, step };
  };

/** The lesson the lab's "Lesson for a class" opens (a test holds it to the first shipped one). */
export const FIRST_LESSON_ID = 'fencing-tokens';

/** The ids of a place: `the-race`, `t4`. */
function ids(state: Pick<LessonState, 'lesson' | 'chapters'>, place: Place): [string, string] {
  const chapter = state.lesson!.chapters[place.chapter]!.id;
  return [chapter, state.chapters[place.chapter]?.[place.step]?.id ?? String(place.step + 1)];
}

/** The link of a lesson step (a hash); `answer`: its question already answered (a reload keeps it). */
export function lessonHash(
  state: Pick<LessonState, 'lesson' | 'chapters' | 'presenting'>,
  place: Place,
  answer?: Answer,
): string {
  const [chapter, step] = ids(state, place);
  return lessonLinkText({ lesson: state.lesson!.id, chapter, step, present: state.presenting, answer });
}

/**
 * What a lab link carries while taken over from a lesson: `&from=ID/CHAPTER/STEP`, with `/N` or
 * `/shown` after it once the step's answer was shown (see lessonHash), or ''.
 */
export function fromSuffix(
  state: Pick<LessonState, 'lesson' | 'chapters' | 'active' | 'place' | 'phase' | 'chosen'>,
): string {
  if (!state.lesson || state.active) return '';
  const [chapter, step] = ids(state, state.place);
  const answer = state.phase === 'revealed' ? { answer: state.chosen ?? ('shown' as const) } : {};
  return fromLinkText({ lesson: state.lesson.id, chapter, step, ...answer });
}

/** The route urlSync follows for lessons: their own links while a lesson is on screen, the way
 * back on the lab's links after a take-over. */
export function lessonRoute(session: LessonSession) {
  return {
    hash: () => {
      const s = session.getState();
      if (!s.lesson || !s.active) return null;
      return lessonHash(s, s.place, s.phase === 'revealed' ? (s.chosen ?? 'shown') : undefined);
    },
    suffix: () => fromSuffix(session.getState()),
    subscribe: (listener: () => void) => session.subscribe(listener),
    /** Opens a lesson link typed or pasted into the address bar; false when the hash is no lesson's. */
    open(hash: string): boolean {
      const link = readLessonLink(hash);
      if (link) {
        // P pressed while the lesson loads is held for its view, which takes it as it starts to
        // listen (LessonView); a lesson that does not open (or gives way to a later link) drops it.
        const hold = typeof document === 'undefined' ? null : holdPresentKey(document);
        void session
          .getState()
          .open(link.lesson, placeFinder(link), { presenting: link.present, answer: link.answer })
          .then((opened) => opened || hold?.take());
        return true;
      }
      // A lab link: the lesson gives way to it, keeping the way back if the link has one.
      adoptFrom(session, hash);
      return false;
    },
  };
}

/** Makes the session match a lab link: taken over from the lesson step its `from=` names, or no
 * lesson at all. */
export function adoptFrom(session: LessonSession, hash: string): void {
  const from = readFromLink(hash);
  const s = session.getState();
  if (!from) {
    if (s.lesson) s.close();
    else s.abandon(); // a lesson still loading gives way to the link too
    return;
  }
  // The lab is open and fine: a way back whose chapter or part is gone (a lesson edited since the
  // link was made) leads to the lesson's start rather than an error over it.
  // The answer was that part's: it is dropped with it (open() reads it once the place is found).
  const options: OpenOptions = { inactive: true, answer: from.answer };
  const find = placeFinder(from);
  const orStart: PlaceFinder = (lesson, chapters) => {
    const found = find(lesson, chapters);
    if (typeof found !== 'string') return found;
    delete options.answer;
    return {};
  };
  void s.open(from.lesson, orStart, options);
}
