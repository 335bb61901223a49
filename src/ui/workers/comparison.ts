// The page's side of the comparison workers (compare.worker.ts): one scenario under every strategy,
// shared among a few workers, so the page keeps drawing and answering while they run. Where a
// browser cannot start a worker, the same work runs here in small tasks instead of one long one,
// with the comparison's code and the page's simulator of every model fetched then: the page draws
// the comparison's rows without them.

import { STRATEGIES, type Scenario, type Simulator } from '../../engine';
import type { compareUnder as CompareUnder } from '../../engine/surfaces/comparison';
import { PAGE_CODE } from '../store/code/loading';
import { summaryOf, type CompareReply, type RowSummary } from './wire';
import { workerFailure } from './failure';

export interface ComparisonHandlers {
  /** A strategy's row, as soon as its runs end (index: its place in STRATEGIES). */
  onRow(index: number, row: RowSummary): void;
  onDone(): void;
  onFailed(message: string): void;
}

/** Comparison workers not running anything now: a new comparison reuses them. */
const idle: Worker[] = [];

/** How many workers share a comparison: one per core, at most four (seven strategies). */
const workerCount = (): number => Math.max(1, Math.min(4, globalThis.navigator?.hardwareConcurrency ?? 2));

/**
 * Runs `scenario` under every strategy, off the main thread where it can, sharing the strategies
 * among a few workers (each takes the next strategy when it finishes one); returns a function
 * that cancels it at once (the busy workers are ended, not asked).
 */
export function startComparison(scenario: Scenario, on: ComparisonHandlers): () => void {
  const workers: Worker[] = [];
  for (let i = 0; i < workerCount(); i++) {
    const worker = idle.pop() ?? newCompareWorker();
    if (worker) workers.push(worker);
  }
  if (workers.length === 0) return compareInSteps(scenario, on);
  const total = STRATEGIES.length;
  let next = 0;
  let received = 0;
  let over = false;
  const busy = new Set<Worker>();
  /** Ends this comparison: busy workers are ended (their run cannot be stopped), the rest kept. */
  const end = () => {
    over = true;
    for (const w of workers) {
      if (busy.has(w)) w.terminate();
      else idle.push(w);
    }
    busy.clear();
  };
  const give = (worker: Worker) => {
    if (next < total) {
      busy.add(worker);
      worker.postMessage({ type: 'row', index: next++ });
    } else busy.delete(worker);
  };
  for (const worker of workers) {
    worker.onmessage = (event: MessageEvent<CompareReply>) => {
      if (over) return;
      const reply = event.data;
      if (reply.type === 'failed') {
        end();
        return on.onFailed(reply.message);
      }
      on.onRow(reply.index, reply.row);
      received += 1;
      give(worker);
      if (received === total) {
        end();
        on.onDone();
      }
    };
    worker.onerror = (event) => {
      event.preventDefault();
      if (over) return;
      end();
      on.onFailed(workerFailure(event, 'the comparison', 'the code of the comparison'));
    };
    worker.postMessage({ type: 'scenario', scenario });
    give(worker);
  }
  return () => {
    if (!over) end();
  };
}

function newCompareWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  try {
    return new Worker(new URL('./compare.worker.ts', import.meta.url), { type: 'module', name: 'fencelab-compare' });
  } catch {
    return null;
  }
}

/** The fallback: one strategy per task on the main thread, cancellable between them. */
function compareInSteps(scenario: Scenario, on: ComparisonHandlers): () => void {
  let cancelled = false;
  let index = 0;
  let compareUnder: typeof CompareUnder;
  let simulator: Simulator;
  const next = () => {
    if (cancelled) return;
    if (index === STRATEGIES.length) return on.onDone();
    try {
      on.onRow(index, summaryOf(compareUnder(scenario, STRATEGIES[index]!, simulator)));
    } catch (e) {
      return on.onFailed((e as Error).message);
    }
    index += 1;
    setTimeout(next, 0);
  };
  // Every strategy's model is fetched first: the page has only those it has run.
  Promise.all([import('../../engine/surfaces/comparison'), PAGE_CODE.loadAll()]).then(
    ([comparison, all]) => {
      compareUnder = comparison.compareUnder;
      simulator = all;
      setTimeout(next, 0);
    },
    () => {
      if (!cancelled)
        on.onFailed(
          'the page could not fetch the code of the strategies (offline, or the site was updated since the page was opened: reload it)',
        );
    },
  );
  return () => {
    cancelled = true;
  };
}
