// The engine's core public surface: what every page needs to run a scenario and show its trace.
// The rest of the public surface is in surfaces/ (lessons, comparison, recorded, export, the
// simulator and every model at once), each loaded by the page when first used, so a page that
// never uses one never loads it; each strategy's model is fetched by its loader (MODEL_LOADERS).
// The UI, the CLI and the embed API use nothing else. Invariant: everything exported is pure and
// deterministic (but the model loaders, which fetch code), and importing it does nothing but
// define it.

// A scenario is run by a simulator made from the models it may run: a program that runs every
// strategy gives it ALL_MODELS (surfaces/allModels); a page fetches each model on first use
// (MODEL_LOADERS, loadModels) and the simulator with the first (surfaces/simulator).
export { createSimulator, type Simulator } from './simulate/simulator';
export { MODEL_LOADERS, loadModels } from './models/loaders';
export type { Model, Models } from './strategies/types';
export { type Simulation } from './simulate/checkpoint';
export { DEFAULT_EVENT_BUDGET, type RunProgress } from './simulate/options';
export { validateScenario, parseScenarioJson, formatScenarioError, asSentence, LIMITS } from './validation/validate';
export * from './core/scenario';
export { ACTION_KINDS, ACTION_TYPES, kindOf, describeAction, noEffectAt } from './actions/kinds';
export { ACTION_TEXT_CHARS, type ActionField } from './actions/define';
export * from './core/trace';
export { PRESETS, PRESET_GROUPS, findPreset, type Preset } from './presets';
// The default run's presets alone: a page holds these from the start, and fetches the others
// (./surfaces/presets.ts) when first needed.
export { DEFAULT_RUN_PRESETS } from './presets/canonical';
export {
  buildWhatIf,
  EXAMPLE_WHAT_IF,
  WHAT_IF_FAULTS,
  WHAT_IF_MAX_LEASES,
  WHAT_IF_MAX_MS,
  WHAT_IF_MIN_LEASE_MS,
  WHAT_IF_STOPS,
  type WhatIfFault,
  type WhatIfParams,
  type WhatIfStop,
} from './presets/whatIf';
export { whatIfRuns, worstOfRuns, type WorstWhatIf } from './presets/whatIfWorst';
export {
  STRATEGIES,
  findStrategy,
  grantsEpochs,
  effectiveKnobs,
  choicesOf,
  lockDelayOf,
  retryPolicyFor,
} from './strategies/registry';
export {
  REDLOCK_RETRY_CHOICES,
  REDLOCK_RETRY_DEFAULT,
  retryChoiceOf,
  retryPolicyWords,
  retryWaitRangeMs,
  type RetryChoice,
} from './strategies/retry';
export { asksFenceAtTakeover, checkBlock, takeoverBlock, type TakeoverBlock } from './strategies/takeover';
export * from './core/defaults';
export { clientIds } from './core/parties';
export { type StepKind } from './core/vocabulary';
export type { StrategyDef, StrategyAbout } from './strategies/types';
export { STRATEGY_ABOUT, aboutStrategy } from './strategies/about/catalog';
export { TOKENS_LISTED, formatToken, tokenField, tokenList, tokensFact } from './protocol/tokens';
export { carryTo, type Carried } from './comparison/carry';
export { COMPARISON_COLUMNS, HOLDER_REFUSED_WORDS, NO_TOKEN_WHY, blockedOutcome } from './comparison/columns';
export { formatTraceText, formatVerdict, stepPhrase, cutShortSentence, endedWaitingSentence } from './trace/text';
export { editSoFar, staleEditsUncommitted } from './trace/edits';
export { verdictSettledAt } from './trace/settled';
export { chanceSentence, refusedByChance } from './trace/chance';
export { messageNoun } from './trace/messageWords';
export { randomWorkload } from './workload/random';
export * from './lessons/format';
