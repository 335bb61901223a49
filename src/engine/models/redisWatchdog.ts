// The model of a single Redis lock with Redisson's watchdog: the generic machines, one Redis that
// expires the key on its wall clock, clients that renew on a monotonic timer (Netty's
// HashedWheelTimer) and, unless the knobs say otherwise, are never told a renewal failed
// (../strategies/redisWatchdog.ts). A module of its own, so a page fetches it only when it runs it.

import type { Model } from '../strategies/types';
import { REDIS, redisWatchdog, watchdogKnobs } from '../strategies/redisWatchdog';
import { genericLogic } from './generic';

export const model: Model = (knobs, clients) => {
  const k = watchdogKnobs(knobs, clients);
  return genericLogic(k, redisWatchdog.parties(k, clients), REDIS, 'monotonic');
};
