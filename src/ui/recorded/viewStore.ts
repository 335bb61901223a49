// A lab store that only shows a trace: the "Real servers" view gives each of its two runs (the
// recording, the model's run of the same schedule) a store of its own, so the lab's Transport,
// Narration and EventTable work on it unchanged. Invariant: the view calls only the cursor and
// playback actions on it (seek, step, play, ...); nothing recomputes or replaces its trace, so a
// recorded trace is never overwritten by a simulation of its scenario (the store has no simulator).

import { createLabStore, type LabStore } from '../store/labStore';
import type { EngineCode } from '../store/code/runs';
import type { Trace } from '../../engine';

/** A store whose trace is `trace`, at its first step, paused. */
export function viewingStore(trace: Trace): LabStore {
  const onlyThis: EngineCode = {
    shipped: () => trace,
    simulatorFor: () => null,
    load: () => Promise.reject(new Error('this view shows its runs as they are: it runs nothing')),
  };
  const store = createLabStore(trace.scenario, { code: onlyThis });
  store.setState({ trace, cursor: 0, playheadMs: trace.steps[0]?.timeMs ?? 0, playing: false });
  return store;
}
