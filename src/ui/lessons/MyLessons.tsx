// "My lessons": the lessons a teacher imported, kept in this browser (kept.ts), listed in the lab's
// header to open again or remove. An imported lesson is kept once it has opened (it passed the
// checks); a kept one is checked again when opened.

import { useEffect, useState } from 'react';
import type { LessonSession } from './session';
import { KEPT_EVENT, keepLesson, readKept, removeKept, type KeptRead } from './kept';

const storage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

/** Opens a lesson file (imported, from the lab or presenting) and keeps it once it has opened. */
export async function openAndKeep(session: LessonSession, raw: unknown, source: string): Promise<void> {
  const opened = await session.getState().open(raw, {}, { source });
  const kept = storage();
  if (opened && kept) {
    const problem = keepLesson(kept, raw);
    if (problem) console.warn(problem);
  }
}

function useKept(): KeptRead {
  const read = () => {
    const kept = storage();
    return kept ? readKept(kept) : { lessons: [], problem: null };
  };
  const [state, setState] = useState(read);
  useEffect(() => {
    const update = () => setState(read());
    window.addEventListener(KEPT_EVENT, update);
    window.addEventListener('storage', update);
    return () => {
      window.removeEventListener(KEPT_EVENT, update);
      window.removeEventListener('storage', update);
    };
  }, []);
  return state;
}

export function MyLessons({ session }: { session: LessonSession }) {
  const { lessons, problem } = useKept();
  if (lessons.length === 0 && !problem) return null;
  return (
    <details className="my-lessons">
      <summary>My lessons</summary>
      <div className="my-lessons-list" role="group" aria-label="My lessons">
        {problem && <p className="my-lessons-problem">{problem}</p>}
        <ul>
          {lessons.map((l) => (
            <li key={l.id}>
              <button
                type="button"
                className="link"
                onClick={() => void session.getState().open(l.raw, {}, { source: `your kept lesson "${l.title}"` })}
              >
                {l.title}
              </button>
              <button
                type="button"
                className="link my-lessons-remove"
                aria-label={`Remove ${l.title} from this browser`}
                onClick={() => {
                  const kept = storage();
                  if (kept) removeKept(kept, l.id);
                }}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}
