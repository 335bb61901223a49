// The messages between the page and the Break it worker (search.worker.ts), and the loop that
// runs a search in slices: each slice is one next() of the engine's iterator (about 50 schedules),
// then a progress message, then the next slice in a later task, so a Stop that arrives in between
// is heard before the next slice starts.

import type { SearchInput, SearchProgress, SearchResult } from '../../engine/surfaces/search';

/** Page → Break it worker: start a search (a newer start stops an older one), or stop one. */
export type SearchRequest = { type: 'start'; id: number; input: SearchInput } | { type: 'stop'; id: number };

/** Break it worker → page, each naming the search (`id`) it belongs to. */
export type SearchReply =
  | { type: 'progress'; id: number; progress: SearchProgress }
  | { type: 'result'; id: number; result: SearchResult }
  | { type: 'failed'; id: number; message: string };

/** A search being driven: stop() ends it before its next slice; nothing is posted after it. */
export interface SearchDrive {
  stop(): void;
}

/**
 * Drives `iterator` to its end one slice per task (`later` schedules the next, a timer in a
 * worker), posting a progress reply after each slice and the result at the end; an error thrown
 * by a slice is posted as `failed` with its message. After stop() nothing more is run or posted.
 */
export function driveSearch(
  id: number,
  iterator: Iterator<SearchProgress, SearchResult>,
  post: (reply: SearchReply) => void,
  later: (next: () => void) => void = (next) => setTimeout(next, 0),
): SearchDrive {
  let stopped = false;
  const slice = () => {
    if (stopped) return;
    let step: IteratorResult<SearchProgress, SearchResult>;
    try {
      step = iterator.next();
    } catch (e) {
      stopped = true;
      return post({ type: 'failed', id, message: (e as Error).message || String(e) });
    }
    if (stopped) return;
    if (step.done) {
      stopped = true;
      return post({ type: 'result', id, result: step.value });
    }
    post({ type: 'progress', id, progress: step.value });
    later(slice);
  };
  later(slice);
  return {
    stop() {
      if (stopped) return;
      stopped = true;
      iterator.return?.();
    },
  };
}
