// What the page shows: the lab, or a lesson over the same lab store. The lesson's views load when
// a lesson is first opened, so the lab alone never pays for them.
// The "Real servers" view (recorded/) and the embed (embed/) take the page while their link is
// open, and load the same way.

import { lazy, Suspense } from 'react';
import { useStore } from 'zustand';
import { App } from './App';
import type { LabStore } from './store/labStore';
import type { LessonSession } from './lessons/session';
import { recordedRoute } from './recorded/route';
import { embedRoute } from './embed/route';

const LessonView = lazy(() => import('./lessons/LessonView'));
const RecordedView = lazy(() => import('./recorded/RecordedView'));
const EmbedView = lazy(() => import('./embed/EmbedView'));

export interface RootProps {
  store: LabStore;
  session: LessonSession;
  flushUrl?: () => Promise<void> | void;
}

export function Root({ store, session, flushUrl }: RootProps) {
  const active = useStore(session, (s) => s.active && s.lesson !== null);
  const recorded = useStore(recordedRoute, (s) => s.open);
  const embedded = useStore(embedRoute, (s) => s.options !== null);
  if (embedded)
    return (
      <Suspense fallback={null}>
        <EmbedView store={store} />
      </Suspense>
    );
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
