// Every strategy's model, linked in: for programs that may run any strategy at once (the CLI, the
// workers, the build's scripts, the tests). A page fetches each on first use instead (loaders.ts).
// Importing this module only defines the map: a simulator runs these models once it is given them.

import { model as generic } from './generic';
import { model as redisWatchdog } from './redisWatchdog';
import { model as k8sLease } from './k8sLease';
import { model as etcd } from './etcd';
import { model as zookeeper } from './zookeeper';
import { model as redlock } from './redlock';
import { model as chubby } from './chubby';
import { model as qjm } from './qjm';
import type { KnownStrategyId } from '../core/defaults';
import type { Model } from '../strategies/types';

/** Each strategy's model; the two generic strategies (fencing token, plain lease) share one. */
export const ALL_MODELS: Readonly<Record<KnownStrategyId, Model>> = {
  fencing: generic,
  'lease-trust': generic,
  etcd,
  zookeeper,
  redlock,
  chubby,
  qjm,
  'redis-watchdog': redisWatchdog,
  'k8s-lease': k8sLease,
};
