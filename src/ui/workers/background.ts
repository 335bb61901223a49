// The page's side of the timeline worker (timeline.worker.ts): long runs are computed there, so the
// page keeps drawing and answering while they run. The comparison's side is comparison.ts, loaded
// with the comparison, so a page that never shows one (the embed player) never loads it.

import type { Scenario, Trace } from '../../engine';
import { simulatorNow, type EngineCode } from '../store/code/runs';
import { TraceAssembly, type RunReply } from './wire';

/** Runs scenarios off the main thread; only the newest request is answered. */
export interface TraceRunner {
  /** Asks for the trace of `scenario`; `done` is called once, unless a newer run() came first. */
  run(scenario: Scenario, done: (result: { trace: Trace } | { error: string }) => void): void;
}

/**
 * A runner on a worker, or null where the browser has no module workers (tests in Node). The
 * worker (the engine again, about 56 kB gzipped) starts with the first long run, so a page that
 * shows only short runs never loads it. Where it cannot start, the run is done here instead, by
 * `code` (whose model of the run's strategy the store has fetched before asking for the run).
 */
export function createTraceRunner(code: EngineCode): TraceRunner | null {
  if (typeof Worker === 'undefined') return null;
  let worker: Worker | null = null;
  /** A worker that could not start is not tried again: every run is done here instead. */
  let unavailable = false;
  const start = (): Worker | null => {
    try {
      const w = new Worker(new URL('./timeline.worker.ts', import.meta.url), {
        type: 'module',
        name: 'fencelab-timeline',
      });
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
    finish?.({ error: `the simulation stopped unexpectedly (${event.message || 'worker error'})` });
    finish = null;
  };
  return {
    run(scenario, done) {
      newest += 1;
      assembly = null;
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
        return;
      }
      finish = done;
      worker.postMessage({ type: 'run', id: newest, scenario });
    },
  };
}
