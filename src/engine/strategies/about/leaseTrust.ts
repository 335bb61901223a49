// What the lab says about a plain lease that trusts the client (../leaseTrust.ts defines it): apart from the definition, so a page
// that never shows these sentences (the embed) never loads them.

import type { StrategyAbout } from '../types';
import { genericKeptAlive, GENERIC_SOURCES, GENERIC_TIMERS } from './generic';

export const leaseTrustAbout: StrategyAbout = {
  summary:
    'The lock service grants a lease for a fixed time and the client writes while its own clock says the lease is valid. The store cannot tell a live holder from a zombie, so a paused client that wakes up overwrites newer data.',
  timers: GENERIC_TIMERS,
  simplification:
    'A client renews its lease only with keepalive on, one renewal at a time, and checks its lease only when it decides to write, not again just before the write leaves; the lock service is one node.',
  keptAlive: genericKeptAlive,
  recordedOn: null,
  sources: GENERIC_SOURCES,
};
