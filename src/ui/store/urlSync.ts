// Keeps location.hash and the store in step: the link opens the view it names, and the view
// writes itself back into the link (replaceState, debounced) as the user changes things.
// Invariant: a link that cannot be read leaves the default scenario open and says why.

import { decodeHash, encodeHash } from './url';
import type { LabStore } from './labStore';

const WRITE_DELAY_MS = 250;

/** Loads what the hash names into the store; returns false if the hash was unreadable. */
export function openFromHash(store: LabStore, hash: string): boolean {
  const decoded = decodeHash(hash);
  if (decoded.kind === 'empty') return true;
  if (decoded.kind === 'error') {
    store.getState().showError(`${decoded.message} The default scenario is open instead.`);
    return false;
  }
  const loaded = store.getState().loadScenario(decoded.scenario, {
    cursor: decoded.cursor,
    source: 'the link',
    ...(decoded.ownActionCount === undefined ? {} : { ownActionCount: decoded.ownActionCount }),
    ...(decoded.presetId === undefined ? {} : { presetId: decoded.presetId }),
  });
  const { trace, cursor } = store.getState();
  if (loaded && decoded.cursor !== cursor) {
    store
      .getState()
      .showError(
        `The link asks for step ${decoded.cursor}, but this run has only ${trace.steps.length} steps: showing the last one.`,
      );
  }
  return loaded;
}

/** The current view as a full link (for the share button). */
export function currentLink(store: LabStore, href: string): string {
  const { scenario, cursor, ownActionCount } = store.getState();
  return href.replace(/#.*$/, '') + encodeHash({ scenario, cursor, ownActionCount });
}

/** Starts mirroring the store into the URL; returns a function that stops it and flushes. */
export function syncUrl(store: LabStore, win: Window = window): { flush(): void; stop(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let written = win.location.hash;

  const write = () => {
    timer = undefined;
    const { scenario, cursor, ownActionCount } = store.getState();
    const hash = encodeHash({ scenario, cursor, ownActionCount });
    if (hash === written) return;
    written = hash;
    win.history.replaceState(win.history.state, '', hash);
  };

  const unsubscribe = store.subscribe((state, previous) => {
    if (
      state.scenario === previous.scenario &&
      state.cursor === previous.cursor &&
      state.ownActionCount === previous.ownActionCount
    )
      return;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(write, WRITE_DELAY_MS);
  });

  // A hash typed or pasted into the address bar (replaceState never fires hashchange).
  const onHashChange = () => {
    if (win.location.hash === written) return;
    written = win.location.hash;
    openFromHash(store, win.location.hash);
  };
  win.addEventListener('hashchange', onHashChange);

  return {
    flush() {
      if (timer !== undefined) clearTimeout(timer);
      write();
    },
    stop() {
      if (timer !== undefined) clearTimeout(timer);
      unsubscribe();
      win.removeEventListener('hashchange', onHashChange);
    },
  };
}
