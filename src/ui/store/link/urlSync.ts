// Keeps location.hash and the store in step: the link opens the view it names, and the view
// writes itself back into the link (replaceState, debounced) as the user changes things; going to
// another view (a lesson, the recordings, the lab) is a new history entry, so Back returns.
// Invariant: a link that cannot be read leaves the default scenario open and says why. Links are
// compressed and decompressed asynchronously; whichever was asked for last is the one that lands.

import { decodeHash, encodeHash } from './url';
import { quotedList } from '../../link/grammar';
import type { LabStore } from '../labStore';
import { prepareRun } from '../code/loading';
import { DEFAULT_PRESET_ID } from '../code/presetOf';
import { viewOfLink } from '../../views';

const WRITE_DELAY_MS = 250;

/** What stays open when a link cannot be read: on opening the page, the default scenario. */
const ON_OPEN = 'The default scenario is open instead.';
/** ... and when a link is pasted over a run already open, that run. */
const IN_PLACE = 'Nothing was changed: the run that was open is still open.';

/**
 * Loads what the hash names into the store; resolves false if the hash was unreadable, after
 * saying why and what is open instead (`instead`). `stillWanted` is asked once the link is
 * decoded: if it says no, nothing is loaded.
 */
export async function openFromHash(
  store: LabStore,
  hash: string,
  stillWanted = () => true,
  instead = ON_OPEN,
): Promise<boolean> {
  const decoded = await decodeHash(hash);
  if (!stillWanted()) return false;
  if (decoded.kind === 'empty') return true;
  if (decoded.kind === 'error') {
    store.getState().showError(`${decoded.message} ${instead}`);
    return false;
  }
  await prepareRun(decoded.scenario);
  if (!stillWanted()) return false;
  const loaded = store.getState().loadScenario(decoded.scenario, {
    cursor: decoded.cursor,
    source: 'the link',
    ...(decoded.ownActionCount === undefined ? {} : { ownActionCount: decoded.ownActionCount }),
    ...(decoded.presetId === undefined ? {} : { presetId: decoded.presetId }),
  });
  if (!loaded) return false;
  const leftovers = [
    ...(decoded.unread
      ? [
          `has ${quotedList(decoded.unread)}, which a lab link does not take (it takes preset, s, own, strategy and step)`,
        ]
      : []),
    ...(decoded.repeated ? [`gives ${quotedList(decoded.repeated)} more than once (the last one counts)`] : []),
  ];
  if (leftovers.length) store.getState().showError(`The link ${leftovers.join(', and ')}: opened the rest of it.`);
  // A long run comes from a worker: the step is checked (or its label found) once it is there.
  const checkStep = () => {
    const { trace, cursor, scenario } = store.getState();
    if (scenario !== opened) return; // something else was opened meanwhile
    if (decoded.stepLabel !== undefined) {
      const name = decoded.stepLabel;
      const at = trace.steps.findIndex((s) => s.label === name);
      if (at >= 0) return store.getState().seek(at);
      const labels = trace.steps.flatMap((s) => (s.label ? [s.label] : []));
      store
        .getState()
        .showError(
          `The link asks for the step labelled "${name}", but this run has no such label (${labels.length ? `it has ${labels.join(', ')}` : 'it has none'}): showing step 0.`,
        );
      return;
    }
    if (decoded.cursor !== cursor)
      store
        .getState()
        .showError(
          `The link asks for step ${decoded.cursor}, but this run has only ${trace.steps.length} steps: showing the last one.`,
        );
  };
  const opened = store.getState().scenario;
  if (!store.getState().computing) checkStep();
  else {
    const stop = store.subscribe((state) => {
      if (state.computing && state.scenario === opened) return;
      stop();
      checkStep();
    });
  }
  return true;
}

/**
 * The current view as a full link (the share button's, the embed's way back): a labelled step is
 * named by its label (`step=t6`), which finds the same event under another strategy, where the
 * steps' numbers differ. The address bar's own link keeps the number.
 */
export async function currentLink(store: LabStore, href: string): Promise<string> {
  const { trace, cursor } = store.getState();
  const label = trace.steps[cursor]?.label;
  // A label two steps share (a recording may repeat one) would reopen at the first: the number then.
  const unique = label !== undefined && trace.steps.findIndex((s) => s.label === label) === cursor;
  return href.replace(/#.*$/, '') + (await encodeHash({ ...linkState(store), stepLabel: unique ? label : undefined }));
}

/** What the link holds of the store's state. */
function linkState(store: LabStore) {
  const { scenario, cursor, ownActionCount, presetId, edited } = store.getState();
  return { scenario, cursor, ownActionCount, presetId, edited };
}

/**
 * Another owner of the link besides the lab (a lesson): while `hash()` gives one, that is the link;
 * otherwise the lab's link gets `suffix()` after it. `open` takes a hash typed into the address
 * bar that is its own, and says whether it was.
 */
export interface Route {
  hash(): string | null;
  suffix(): string;
  subscribe(listener: () => void): () => void;
  open(hash: string): boolean;
}

/** Starts mirroring the store into the URL; returns a function that stops it and flushes. */
export function syncUrl(
  store: LabStore,
  win: Window = window,
  route: Route | null = null,
): { flush(): Promise<void>; stop(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let written = win.location.hash;
  // The address as the page last left it or took it in: one that differs has changed since (Back,
  // or a link typed in) and its hashchange is still to come.
  let seen = win.location.hash;
  // The view on screen as of the last link written or opened (not what the address says: an
  // unreadable lesson link shows the lab, and its replacement is no new page).
  let shown = viewOfLink(route?.hash() ?? '');
  let writes = 0;
  let opens = 0;
  let stopped = false;

  const write = async () => {
    timer = undefined;
    const mine = ++writes;
    const hash = route?.hash() ?? (await encodeHash(linkState(store))) + (route?.suffix() ?? '');
    if (stopped || mine !== writes || hash === written) return;
    // Written over, that address would be lost: its hashchange would find this link instead, and
    // Back would leave the run it came back from on screen. Its hashchange opens it, then writes.
    if (win.location.hash !== seen) return;
    written = hash;
    // Another view (the lab, a lesson, the recordings) is another page to the user: Back returns
    // to the one before. Within a view, changes replace the address (a step is not a page).
    const view = viewOfLink(hash);
    if (view === shown) win.history.replaceState(win.history.state, '', hash);
    else win.history.pushState(null, '', hash);
    shown = view;
    seen = win.location.hash;
  };

  const schedule = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => void write(), WRITE_DELAY_MS);
  };
  const unsubscribe = store.subscribe((state, previous) => {
    if (
      state.scenario === previous.scenario &&
      state.cursor === previous.cursor &&
      state.ownActionCount === previous.ownActionCount &&
      state.presetId === previous.presetId &&
      state.edited === previous.edited
    )
      return;
    schedule();
  });
  const unsubscribeRoute = route?.subscribe(schedule);

  // A hash typed or pasted into the address bar (replaceState never fires hashchange), or the
  // browser's Back and Forward between them. Back to the address with no link opens what a page
  // with no link opens: the default run, at its start.
  const onHashChange = () => {
    seen = win.location.hash;
    shown = viewOfLink(win.location.hash);
    if (win.location.hash === written) return;
    written = win.location.hash;
    if (route?.open(win.location.hash)) return;
    const mine = ++opens;
    const hash = win.location.hash.length > 1 ? win.location.hash : `#preset=${DEFAULT_PRESET_ID}`;
    void openFromHash(store, hash, () => !stopped && mine === opens, IN_PLACE).then((opened) => {
      // An unreadable link gives way to the link of the run still open.
      if (!opened && !stopped && mine === opens) void write();
    });
  };
  win.addEventListener('hashchange', onHashChange);

  return {
    flush() {
      if (timer !== undefined) clearTimeout(timer);
      return write();
    },
    stop() {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      unsubscribe();
      unsubscribeRoute?.();
      win.removeEventListener('hashchange', onHashChange);
    },
  };
}
