// The page's side of the timeline worker (timeline.worker.ts): long runs are computed there, so the
// page keeps drawing and answering while they run. The comparison's side is comparison.ts, loaded
// with the comparison, so a page that never shows one (the embed player) never loads it.
// Invariant: a run asked for is never stuck behind an older one: a worker still busy with an
// older run is ended (a run in progress cannot be interrupted) and a fresh worker takes the new one.

import type { Scenario, Trace } from '../../engine';
import { simulatorNow, type EngineCode } from '../store/code/runs';
import { TraceAssembly, type RunReply, type RunRequest } from './wire';
import { workerFailure } from './failure';

/** Runs scenarios off the main thread; only the newest request is answered. */
export interface TraceRunner {
  /**
   * Asks for the trace of `scenario`; `done` is called once, unless a newer run() came first.
   * Returns true when this ended an older run still in progress (its worker was stopped).
   */
  run(scenario: Scenario, done: (result: { trace: Trace } | { error: string }) => void): boolean;
}

/** What the runner needs of a worker (a Worker; a test gives a fake). */
export type RunWorker = Pick<Worker, 'postMessage' | 'terminate'> & {
  onmessage: ((event: MessageEvent<RunReply>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
};

/** Starts a timeline worker; throws where the browser cannot. */
const startTimelineWorker = (): RunWorker =>
  new Worker(new URL('./timeline.worker.ts', import.meta.url), {
    type: 'module',
    name: 'fencelab-timeline',
  }) as RunWorker;

/**
 * A runner on a worker, or null where the browser has no module workers (tests in Node). The
 * worker (the engine again, about 56 kB gzipped) starts with the first long run, so a page that
 * shows only short runs never loads it. Where it cannot start, the run is done here instead, by
 * `code` (whose model of the run's strategy the store has fetched before asking for the run).
 * `startWorker` makes a worker (a test passes a fake).
 */
export function createTraceRunner(
  code: EngineCode,
  startWorker: (() => RunWorker) | null = typeof Worker === 'undefined' ? null : startTimelineWorker,
): TraceRunner | null {
  if (!startWorker) return null;
  let worker: RunWorker | null = null;
  /** A worker that could not start is not tried again: every run is done here instead. */
  let unavailable = false;
  const start = (): RunWorker | null => {
    try {
      const w = startWorker();
      w.onmessage = receive;
      w.onerror = failed;
      return w;
    } catch {
      unavailable = true;
      return null;
    }
  };
  let newest = 0;
  let assembly: TraceAssembly | null = null;
  /** The newest run's answer, while the worker has not given it: the worker is busy. */
  let finish: ((result: { trace: Trace } | { error: string }) => void) | null = null;
  const receive = (event: MessageEvent<RunReply>) => {
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
  const failed = (event: ErrorEvent) => {
    event.preventDefault();
    finish?.({ error: workerFailure(event, 'the simulation', 'the code that computes long runs') });
    finish = null;
    // A worker that stopped answers nothing more: the next run starts a new one.
    worker?.terminate();
    worker = null;
  };
  return {
    run(scenario, done) {
      newest += 1;
      assembly = null;
      // Busy with an older run: end it, or this one would wait until it is over.
      const replaced = worker !== null && finish !== null;
      if (replaced) {
        worker!.onmessage = null;
        worker!.onerror = null;
        worker!.terminate();
        worker = null;
      }
      finish = null;
      if (!worker && !unavailable) worker = start();
      if (!worker) {
        // No worker after all (a browser policy, say): the run is done here, late but whole, and
        // answered in a later task as a worker's would be.
        const id = newest;
        setTimeout(() => {
          if (id !== newest) return;
          try {
            done({ trace: simulatorNow(code, scenario.strategy).simulate(scenario) });
          } catch (e) {
            done({ error: (e as Error).message });
          }
        }, 0);
        return replaced;
      }
      finish = done;
      const request: RunRequest = { type: 'run', id: newest, scenario };
      worker.postMessage(request);
      return replaced;
    },
  };
}
