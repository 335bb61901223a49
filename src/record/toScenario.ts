// The model's side of a recording, for the conformance test: scenarioFor and the facts live in
// the engine (src/engine/recorded/schedule.ts) so the lab's view can run the same schedule in the
// browser; this file only re-exports them. Invariant: no definitions here.

export { scenarioFor, modelFacts, realFacts, type Facts } from '../engine/surfaces/recorded.ts';
