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
import { embedRoute } from './embed/route';
import { openEmbed } from './embed/drive';
import { readEmbedHash } from './embed/embedUrl';
// The most messages the page's starter holds for the player (the build writes it into the starter).
export { EARLY_MAX } from './embed/early';
import embedCss from './embed/embed.css?inline';
import { EMBED_FIRST_CSS, embedFirstFile, embedFirstLink } from './boot/embedFirst';

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

/** One preset's embed first view (renderEmbedFirstViews). */
export interface EmbedFirstView {
  preset: string;
  /** The embed link it is the first view of (boot/embedFirst.ts, embedFirstLink). */
  link: string;
  /** Where the build writes it, in dist/ (embedFirstFile). */
  file: string;
  /** The markup of the embed's first render for `link`. */
  html: string;
}

/**
 * The embed player's first view for each preset the build ships, one each, at the step of
 * boot/embedFirst.ts's EMBED_FIRST_STEPS: what the page draws first for that link (embedFirstLink). The page's starter
 * shows it for that link only, until the page draws its own over it (src/ui/boot/starter.ts).
 * `css` is the embed's own style sheet (it comes with the view's code, not in the page's), which
 * the build writes to `cssFile`, one copy for every view.
 * Throws where a link opens with problems (a step the run lacks), naming the preset.
 */
export async function renderEmbedFirstViews(): Promise<{ css: string; cssFile: string; views: EmbedFirstView[] }> {
  await preloadView('embed');
  const views: EmbedFirstView[] = [];
  try {
    for (const preset of PRESETS) {
      const link = embedFirstLink(preset.id);
      views.push({ preset: preset.id, link, file: embedFirstFile(preset.id), html: await renderEmbedLink(link) });
    }
  } finally {
    embedRoute.getState().close();
  }
  return { css: embedCss, cssFile: EMBED_FIRST_CSS, views };
}

/** The markup of the embed's first render for `link` (an embed link). */
async function renderEmbedLink(link: string): Promise<string> {
  const options = readEmbedHash(link);
  const store = createLabStore(undefined, { code: ALL_CODE });
  const session = createLessonSession(store);
  const problems = await openEmbed(store, options);
  if (problems.length) throw new Error(`the embed link ${link} opened with problems: ${problems.join('; ')}`);
  embedRoute.getState().show(options);
  // React on a server reads a store by its server snapshot, which zustand takes to be the store's
  // state as created: these are read as they stand now, opened and at the step.
  for (const opened of [store, session, embedRoute]) opened.getInitialState = opened.getState;
  return renderToString(
    <StrictMode>
      <Root store={store} session={session} />
    </StrictMode>,
  );
}
