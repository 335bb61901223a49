// Browser entry point: builds the store, opens what the URL names (or the default scenario),
// starts playback and URL syncing, and mounts the app. Nothing else belongs here.

import { StrictMode, startTransition } from 'react';
import { Root, currentView } from './Root.tsx';
import { preloadView, viewOfLink } from './views';
import { createLabStore } from './store/labStore';
import { createLessonSession } from './lessons/session';
import { adoptFrom, lessonRoute } from './lessons/lessonUrl';
import { withRecordings } from './recorded/route';
import { embedRoute, withEmbed } from './embed/route';
import { openEmbed } from './embed/drive';
import { holdEarlyMessages } from './embed/early';
import { isEmbedHash } from './embed/embedUrl';
import { createTraceRunner } from './workers/background';
import { PAGE_CODE, prepareRun } from './store/code/loading';
import { defaultScenario } from './store/code/presetOf';
import { startPlayer } from './store/pacing/player';
import { openFromHash, syncUrl } from './store/link/urlSync';
import { decodeHash } from './store/link/url';
import './styles/base.css';
import './styles/panels.css';
import './styles/cards.css';
import './styles/tables.css';
import './styles/side.css';
// What every view draws (the narration, the timeline, the transport, the error banner) comes
// with the page itself, fetched alongside it rather than after it with the view's own code. After
// the page's styles, so their rules come after those in the page's one style sheet.
import './narration/Narration';
import './timeline/Timeline';
import './controls/Transport';
import './header/ErrorBanner';

// An embed's parent may send its first commands as soon as the frame has loaded, before the player
// listens: they are held from now, for the player's bridge (embed/early.ts).
if (isEmbedHash(window.location.hash)) holdEarlyMessages();

// React DOM, the largest part of the page's script, is evaluated in a task of its own rather than
// with the page's other modules: evaluating them all in one task blocks a slow phone's main thread
// for long. It is fetched with the page's script (the page's starter asks for it).
// Null when it cannot be fetched (the page then says so, below): caught here, where the import
// is made, so its failure is not also reported as an error nobody handled.
const reactDom = import('react-dom/client').catch(() => null);

const container = document.getElementById('root');
if (!container) throw new Error('Fencelab: the page has no #root element to mount into.');

// The code of the view the link names (its chunks already asked for by the page's starter) is
// imported first, while the run below is prepared. In a task of its own: importing its chunks would
// otherwise lengthen the task that runs the page's modules on a slow phone.
setTimeout(() => void preloadView(viewOfLink(window.location.hash)).catch(() => undefined), 0);
// So does what the link's own run needs (its shipped run, or its strategy's model), alongside the
// default run below rather than after it. Each run is prepared in a task of its own too: checking
// a scenario the first time is work a slow phone notices (the page's starter has asked for the
// runs' files already).
setTimeout(
  () =>
    void decodeHash(window.location.hash)
      .then((link) => (link.kind === 'ok' ? prepareRun(link.scenario) : undefined))
      .catch(() => undefined),
  0,
);

// The default scenario's run is fetched as the build computed it, with the view's code (or, where
// that file cannot be had, its strategy's model, to compute it): the machines (XState and the
// generic ones) come only when a run is changed. Without either nothing can run: the page says so
// in words, with a way to try again.
setTimeout(
  () =>
    void prepareRun(defaultScenario()).then(() => {
      try {
        start(container);
      } catch {
        cannotStart(container);
      }
    }),
  0,
);

/** The words ViewBoundary has for a view it cannot fetch, drawn without React (which may be what failed). */
function cannotStart(container: HTMLElement) {
  const box = document.createElement('main');
  box.className = 'view-failed';
  box.setAttribute('role', 'alert');
  const words = document.createElement('p');
  words.textContent =
    'Fencelab could not start: the page could not fetch part of its code (offline, or the site was updated since the page was opened).';
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.className = 'primary';
  reload.textContent = 'Reload the page';
  reload.addEventListener('click', () => window.location.reload());
  box.append(words, reload);
  container.replaceChildren(box);
}

function start(container: HTMLElement) {
  // Long runs are computed by a worker, so the page never freezes on them.
  const store = createLabStore(undefined, { background: createTraceRunner(PAGE_CODE), code: PAGE_CODE });
  const session = createLessonSession(store);
  const route = withEmbed(withRecordings(lessonRoute(session)));
  const hash = window.location.hash;
  // A lesson's link opens the lesson; any other is the lab's (and may carry the way back to one).
  // The link is decompressed before the first render, so a shared view never flashes the default.
  // A lesson (or the way back to one) opens once the lessons' code has loaded.
  // An embed link is opened before the first render too, so the frame draws its run once.
  const openedBefore = (): Promise<boolean> => {
    const embed = embedRoute.getState().options;
    return embed ? openEmbed(store, embed).then(() => true) : session.getState().settled();
  };
  // The presets beyond the default run's are fetched by what needs them (store/code/presets.ts): a link
  // that names one (decodeHash), the lab's view as it is shown, a lesson's runs, an embed command.
  const opening = route.open(hash)
    ? openedBefore()
    : openFromHash(store, hash).then((opened) => {
        adoptFrom(session, hash);
        return session
          .getState()
          .settled()
          .then(() => opened);
      });
  // The view's code has been loading meanwhile; the first render waits for it too, so it shows the
  // view at once instead of a loading line (a lesson link whose lesson is missing opens the lab).
  void opening
    .catch(() => false)
    .then((opened) =>
      preloadView(currentView(session)).then(
        () => ({ opened, viewReady: true }),
        () => ({ opened, viewReady: false }),
      ),
    )
    .then((state) => reactDom.then((dom) => (dom ? { ...state, dom } : null)))
    .then((ready) => {
      // Without React DOM nothing can be drawn: the page says so in words, with a way to try again.
      if (ready === null) return cannotStart(container);
      const { opened, viewReady, dom } = ready;
      const { createRoot, hydrateRoot } = dom;
      // Opening the page is not a change the user made: there is nothing to undo (or redo) yet.
      store.getState().setHistory({ past: [], future: [] });
      startPlayer(store);
      const url = syncUrl(store, window, route);
      // An unreadable link is replaced by the link of what is open, so a reload does not repeat it.
      if (!opened) void url.flush();
      // The build's first view (vite.config.ts) is the lab as this render draws it for a page
      // opened with no link: React takes it over as it is (hydrates it) instead of building the
      // page again, so a slow phone neither lays the whole page out twice nor repaints it. Any
      // other page is drawn afresh over it. Either way in a transition: React works in short
      // slices, so the main thread is never blocked for long while the page is drawn.
      const first = firstViewOf(container);
      const shown = first ? () => takeOver(first) : undefined;
      const page = (
        <StrictMode>
          <Root store={store} session={session} flushUrl={url.flush} onShown={shown} />
        </StrictMode>
      );
      // Only with the view's code at hand: without it the view would wait for it half taken over,
      // and the page draws its words about code it could not fetch (ViewBoundary) instead.
      if (first && viewReady && hash.length <= 1 && currentView(session) === 'lab') {
        resetControls(first);
        startTransition(() => void hydrateRoot(first, page));
      } else {
        const root = createRoot(container);
        startTransition(() => root.render(page));
      }
    });
}

/** The build's first view in `container`, if the page has one (the dev server's has not). */
function firstViewOf(container: HTMLElement): HTMLElement | null {
  const first = container.firstElementChild;
  return first instanceof HTMLElement && first.classList.contains('first-view') ? first : null;
}

/**
 * The first view's form controls as its HTML drew them. A page opened again from the history (a
 * reopened tab, Back without the browser's page cache) gets the values its controls had when it was
 * left, and React keeps what it finds as it hydrates: a box would stay ticked for an option that
 * is off.
 */
function resetControls(first: HTMLElement) {
  for (const control of first.querySelectorAll('input, select, textarea')) {
    if (control instanceof HTMLSelectElement)
      for (const option of control.options) option.selected = option.defaultSelected;
    else if (control instanceof HTMLInputElement) {
      // A box's value is its value attribute (setting it would add one): only its tick is state.
      if (control.type === 'checkbox' || control.type === 'radio') control.checked = control.defaultChecked;
      else if (control.type !== 'file') control.value = control.defaultValue;
    } else if (control instanceof HTMLTextAreaElement) control.value = control.defaultValue;
  }
}

/**
 * The first view is the page's own now: usable (no longer inert), and no longer hidden for a link.
 * The page's starter then does the taps it kept from before (boot/starter.ts).
 */
function takeOver(first: HTMLElement) {
  first.removeAttribute('inert');
  first.classList.remove('first-view');
  document.dispatchEvent(new Event('fencelab:takeover'));
}
