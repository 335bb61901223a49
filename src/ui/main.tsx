// Browser entry point: builds the store, opens what the URL names (or the default scenario),
// starts playback and URL syncing, and mounts the app. Nothing else belongs here.

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { createLabStore } from './store/labStore';
import { createTraceRunner } from './workers/background';
import { startPlayer } from './store/player';
import { openFromHash, syncUrl } from './store/urlSync';
import './styles/base.css';
import './styles/panels.css';
import './styles/cards.css';
import './styles/tables.css';
import './styles/side.css';

const container = document.getElementById('root');
if (!container) throw new Error('Fencelab: the page has no #root element to mount into.');

// Long runs are computed by a worker, so the page never freezes on them.
const store = createLabStore(undefined, { background: createTraceRunner() });
// The link is decompressed before the first render, so a shared view never flashes the default.
void openFromHash(store, window.location.hash)
  .catch(() => false)
  .then((opened) => {
    // Opening the page is not a change the user made: there is nothing to undo yet.
    store.setState({ past: [] });
    startPlayer(store);
    const url = syncUrl(store);
    // An unreadable link is replaced by the link of what is open, so a reload does not repeat it.
    if (!opened) void url.flush();
    createRoot(container).render(
      <StrictMode>
        <App store={store} flushUrl={url.flush} />
      </StrictMode>,
    );
  });
