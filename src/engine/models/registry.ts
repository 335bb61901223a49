// Which strategies' models this program has loaded. A page loads a model when it first runs that
// strategy (through ../surfaces/models/<name>), so a page that never shows etcd never fetches
// etcd's machines; a program that runs every strategy (the CLI, the workers, the tests) loads them
// all at once (all.ts).
// Invariant: a registered model is the one ../models/<strategy> exports; registering is idempotent.

import type { PartyBuilder } from '../strategies/types';

const models = new Map<string, PartyBuilder>();

export function registerModel(strategyId: string, build: PartyBuilder): void {
  models.set(strategyId, build);
}

export function isModelLoaded(strategyId: string): boolean {
  return models.has(strategyId);
}

/**
 * The model of `strategyId`.
 * @throws Error when it has not been registered: a caller runs a strategy only after registering
 *   its model (or importing all.ts)
 */
export function modelOf(strategyId: string): PartyBuilder {
  const build = models.get(strategyId);
  if (!build) throw new Error(`the model of the strategy "${strategyId}" is not loaded yet`);
  return build;
}
