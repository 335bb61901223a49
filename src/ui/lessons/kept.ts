// A teacher's own lessons, kept in the browser (localStorage) once imported, so they survive a
// reload and are listed under "My lessons". Invariant: reading never throws; a corrupt store or an
// entry that is not a Fencelab lesson is left out, with a sentence saying so.

import { LESSON_FORMAT } from '../../engine';

/** The localStorage key the kept lessons live under: a JSON list of lesson files as imported. */
export const KEPT_KEY = 'fencelab.myLessons';

/** Told on the window whenever this page changes the kept lessons. */
export const KEPT_EVENT = 'fencelab:my-lessons';

/** What of localStorage is used (a test passes a map). */
export type KeptStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** A kept lesson: its id and title for the list, and the file as imported (checked again when opened). */
interface KeptLesson {
  id: string;
  title: string;
  raw: Record<string, unknown>;
}

export interface KeptRead {
  lessons: KeptLesson[];
  /** What was left out and why, in words; null when everything was read. */
  problem: string | null;
}

const asKept = (entry: unknown): KeptLesson | null => {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return null;
  const raw = entry as Record<string, unknown>;
  if (raw.format !== LESSON_FORMAT || typeof raw.id !== 'string' || typeof raw.title !== 'string') return null;
  return { id: raw.id, title: raw.title, raw };
};

/** The lessons kept in this browser, in the order they were kept; never throws. */
export function readKept(storage: KeptStorage): KeptRead {
  let text: string | null;
  try {
    text = storage.getItem(KEPT_KEY);
  } catch {
    return { lessons: [], problem: 'This browser does not let the lab read the lessons kept in it.' };
  }
  if (text === null) return { lessons: [], problem: null };
  let list: unknown;
  try {
    list = JSON.parse(text);
  } catch {
    list = undefined;
  }
  if (!Array.isArray(list))
    return { lessons: [], problem: 'The lessons kept in this browser could not be read, so none is listed.' };
  const lessons = list.map(asKept).filter((l): l is KeptLesson => l !== null);
  const skipped = list.length - lessons.length;
  return {
    lessons,
    problem:
      skipped === 0
        ? null
        : `${skipped} of the lessons kept in this browser ${skipped === 1 ? 'is' : 'are'} not a Fencelab lesson, and ${skipped === 1 ? 'was' : 'were'} left out.`,
  };
}

function write(storage: KeptStorage, lessons: readonly KeptLesson[]): string | null {
  try {
    storage.setItem(KEPT_KEY, JSON.stringify(lessons.map((l) => l.raw)));
  } catch {
    return 'This browser did not let the lab keep the lesson (its storage may be full or turned off).';
  }
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(KEPT_EVENT));
  return null;
}

/**
 * Keeps a lesson file that has opened (so it passed validateLesson), replacing one kept with the
 * same id; entries that could not be read are dropped. Returns null, or why it could not be kept.
 */
export function keepLesson(storage: KeptStorage, raw: unknown): string | null {
  const lesson = asKept(raw);
  if (!lesson) return 'Only a Fencelab lesson can be kept.';
  const others = readKept(storage).lessons.filter((l) => l.id !== lesson.id);
  return write(storage, [...others, lesson]);
}

/** Removes the kept lesson with this id (nothing if there is none). Returns null, or why not. */
export function removeKept(storage: KeptStorage, id: string): string | null {
  return write(
    storage,
    readKept(storage).lessons.filter((l) => l.id !== id),
  );
}
