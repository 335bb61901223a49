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
import { ALL_CODE } from './store/allCode';
import { createLessonSession } from './lessons/session';
import { PRESETS } from '../engine';
import { DEFAULT_PRESET_ID } from './store/presetOf';
import { PAGE_PRESETS } from './store/presets';
import { STEP_LABEL } from './store/url';
import { embedRoute } from './embed/route';
import { openEmbed } from './embed/drive';
import { readEmbedHash } from './embed/embedUrl';
// The most messages the page's starter holds for the player (the build writes it into the starter).
export { EARLY_MAX } from './embed/early';
import embedCss from './embed/embed.css?inline';

/** The presets whose runs the build ships (scripts/shipped-runs.ts writes one for each), the
 * one every page starts from, and those that come with the page (store/presets.ts): the page's
 * starter asks for their runs, and for the other presets' file where an embed needs it
 * (scripts/first-view.mjs). */
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

/** One embed link's first view (renderEmbedFirstViews). */
export interface EmbedFirstView {
  preset: string;
  /** The link's step= (a step's index, or its label), or null for a link with none. */
  step: string | null;
  /** The markup of the embed's first render for `#embed&preset=PRESET[&step=STEP]`. */
  html: string;
}

/**
 * The embed player's first view for each preset the build ships, opened with no step, and at each
 * step by its index and by its label: what the page draws first for `#embed&preset=ID&step=STEP`
 * (and for such a link with what changes nothing drawn: scripts/first-view.mjs, embedFirstOf). The page's starter shows it
 * as soon as it has come, and the page draws its own over it (scripts/first-view.mjs). `css` is
 * the embed's own style sheet, which comes with the view's code, not in the page's.
 */
export async function renderEmbedFirstViews(): Promise<{ css: string; views: EmbedFirstView[] }> {
  await preloadView('embed');
  const views: EmbedFirstView[] = [];
  try {
    for (const preset of PRESETS) {
      const options = readEmbedHash(`#embed&preset=${encodeURIComponent(preset.id)}`);
      const store = createLabStore(undefined, { code: ALL_CODE });
      const session = createLessonSession(store);
      const problems = await openEmbed(store, options);
      if (problems.length) throw new Error(`the embed of ${preset.id} opened with problems: ${problems.join('; ')}`);
      embedRoute.getState().show(options);
      // React on a server reads a store by its server snapshot, which zustand takes to be the
      // store's state as created: these are read as they stand now, opened and at the step.
      for (const opened of [store, session, embedRoute]) opened.getInitialState = opened.getState;
      const render = () =>
        renderToString(
          <StrictMode>
            <Root store={store} session={session} />
          </StrictMode>,
        );
      views.push({ preset: preset.id, step: null, html: render() });
      const labels = new Set<string>();
      store.getState().trace.steps.forEach((step, at) => {
        store.getState().seek(at);
        const html = render();
        views.push({ preset: preset.id, step: String(at), html });
        if (!step.label) return;
        // A link names a label only as store/url.ts reads one (STEP_LABEL), and one file a label.
        if (!STEP_LABEL.test(step.label) || labels.has(step.label))
          throw new Error(`${preset.id} has a label no link can open its step by: "${step.label}" (at step ${at})`);
        labels.add(step.label);
        views.push({ preset: preset.id, step: step.label, html });
      });
    }
  } finally {
    embedRoute.getState().close();
  }
  return { css: embedCss, views };
}
