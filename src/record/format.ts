// The recording format, for the recorder: the types and token helpers live in the engine
// (src/engine/recorded/format.ts) so the lab can read recordings in the browser too; this file
// only re-exports them through the engine's public surface. Invariant: no definitions here.

export {
  RECORDING_FORMAT,
  RECORDING_VERSION,
  tokenInteger,
  tokenOrder,
  type SystemId,
  type Schedule,
  type Observation,
  type Recording,
} from '../engine/surfaces/recorded.ts';
