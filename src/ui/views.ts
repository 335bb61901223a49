// The page's views, each loaded when first shown: the lab, a lesson, the real servers' recordings
// and the embed player. main.tsx starts loading the one the link names while the run is being
// computed, so the first render waits for one of them, never for all four; Root shows them.

import { lazy, type ComponentType } from 'react';
import type { AppProps } from './App';
import type { LabStore } from './store/labStore';
import type { LessonSession } from './lessons/session';
import type { ViewName } from './link/grammar';
import { fetchingCode } from './layout/codeFetch';

export { viewOfLink, type ViewName } from './link/grammar';

interface ViewProps {
  lab: AppProps;
  lesson: { store: LabStore; session: LessonSession };
  recorded: object;
  embed: { store: LabStore };
}

type Loader<V extends ViewName> = () => Promise<{ default: ComponentType<ViewProps[V]> }>;

// A failure to fetch a view's code is marked as such, so ViewBoundary tells it from a failure to draw.
const loaders: { [V in ViewName]: Loader<V> } = {
  lab: fetchingCode('the lab', () => import('./App').then((m) => ({ default: m.App }))),
  lesson: fetchingCode('the lessons', () => import('./lessons/LessonView')),
  recorded: fetchingCode('the real servers’ view', () => import('./recorded/RecordedView')),
  embed: fetchingCode('the player', () => import('./embed/EmbedView')),
};

/** The views whose code has loaded, drawn at once (a lazy one would show its fallback first). */
const ready: { [V in ViewName]?: ComponentType<ViewProps[V]> } = {};
/** Each view as React.lazy, for a view shown before its code has loaded. */
const lazies: { [V in ViewName]?: ComponentType<ViewProps[V]> } = {};

/** Starts loading a view's code (a second call is free); resolves once it can be drawn at once. */
export function preloadView(view: ViewName): Promise<unknown> {
  return loaders[view]().then((m) => {
    (ready as Record<ViewName, unknown>)[view] = m.default;
  });
}

/** The component to draw a view with: its own once loaded, else a lazy one (wrap in Suspense). */
export function viewComponent<V extends ViewName>(view: V): ComponentType<ViewProps[V]> {
  const loaded = ready[view] as ComponentType<ViewProps[V]> | undefined;
  if (loaded) return loaded;
  let made = lazies[view] as ComponentType<ViewProps[V]> | undefined;
  if (!made) {
    made = lazy(loaders[view]) as ComponentType<ViewProps[V]>;
    (lazies as Record<ViewName, unknown>)[view] = made;
  }
  return made;
}
