// The page's side of the engine workers (timeline.worker.ts, compare.worker.ts): long runs and the
// comparison are computed there, so the page keeps drawing and answering while they run. Where a
// browser cannot start a worker, the same work runs here in small tasks instead of one long one.

import { STRATEGIES, compareUnder, type Scenario, type Trace } from '../../engine';
import { TraceAssembly, summaryOf, type CompareReply, type RowSummary, type RunReply } from './wire';

/** Runs scenarios off the main thread; only the newest request is answered. */
export interface TraceRunner {
  /** Asks for the trace of `scenario`; `done` is called once, unless a newer run() came first. */
  run(scenario: Scenario, done: (result: { trace: Trace } | { error: string }) => void): void;
}

/** A runner on a worker, or null where the browser has no module workers (tests in Node). */
export function createTraceRunner(): TraceRunner | null {
  if (typeof Worker === 'undefined') return null;
  let worker: Worker;
  try {
    worker = new Worker(new URL('./timeline.worker.ts', import.meta.url), {
      type: 'module',
      name: 'fencelab-timeline',
    });
  } catch {
    return null;
  }
  let newest = 0;
  let assembly: TraceAssembly | null = null;
  let finish: ((result: { trace: Trace } | { error: string }) => void) | null = null;
  worker.onmessage = (event: MessageEvent<RunReply>) => {
    const reply = event.data;
    if (reply.id !== newest || !finish) return;
    if (reply.type === 'failed') {
      finish({ error: reply.message });
      finish = null;
      return;
    }
    if (reply.type === 'head') assembly = new TraceAssembly(reply.head);
    else assembly?.add(reply.slice);
    const trace = assembly?.done();
    if (trace) {
      const done = finish;
      finish = null;
      assembly = null;
      done({ trace });
    }
  };
  worker.onerror = (event) => {
    event.preventDefault();
    finish?.({ error: `the simulation stopped unexpectedly (${event.message || 'worker error'})` });
    finish = null;
  };
  return {
    run(scenario, done) {
      newest += 1;
      assembly = null;
      finish = done;
      worker.postMessage({ type: 'run', id: newest, scenario });
    },
  };
}

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
      on.onFailed(event.message || 'the comparison stopped unexpectedly');
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
  const next = () => {
    if (cancelled) return;
    if (index === STRATEGIES.length) return on.onDone();
    try {
      on.onRow(index, summaryOf(compareUnder(scenario, STRATEGIES[index]!)));
    } catch (e) {
      return on.onFailed((e as Error).message);
    }
    index += 1;
    setTimeout(next, 0);
  };
  setTimeout(next, 0);
  return () => {
    cancelled = true;
  };
}
