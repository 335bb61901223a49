// The React binding of a lesson session: one selector per component, compared shallowly, as the
// lab's store binding does.

import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import type { ResolvedStep } from '../../engine';
import type { LessonActions, LessonSession, LessonState } from './session';

export const SessionContext = createContext<LessonSession | null>(null);

export function useSession(): LessonSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('Fencelab: a lesson component was used outside its lesson.');
  return session;
}

export function useLesson<T>(selector: (state: LessonState & LessonActions) => T): T {
  return useStore(useSession(), useShallow(selector));
}

/** The step the lesson is at. */
export const stepOf = (s: LessonState): ResolvedStep | undefined => s.chapters[s.place.chapter]?.[s.place.step];
