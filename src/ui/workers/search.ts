// The page's side of the Break it worker (search.worker.ts): starts a search, turns its progress
// into what the view shows (schedules tried, per second, depth reached), and stops it. Where a
// browser cannot start a worker, the same slices run here, one per task, with the search's code
// and every model fetched then.

import { STRATEGIES, loadModels } from '../../engine';
import type { SearchInput, SearchResult } from '../../engine/surfaces/search';
import { driveSearch, type SearchReply, type SearchRequest } from './searchWire';
import { workerFailure } from './failure';

/** What the view shows while a search runs. */
export interface SearchStatus {
  /** Schedules run so far. */
  tried: number;
  /** Schedules per second since the search started (0 before a second's worth is known). */
  perSecond: number;
  /** The most faults in the schedules being tried now. */
  depth: number;
}

export interface SearchHandlers {
  onProgress(status: SearchStatus): void;
  onResult(result: SearchResult): void;
  onFailed(message: string): void;
}

/** The part of a Worker the page uses (a test passes a fake). */
export interface SearchWorker {
  onmessage: ((event: MessageEvent<SearchReply>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  postMessage(message: SearchRequest): void;
  terminate(): void;
}

export interface SearchJobOptions {
  /** Makes the worker; null where none can be started (then the search runs on the page). */
  makeWorker?: () => SearchWorker | null;
  /** Milliseconds now, for the rate (performance.now on a page). */
  now?: () => number;
}

let worker: SearchWorker | null = null;
let nextId = 1;
/** Ends the search under way as replaced by another (the page runs one at a time). */
let replaceActive: (() => void) | null = null;

/** What a search's handlers are told when another search on the page takes its place. */
export const REPLACED = 'another search was started in its place (the page runs one at a time)';

/**
 * Starts searching for `input`; returns stop(), after which no handler is called. One search at
 * a time per page: starting one stops the one before, whose onFailed is told so (REPLACED). Handlers are called at most once with a
 * result or a failure, after any number of progress reports.
 */
export function startSearchJob(input: SearchInput, on: SearchHandlers, options: SearchJobOptions = {}): () => void {
  const now = options.now ?? (() => performance.now());
  const started = now();
  const id = nextId++;
  let over = false;
  replaceActive?.();
  replaceActive = () => {
    if (over) return;
    over = true;
    on.onFailed(REPLACED);
  };
  const rate = (tried: number) => {
    const seconds = (now() - started) / 1000;
    return seconds > 0 ? Math.round(tried / seconds) : 0;
  };
  const hear = (reply: SearchReply) => {
    if (over || reply.id !== id) return;
    if (reply.type === 'progress') {
      const { tried, depth } = reply.progress;
      return on.onProgress({ tried, depth, perSecond: rate(tried) });
    }
    over = true;
    if (reply.type === 'result') on.onResult(reply.result);
    else on.onFailed(reply.message);
  };
  worker ??= (options.makeWorker ?? newSearchWorker)();
  const w = worker;
  if (!w) {
    const stopOnPage = searchOnPage(id, input, hear);
    return () => {
      over = true;
      stopOnPage();
    };
  }
  w.onmessage = (event) => hear(event.data);
  w.onerror = (event) => {
    event.preventDefault();
    worker = null;
    w.terminate();
    if (over) return;
    over = true;
    on.onFailed(workerFailure(event, 'the search', 'the code of the search'));
  };
  w.postMessage({ type: 'start', id, input });
  return () => {
    if (over) return;
    over = true;
    w.postMessage({ type: 'stop', id });
  };
}

/** Forgets the page's worker (a test's fake), so the next search makes a new one. */
export function dropSearchWorker(): void {
  worker?.terminate();
  worker = null;
}

function newSearchWorker(): SearchWorker | null {
  if (typeof Worker === 'undefined') return null;
  try {
    return new Worker(new URL('./search.worker.ts', import.meta.url), {
      type: 'module',
      name: 'fencelab-search',
    }) as unknown as SearchWorker;
  } catch {
    return null;
  }
}

/** The fallback: the same slices on the main thread, one per task. */
function searchOnPage(id: number, input: SearchInput, hear: (r: SearchReply) => void): () => void {
  let drive: { stop(): void } | null = null;
  let stopped = false;
  // Every strategy's model, fetched as the page fetches each (a design may name any strategy).
  const models = loadModels(STRATEGIES.map((s) => s.id));
  Promise.all([import('../../engine/surfaces/search'), models]).then(
    ([search, all]) => {
      if (stopped) return;
      try {
        drive = driveSearch(id, search.startSearch(input, all), hear);
      } catch (e) {
        hear({ type: 'failed', id, message: (e as Error).message || String(e) });
      }
    },
    () =>
      hear({
        type: 'failed',
        id,
        message:
          'the page could not fetch the code of the search (offline, or the site was updated since the page was opened: reload it)',
      }),
  );
  return () => {
    stopped = true;
    drive?.stop();
  };
}
