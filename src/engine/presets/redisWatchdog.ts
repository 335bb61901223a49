// The Redis lock with a watchdog's preset: Redisson's defaults (a 30 s lock, renewed every 10 s,
// the holder never told) and a 20.2 s pause that starts just before a renewal.

import type { Action } from '../core/scenario';
import { scenarioOf, type Preset } from './build';

const FIXED = { latencyMsMin: 2, latencyMsMax: 2, dropRate: 0 };

/**
 * Client1 holds a 30 s lock renewed every 10 s; Client2 waits from 1 s; Client1 freezes at
 * `pauseAtMs` for 20.2 s, then writes w1 at 30.5 s and unlocks at 31 s; Client2 writes w2 at 30.2 s.
 */
export const watchdogPauseActions = (pauseAtMs: number): Action[] => [
  { atMs: 0, type: 'acquire', client: 'Client1' },
  { atMs: 1000, type: 'acquire', client: 'Client2' },
  { atMs: pauseAtMs, type: 'pause', client: 'Client1', durationMs: 20_200 },
  { atMs: 30_200, type: 'write', client: 'Client2', value: 'w2' },
  { atMs: 30_500, type: 'write', client: 'Client1', value: 'w1' },
  { atMs: 31_000, type: 'release', client: 'Client1' },
];

const watchdogPauseBeforeRenewal: Preset = {
  id: 'redis-watchdog-pause',
  title: 'Redis with a watchdog: a pause just before a renewal',
  summary:
    "Redisson's default lock: one Redis, a 30 s expiry (lockWatchdogTimeout), and a watchdog that pushes it back every 10 s while the holder's process lives. Client1 freezes at 9.9 s for 20.2 s, a JVM pause of the kind public reports describe, so the renewal due at 10 s never goes. Redis lets the key expire at 30 s and gives the lock to Client2, which writes w2. Nobody tells Client1: it wakes at 30.1 s and writes w1 on top, and the store, given no token, takes it. Start the same pause at 10.1 s, just after a renewal, and the lock outlasts it. Sources: Redisson's documentation and RedissonBaseLock.java.",
  scenario: scenarioOf({
    name: 'Redis with a watchdog: a pause just before a renewal',
    strategy: 'redis-watchdog',
    knobs: { leaseTtlMs: 30_000 },
    network: FIXED,
    actions: watchdogPauseActions(9_900),
    labels: [
      { label: 'frozen', kind: 'client.paused', party: 'Client1' },
      { label: 'expired', kind: 'lease.expired', client: 'Client1' },
      { label: 'granted', kind: 'lock.granted', client: 'Client2' },
      { label: 'lost', kind: 'lease.lost', party: 'Client1' },
      { label: 'w2', kind: 'write.accepted', client: 'Client2', anyVerdict: true },
      { label: 'w1', kind: 'write.accepted', client: 'Client1', anyVerdict: true },
    ],
  }),
};

export const REDIS_WATCHDOG_PRESETS: readonly Preset[] = [watchdogPauseBeforeRenewal];
