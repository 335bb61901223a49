// Generic fencing token: a durable counter at the lock service, the token carried on every write,
// and a resource that rejects any token at or below max_seen (the article's pattern).

import type { StrategyDef } from './types';
import { GENERIC_TIMERS, genericParties } from './parties';
import { LOCK_SERVICE } from '../core/parties';

export const fencing: StrategyDef = {
  id: 'fencing',
  name: 'Fencing token (generic pattern)',
  summary:
    'Every grant gets the next number from a durable counter; the client sends it with each write; the store keeps the highest number it has accepted and refuses anything not above it. A zombie is refused once a newer holder has written.',
  timers: GENERIC_TIMERS,
  simplification:
    'The lock service is one node whose counter is assumed durable (in practice a consensus log or an fsync before replying), but whose leases, waiters and any running lock-delay a crash forgets; a holder renews only with keepalive on, one renewal at a time; the store checks and writes in one atomic step.',
  defaults: { tokenSource: 'durable-counter', check: 'reject-le' },
  lockAuthority: LOCK_SERVICE,
  lockDelay: 'none',
  hasRenewalKnobs: true,
  parties: genericParties,
};
