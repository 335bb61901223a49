// Renewal cases from public systems whose renewal period is not a third of the lease: Hazelcast's
// FencedLock, whose CP session lasts 300 s and is renewed every 5 s.

import { scenarioOf, type Preset } from './build';

const FIXED = { latencyMsMin: 2, latencyMsMax: 2, dropRate: 0 };

const hazelcastFencedLock: Preset = {
  id: 'hazelcast-fenced-lock',
  title: 'Hazelcast FencedLock: a 20 s pause in a 300 s session',
  summary:
    "Hazelcast's FencedLock ties the lock to a CP session that lasts 300 s and is renewed by a heartbeat every 5 s (its defaults, CPSubsystemConfig.java). Client1 takes the lock with fence 33, writes a, and freezes for 20 s: four heartbeats never go, but the session is far from over, so nobody else gets the lock. It wakes, writes b with the same fence, and the store takes it, as Hazelcast's own service accepts a holder's equal fence (FencedLock.java). Client2 gets the lock only when Client1 unlocks.",
  scenario: scenarioOf({
    name: 'Hazelcast FencedLock: a 20 s pause in a 300 s session',
    strategy: 'fencing',
    knobs: { leaseTtlMs: 300_000, keepalive: true, renewEveryMs: 5_000, check: 'token-seq' },
    network: FIXED,
    actions: [
      { atMs: 0, type: 'acquire', client: 'Client1' },
      { atMs: 1000, type: 'write', client: 'Client1', value: 'a' },
      { atMs: 2000, type: 'acquire', client: 'Client2' },
      { atMs: 3000, type: 'pause', client: 'Client1', durationMs: 20_000 },
      { atMs: 24_000, type: 'write', client: 'Client1', value: 'b' },
      { atMs: 25_000, type: 'release', client: 'Client1' },
      { atMs: 26_000, type: 'write', client: 'Client2', value: 'c' },
    ],
    labels: [
      { label: 'a', kind: 'write.accepted', client: 'Client1' },
      { label: 'frozen', kind: 'client.paused', party: 'Client1' },
      { label: 'b', kind: 'write.accepted', client: 'Client1', anyVerdict: true },
      { label: 'granted', kind: 'lock.granted', client: 'Client2' },
    ],
  }),
};

export const RENEWAL_CASE_PRESETS: readonly Preset[] = [hazelcastFencedLock];
