// What the page shows: the lab, or a lesson over the same lab store. The lesson's views load when
// a lesson is first opened, so the lab alone never pays for them.
// The "Real servers" view (recorded/) takes the page while its link is open, and loads the same way.

import { lazy, Suspense } from 'react';
import { useStore } from 'zustand';
import { App } from './App';
import type { LabStore } from './store/labStore';
import type { LessonSession } from './lessons/session';
import { recordedRoute } from './recorded/route';

const LessonView = lazy(() => import('./lessons/LessonView'));
const RecordedView = lazy(() => import('./recorded/RecordedView'));

export interface RootProps {
  store: LabStore;
  session: LessonSession;
  flushUrl?: () => Promise<void> | void;
}

export function Root({ store, session, flushUrl }: RootProps) {
  const active = useStore(session, (s) => s.active && s.lesson !== null);
  const recorded = useStore(recordedRoute, (s) => s.open);
  if (recorded)
    return (
      <Suspense fallback={<p className="loading">Opening the recordings…</p>}>
        <RecordedView />
      </Suspense>
    );
  if (active)
    return (
      <Suspense fallback={<p className="loading">Opening the lesson…</p>}>
        <LessonView store={store} session={session} />
      </Suspense>
    );
  return <App store={store} session={session} flushUrl={flushUrl} />;
}
