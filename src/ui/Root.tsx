// What the page shows: the lab, or a lesson over the same lab store. Every view loads when first
// shown (views.ts), so the embed player never loads the lab's panels and the lab alone never
// pays for the lessons. The "Real servers" view (recorded/) and the embed (embed/) take the page
// while their link is open.

import { Suspense, useEffect } from 'react';
import { useStore } from 'zustand';
import type { LabStore } from './store/labStore';
import type { LessonSession } from './lessons/session';
import { recordedRoute } from './recorded/route';
import { embedRoute } from './embed/route';
import { viewComponent, type ViewName } from './views';
import { ViewBoundary } from './layout/ViewBoundary';

export interface RootProps {
  store: LabStore;
  session: LessonSession;
  flushUrl?: () => Promise<void> | void;
  /** Called once the page's first render has been committed, its handlers attached (main.tsx then
   * hands the build's first view over to the page). */
  onShown?: () => void;
}

/** The view the page shows now. */
export function currentView(session: LessonSession): ViewName {
  if (embedRoute.getState().options !== null) return 'embed';
  if (recordedRoute.getState().open) return 'recorded';
  const { active, lesson } = session.getState();
  return active && lesson !== null ? 'lesson' : 'lab';
}

export function Root({ onShown, ...props }: RootProps) {
  // After the first commit: the page's own view is in place (drawn afresh, or the first view hydrated).
  useEffect(() => onShown?.(), [onShown]);
  return (
    <ViewBoundary>
      <View {...props} />
    </ViewBoundary>
  );
}

function View({ store, session, flushUrl }: RootProps) {
  const active = useStore(session, (s) => s.active && s.lesson !== null);
  const recorded = useStore(recordedRoute, (s) => s.open);
  const embedded = useStore(embedRoute, (s) => s.options !== null);
  const [App, LessonView, RecordedView, EmbedView] = [
    viewComponent('lab'),
    viewComponent('lesson'),
    viewComponent('recorded'),
    viewComponent('embed'),
  ];
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
  return (
    <Suspense fallback={<p className="loading">Opening the lab…</p>}>
      <App store={store} session={session} flushUrl={flushUrl} />
    </Suspense>
  );
}
