// Generic fencing token: a durable counter at the lock service, the token carried on every write,
// and a resource that rejects any token at or below max_seen (the article's pattern).

import type { StrategyDef } from './types';
import { genericParties } from './parties';
import { LOCK_SERVICE } from '../core/parties';

export const fencing: StrategyDef = {
  id: 'fencing',
  name: 'Fencing token (generic pattern)',
  defaults: { tokenSource: 'durable-counter', check: 'token-seq' },
  lockAuthority: LOCK_SERVICE,
  lockDelay: 'none',
  hasRenewalKnobs: true,
  fencesAtTakeover: true,
  parties: genericParties,
};
