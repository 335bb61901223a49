// Plain lease, trust the client: the lock service hands out leases and nothing else; the store
// believes whoever writes. The zombie's write always lands.

import type { StrategyDef } from './types';
import { genericParties } from './parties';
import { LOCK_SERVICE } from '../core/parties';

export const leaseTrust: StrategyDef = {
  id: 'lease-trust',
  name: 'Lease + trust the client',
  defaults: { tokenSource: 'none', check: 'none' },
  lockAuthority: LOCK_SERVICE,
  lockDelay: 'none',
  hasRenewalKnobs: true,
  fencesAtTakeover: true,
  parties: genericParties,
};
