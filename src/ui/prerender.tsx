// The lab's first view as HTML, for the build to put in index.html (vite.config.ts): the page then
// shows the default run as soon as its HTML (which carries the styles) has come, before any script
// has run; main.tsx then takes it over as it is (React hydrates it) where the page has no link.
// It must be exactly what the page's first render draws (e2e/firstpaint.spec.ts holds it to that).
// Built for Node only; its lab stores run every model, linked in.

import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Root } from './Root';
import { preloadView } from './views';
import { createLabStore } from './store/labStore';
import { ALL_CODE } from './store/code/allCode';
import { createLessonSession } from './lessons/session';
import { PRESETS } from '../engine';
import { DEFAULT_PRESET_ID } from './store/code/presetOf';
import { PAGE_PRESETS } from './store/code/presets';

/** The presets whose runs the build ships (scripts/shipped-runs.ts writes one for each), the
 * one every page starts from, and those that come with the page (store/code/presets.ts): the page's
 * starter asks for their runs, and for the other presets' file where an embed needs it
 * (src/ui/boot/starter.ts). */
export const shippedPresets = (): { ids: string[]; fallback: string; withPage: string[] } => ({
  ids: PRESETS.map((preset) => preset.id),
  fallback: DEFAULT_PRESET_ID,
  withPage: PAGE_PRESETS.map((preset) => preset.id),
});

/** The markup of the lab at the default scenario's first step, as its first render draws it. */
export async function renderFirstView(): Promise<string> {
  await preloadView('lab');
  const store = createLabStore(undefined, { code: ALL_CODE });
  const session = createLessonSession(store);
  return renderToString(
    <StrictMode>
      <Root store={store} session={session} />
    </StrictMode>,
  );
}
