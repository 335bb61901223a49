// A teacher's lessons kept in the browser: kept, listed, replaced, removed; a corrupt or foreign
// entry left out with a sentence, never a throw.
import { describe, expect, it } from 'vitest';
import { KEPT_KEY, keepLesson, readKept, removeKept, type KeptStorage } from './kept';

const memory = (initial?: string): KeptStorage & { map: Map<string, string> } => {
  const map = new Map<string, string>(initial === undefined ? [] : [[KEPT_KEY, initial]]);
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v) };
};
const lesson = (id: string, title = `Lesson ${id}`) => ({
  format: 'fencelab.lesson',
  version: 1,
  id,
  title,
  summary: 's',
  chapters: [],
});

describe('kept lessons', () => {
  it('keeps a lesson, lists it after a reload (a new read), replaces one of the same id, and removes it', () => {
    const storage = memory();
    expect(readKept(storage)).toEqual({ lessons: [], problem: null });
    expect(keepLesson(storage, lesson('ours'))).toBeNull();
    expect(keepLesson(storage, lesson('theirs'))).toBeNull();
    expect(keepLesson(storage, lesson('ours', 'Ours, again'))).toBeNull();
    const read = readKept(memory(storage.map.get(KEPT_KEY)));
    expect(read.problem).toBeNull();
    expect(read.lessons.map((l) => [l.id, l.title])).toEqual([
      ['theirs', 'Lesson theirs'],
      ['ours', 'Ours, again'],
    ]);
    expect(read.lessons[1]!.raw).toEqual(lesson('ours', 'Ours, again'));
    expect(removeKept(storage, 'theirs')).toBeNull();
    expect(readKept(storage).lessons.map((l) => l.id)).toEqual(['ours']);
  });

  it('leaves out a corrupt store or a foreign entry, saying so, and never throws', () => {
    expect(readKept(memory('{not json'))).toEqual({
      lessons: [],
      problem: 'The lessons kept in this browser could not be read, so none is listed.',
    });
    expect(readKept(memory('{"a":1}')).problem).toMatch(/could not be read/);
    const mixed = readKept(memory(JSON.stringify([lesson('ok'), { format: 'fencelab.scenario' }, 3, null])));
    expect(mixed.lessons.map((l) => l.id)).toEqual(['ok']);
    expect(mixed.problem).toBe('3 of the lessons kept in this browser are not a Fencelab lesson, and were left out.');
    const denied: KeptStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(readKept(denied).problem).toMatch(/does not let the lab read/);
    expect(keepLesson(denied, lesson('x'))).toMatch(/did not let the lab keep the lesson/);
    expect(keepLesson(memory(), { format: 'fencelab.scenario' })).toBe('Only a Fencelab lesson can be kept.');
  });
});
