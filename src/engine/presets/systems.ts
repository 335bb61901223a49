// The real systems' presets, in the order of the article's table.

import type { Preset } from './build';
import { REDLOCK_PRESETS } from './redlock';
import { ZOOKEEPER_PRESETS } from './zookeeper';
import { ETCD_PRESETS } from './etcd';
import { CHUBBY_PRESETS } from './chubby';
import { QJM_PRESETS } from './qjm';
import { REDIS_WATCHDOG_PRESETS } from './redisWatchdog';
import { TAKEOVER_PRESETS } from './takeover';
import { K8S_LEASE_PRESETS } from './k8sLease';

export const SYSTEM_PRESETS: readonly Preset[] = [
  ...REDIS_WATCHDOG_PRESETS,
  ...REDLOCK_PRESETS,
  ...ZOOKEEPER_PRESETS,
  ...ETCD_PRESETS,
  ...CHUBBY_PRESETS,
  ...QJM_PRESETS,
  ...TAKEOVER_PRESETS,
  ...K8S_LEASE_PRESETS,
];
