// The page's views, each loaded when first shown: the lab, a lesson, the real servers' recordings
// and the embed player. main.tsx starts loading the one the link names while the run is being
// computed, so the first render waits for one of them, never for all four; Root shows them.

import type { ComponentType } from 'react';
import type { AppProps } from './App';
import type { LabStore } from './store/labStore';
import type { LessonSession } from './lessons/session';
import { isEmbedHash } from './embed/embedUrl';
import { readRecordedLink } from './recorded/route';
import { hashParams } from './store/url';

/** Which view the page shows. */
export type ViewName = 'lab' | 'lesson' | 'recorded' | 'embed';

type Loaded<P> = Promise<{ default: ComponentType<P> }>;

export const loadApp = (): Loaded<AppProps> => import('./App').then((m) => ({ default: m.App }));
export const loadLessonView = (): Loaded<{ store: LabStore; session: LessonSession }> => import('./lessons/LessonView');
export const loadRecordedView = (): Loaded<object> => import('./recorded/RecordedView');
export const loadEmbedView = (): Loaded<{ store: LabStore }> => import('./embed/EmbedView');

/** Starts loading a view's code (the module cache makes a second call free). */
export function preloadView(view: ViewName): Promise<unknown> {
  const load = { lab: loadApp, lesson: loadLessonView, recorded: loadRecordedView, embed: loadEmbedView }[view];
  return load();
}

/** The view a link opens, from its text alone (a lesson link whose lesson is missing still opens
 * the lab; Root's currentView has the last word). */
export function viewOfLink(hash: string): ViewName {
  if (isEmbedHash(hash)) return 'embed';
  if (readRecordedLink(hash)) return 'recorded';
  return hashParams(hash).has('lesson') ? 'lesson' : 'lab';
}
