// Plain lease, trust the client: the lock service hands out leases and nothing else; the store
// believes whoever writes. The zombie's write always lands.

import type { StrategyDef } from './types';
import { GENERIC_TIMERS, genericParties } from './parties';
import { LOCK_SERVICE } from '../core/parties';

export const leaseTrust: StrategyDef = {
  id: 'lease-trust',
  name: 'Lease + trust the client',
  summary:
    'The lock service grants a lease for a fixed time and the client writes while its own clock says the lease is valid. The store cannot tell a live holder from a zombie, so a paused client that wakes up overwrites newer data.',
  timers: GENERIC_TIMERS,
  simplification:
    'A client renews its lease only with keepalive on, one renewal at a time, and checks its lease only when it decides to write, not again just before the write leaves; the lock service is one node.',
  defaults: { tokenSource: 'none', check: 'none' },
  lockAuthority: LOCK_SERVICE,
  lockDelay: 'none',
  hasRenewalKnobs: true,
  parties: genericParties,
};
