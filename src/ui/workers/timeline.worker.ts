// The timeline's worker: runs the scenario the page asks for, off the main thread, resuming from
// a checkpoint of the run it did last when the change allows (a fork), and sends the trace back
// in slices (wire.ts). Only the newest request is run: one superseded while waiting is skipped.

import { createSimulator, type Simulation } from '../../engine';
import { ALL_MODELS } from '../../engine/surfaces/allModels';
import { sliceTrace, type RunReply, type RunRequest } from './wire';

// The worker runs whatever strategy the page asks for.
const { resume, simulateWithCheckpoints } = createSimulator(ALL_MODELS);
let last: Simulation | null = null;
let waiting: RunRequest | null = null;

// The worker scope's postMessage (the DOM library types only the window's, which needs an origin).
const post = (reply: RunReply) => (self as unknown as Worker).postMessage(reply);

function runNewest(): void {
  const request = waiting;
  waiting = null;
  if (!request) return;
  try {
    const sim = last ? resume(last, request.scenario) : simulateWithCheckpoints(request.scenario);
    last = sim;
    const { head, slices } = sliceTrace(sim.trace);
    post({ type: 'head', id: request.id, head, resumedFromMs: sim.resumedFromMs });
    for (const slice of slices) post({ type: 'slice', id: request.id, slice });
  } catch (e) {
    post({ type: 'failed', id: request.id, message: (e as Error).message });
  }
}

onmessage = (event: MessageEvent<RunRequest>) => {
  if (event.data?.type !== 'run') return;
  waiting = event.data;
  // Later requests already queued arrive before this timer: only the newest of them runs.
  setTimeout(runNewest, 0);
};
