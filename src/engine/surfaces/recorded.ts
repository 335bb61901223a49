// The recorded runs' public surface: a recording's format and checker, the model's schedule of
// the same race (scenarioFor) held against what the real servers did, and the engine's narration
// of a recording's observations. Loaded by the "Real servers" view, and used by the recorder in
// Node.

// The view runs the model of each recorded system (etcd, ZooKeeper, Redlock) with a simulator of
// every model (./allModels).

export * from '../recorded/format';
export { scenarioFor, modelFacts, realFacts, type Facts } from '../recorded/schedule';
export { validateRecording } from '../recorded/validate';
export { TimeIndex, firstAfter, firstAtOrAfter } from '../recorded/timeIndex';
export { narrateObservation, observationContext, txnGuard, type ObservationContext } from '../recorded/narrate';
export { verdictWords } from '../protocol/check';
