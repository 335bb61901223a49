// Where each strategy's model is fetched from when a program first runs that strategy: one loader
// per strategy, each importing its model's module on demand, so a bundler makes a file of each and
// a page that never runs etcd never fetches etcd's machines. The one place in the engine that
// imports code on demand (lint allows it here alone).
// Invariant: MODEL_LOADERS[id]() resolves to the model ALL_MODELS[id] is (all.ts); a test holds it.

import type { KnownStrategyId } from '../core/defaults';
import type { Model, Models } from '../strategies/types';

/** Fetches one strategy's model (its module is imported once, however often this is called). */
export type ModelLoader = () => Promise<Model>;

const generic: ModelLoader = () => import('./generic').then((m) => m.model);

/** Each strategy's loader; the two generic strategies share theirs, so one fetch serves both. */
export const MODEL_LOADERS: Readonly<Record<KnownStrategyId, ModelLoader>> = {
  fencing: generic,
  'lease-trust': generic,
  etcd: () => import('./etcd').then((m) => m.model),
  zookeeper: () => import('./zookeeper').then((m) => m.model),
  redlock: () => import('./redlock').then((m) => m.model),
  chubby: () => import('./chubby').then((m) => m.model),
  qjm: () => import('./qjm').then((m) => m.model),
  'redis-watchdog': () => import('./redisWatchdog').then((m) => m.model),
  'k8s-lease': () => import('./k8sLease').then((m) => m.model),
};

/**
 * The models of `strategyIds`, fetched in parallel: a map from each id to its model, to give a
 * simulator (createSimulator).
 * @throws (rejects with) Error `there is no strategy called "<id>"` for an id with no loader, before
 *   fetching anything; a module that cannot be fetched rejects with the import's own error
 */
export async function loadModels(strategyIds: readonly string[]): Promise<Models> {
  const loaders = MODEL_LOADERS as Readonly<Record<string, ModelLoader | undefined>>;
  const ids = [...new Set(strategyIds)];
  for (const id of ids) if (!Object.hasOwn(loaders, id)) throw new Error(`there is no strategy called "${id}"`);
  const models = await Promise.all(ids.map((id) => loaders[id]!()));
  return Object.fromEntries(ids.map((id, i) => [id, models[i]!]));
}
