// Every strategy's model, registered on import: for programs that may run any strategy at once
// (the CLI, the workers, the lessons and recorded surfaces, the tests).

import { registerModel } from './registry';
import { buildGeneric } from './generic';
import { build as etcd } from './etcd';
import { build as zookeeper } from './zookeeper';
import { build as redlock } from './redlock';
import { build as chubby } from './chubby';
import { build as qjm } from './qjm';
import type { KnownStrategyId } from '../core/defaults';
import type { PartyBuilder } from '../strategies/types';

export const ALL_MODELS: Record<KnownStrategyId, PartyBuilder> = {
  fencing: buildGeneric,
  'lease-trust': buildGeneric,
  etcd,
  zookeeper,
  redlock,
  chubby,
  qjm,
};

for (const [id, build] of Object.entries(ALL_MODELS)) registerModel(id, build);
