// A single Redis lock with a watchdog, as Redisson's RLock takes it by default: one Redis, the
// lock key set only if absent with a 30 s expiry (lockWatchdogTimeout), renewed every third of it
// while the holder's process lives, a random value so only the holder unlocks, and no fencing
// token. Invariant (the lesson): nothing a store can check; a holder whose renewals fail is never
// told, so a pause across a renewal lets a stale write in.

import type { Knobs } from '../core/scenario';
import type { PartyInfo } from '../core/trace';
import type { StrategyDef } from './types';
import type { StopPolicy } from '../core/defaults';
import { storesAndMailer } from './systemParties';

/** The one Redis server that holds the lock key. */
export const REDIS = 'Redis';

/** What a client left out of `stopActing` gets here: Redisson never tells the application that a
 * renewal failed (its watchdog only stops renewing), so the application carries on. */
const WATCHDOG_STOP_POLICY: StopPolicy = 'never';

function parties(knobs: Knobs, clients: string[]): PartyInfo[] {
  return [
    { id: REDIS, kind: 'lock', label: 'Redis' },
    ...clients.map((id): PartyInfo => ({ id, kind: 'client', label: id })),
    ...storesAndMailer(knobs).parties,
  ];
}

/**
 * The knobs a watchdog run's machines get: every client whose stop policy the scenario leaves out
 * never stops (Redisson's holder is not told). Keepalive comes from the strategy's defaults.
 */
export function watchdogKnobs(knobs: Knobs, clients: readonly string[]): Knobs {
  const told = Object.fromEntries(clients.map((c) => [c, knobs.stopActing?.[c] ?? WATCHDOG_STOP_POLICY]));
  return { ...knobs, stopActing: told };
}

export const redisWatchdog: StrategyDef = {
  id: 'redis-watchdog',
  name: 'Redis lock with a watchdog (Redisson)',
  defaults: { tokenSource: 'uuid', check: 'none', keepalive: true },
  choices: { tokenSource: ['uuid'], check: ['none', 'reject-le'] },
  lockAuthority: REDIS,
  leaseKnob: 'Lock expiry, lockWatchdogTimeout (ms)',
  hasRenewalKnobs: true,
  defaultStopPolicy: WATCHDOG_STOP_POLICY,
  parties,
};
