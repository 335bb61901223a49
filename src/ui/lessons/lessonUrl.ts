// Lesson links: every chapter and step has one, and a run taken over from a lesson keeps the way
// back in its own link.
//   #lesson=ID&chapter=CHAPTER&step=STEP[&answer=N|shown][&present]
//                                                    a lesson at a step (ids or numbers from 1),
//                                                    its question answered (choice N from 1) or
//                                                    its answer shown without a choice
//   #…lab link…&from=ID/CHAPTER/STEP[/N|/shown]       the lab, taken over from that step (and
//                                                    its answer, once shown)
// Invariant: reading a link never throws. A lesson link naming a chapter or step the lesson lacks
// is refused in words (a number past the end opens the last); a lab link's way back to one (from=)
// leads to the lesson's start instead, leaving the lab it opened as it is.

import type { Lesson, ResolvedStep } from '../../engine';
import { hashParams } from '../store/url';
import { holdPresentKey } from './earlyKeys';
import type { Answer, LessonSession, LessonState, OpenOptions, Place, PlaceFinder } from './session';

/** The hash parameters of a link (url.ts splits them), each value URI-decoded where it can be. */
function params(hash: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of hashParams(hash)) {
    try {
      out.set(key, decodeURIComponent(value));
    } catch {
      out.set(key, value);
    }
  }
  return out;
}

export interface LessonLink {
  lesson: string;
  chapter?: string;
  step?: string;
  present: boolean;
  /** The step's question already answered: the choice (from 0), or 'shown' (revealed with none). */
  answer?: Answer;
}

/** `answer=` of a link: a choice number from 1, or 'shown'; anything else is no answer. */
function readAnswer(value: string | undefined): Answer | undefined {
  if (value === 'shown') return 'shown';
  return value !== undefined && /^[1-9]\d{0,2}$/.test(value) ? Number(value) - 1 : undefined;
}

/** The lesson a hash opens, or null when it names none. */
export function readLessonLink(hash: string): LessonLink | null {
  const p = params(hash);
  const lesson = p.get('lesson');
  if (!lesson) return null;
  return {
    lesson,
    chapter: p.get('chapter'),
    step: p.get('step'),
    present: p.has('present'),
    answer: readAnswer(p.get('answer')),
  };
}

/** The lesson step a lab link was taken over from, or null. */
export function readFromLink(hash: string): LessonLink | null {
  const from = params(hash).get('from');
  if (!from) return null;
  const [lesson, chapter, step, answer] = from.split('/');
  return lesson ? { lesson, chapter, step, present: false, answer: readAnswer(answer) } : null;
}

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
  const parts = [`lesson=${state.lesson!.id}`, `chapter=${chapter}`, `step=${encodeURIComponent(step)}`];
  if (answer !== undefined) parts.push(`answer=${answer === 'shown' ? 'shown' : answer + 1}`);
  if (state.presenting) parts.push('present');
  return `#${parts.join('&')}`;
}

/**
 * What a lab link carries while taken over from a lesson: `&from=ID/CHAPTER/STEP`, with `/N` or
 * `/shown` after it once the step's answer was shown (see lessonHash), or ''.
 */
export function fromSuffix(
  state: Pick<LessonState, 'lesson' | 'chapters' | 'active' | 'place' | 'phase' | 'chosen'>,
): string {
  if (!state.lesson || state.active) return '';
  const answer = state.phase === 'revealed' ? [String(state.chosen === null ? 'shown' : state.chosen + 1)] : [];
  return `&from=${[state.lesson.id, ...ids(state, state.place), ...answer].map(encodeURIComponent).join('/')}`;
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
