// The engine's public surface. The UI, the CLI and the embed API use nothing else.
// Invariant: everything exported here is pure and deterministic.

export { simulate, type SimulateOptions } from './sim/simulate';
export {
  validateScenario,
  parseScenarioJson,
  formatScenarioError,
  asSentence,
  ACTION_TYPES,
  LIMITS,
  type ScenarioError,
  type ValidationResult,
} from './scenario/validate';
export * from './scenario/types';
export * from './trace/types';
export { PRESETS, findPreset, type Preset } from './presets';
export { STRATEGIES, findStrategy, effectiveKnobs, BASE_KNOBS, choicesOf } from './strategies/registry';
export type { StrategyDef } from './strategies/types';
export { formatToken } from './protocol/tokens';
export { compareStrategies, withStrategy, type ComparisonRow } from './trace/compare';
export { formatTraceText, formatVerdict, formatComparisonText, stepPhrase } from './trace/text';
export { randomWorkload, type WorkloadOptions } from './workload/random';
