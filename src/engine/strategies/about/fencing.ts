// What the lab says about the generic fencing-token pattern (../fencing.ts defines it): apart from the definition, so a page
// that never shows these sentences (the embed) never loads them.

import type { StrategyAbout } from '../types';
import { genericKeptAlive, GENERIC_SOURCES, GENERIC_TIMERS } from './generic';

export const fencingAbout: StrategyAbout = {
  summary:
    'Every grant gets the next number from a durable counter; the client sends it with each write; the store keeps the highest number it has accepted and refuses anything not above it. A zombie is refused once a newer holder has written.',
  timers: GENERIC_TIMERS,
  simplification:
    'The lock service is one node whose counter is assumed durable (in practice a consensus log or an fsync before replying), but whose leases, waiters and any running lock-delay a crash forgets; a holder renews only with keepalive on, one renewal at a time; the store checks and writes in one atomic step.',
  keptAlive: genericKeptAlive,
  recordedOn: null,
  sources: GENERIC_SOURCES,
};
