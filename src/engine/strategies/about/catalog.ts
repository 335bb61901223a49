// What the lab says about each strategy (StrategyAbout): how it works, what the model simplifies,
// which clocks its timers use, its token sources in its own terms. A file a strategy, apart from
// its definition (../NAME.ts) and from the registry: the embed draws runs with the definitions
// alone and never loads these sentences (2.8 kB gzipped of its first render).

import type { KnownStrategyId } from '../../core/defaults';
import type { StrategyAbout } from '../types';
import { fencingAbout } from './fencing';
import { leaseTrustAbout } from './leaseTrust';
import { redlockAbout } from './redlock';
import { zookeeperAbout } from './zookeeper';
import { etcdAbout } from './etcd';
import { chubbyAbout } from './chubby';
import { qjmAbout } from './qjm';
import { redisWatchdogAbout } from './redisWatchdog';
import { k8sLeaseAbout } from './k8sLease';

export const STRATEGY_ABOUT: Readonly<Record<KnownStrategyId, StrategyAbout>> = {
  fencing: fencingAbout,
  'lease-trust': leaseTrustAbout,
  'redis-watchdog': redisWatchdogAbout,
  redlock: redlockAbout,
  zookeeper: zookeeperAbout,
  etcd: etcdAbout,
  chubby: chubbyAbout,
  qjm: qjmAbout,
  'k8s-lease': k8sLeaseAbout,
};

/** What the lab says about the strategy `id`; undefined for an id the lab does not have. */
export function aboutStrategy(id: string): StrategyAbout | undefined {
  return Object.hasOwn(STRATEGY_ABOUT, id) ? STRATEGY_ABOUT[id as KnownStrategyId] : undefined;
}
