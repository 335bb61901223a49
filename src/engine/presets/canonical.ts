// The article's canonical race, under fencing and under a plain lease, plus the same zombie made by
// a slow network instead of a pause.

import { RACE_ACTIONS, raceLabels, scenarioOf, type Preset } from './build';

export const canonicalRace: Preset = {
  id: 'canonical-race',
  title: 'The canonical race (fencing token)',
  summary:
    'Client1 gets token 33 and freezes in a GC pause before its write leaves. Its lease expires, Client2 gets 34 and writes. When Client1 wakes and writes with 33, the store has already seen 34 and refuses it: 33 <= 34.',
  scenario: scenarioOf({
    name: 'The canonical race',
    description:
      "The article's step trace, t0 to t6, with a fencing token and the article's check (reject token <= max_seen).",
    strategy: 'fencing',
    actions: RACE_ACTIONS,
    labels: raceLabels(),
  }),
};

export const leaseTrustRace: Preset = {
  id: 'lease-trust-race',
  title: 'The same race with a plain lease',
  summary:
    "The same pause, but the store trusts whoever writes. Client1 wakes believing it still holds the lock and its stale write Y overwrites Client2's X.",
  scenario: scenarioOf({
    name: 'The race with a plain lease',
    strategy: 'lease-trust',
    actions: RACE_ACTIONS,
    labels: [...raceLabels(0).slice(0, 6), { label: 't6', kind: 'write.accepted', client: 'Client1' }],
  }),
};

export const slowNetwork: Preset = {
  id: 'slow-network',
  title: 'A zombie made by a slow network',
  summary:
    'No pause this time: Client1 writes while its lease is valid, but the network holds the packet for 2.5 s. By the time it lands, Client2 holds 34 and has written, so the store refuses 33.',
  scenario: scenarioOf({
    name: 'A write delayed past the lease',
    strategy: 'fencing',
    actions: [
      { atMs: 0, type: 'acquire', client: 'Client1' },
      { atMs: 90, type: 'delay', from: 'Client1', to: 'Storage', extraMs: 2500 },
      { atMs: 100, type: 'write', client: 'Client1', value: 'Y' },
      { atMs: 1200, type: 'acquire', client: 'Client2' },
      { atMs: 1300, type: 'write', client: 'Client2', value: 'X' },
    ],
    labels: [
      { label: 't0', kind: 'lock.granted', client: 'Client1' },
      { label: 't1', kind: 'write.sent', party: 'Client1' },
      { label: 't2', kind: 'lease.expired', client: 'Client1' },
      { label: 't3', kind: 'lock.granted', client: 'Client2' },
      { label: 't4', kind: 'write.accepted', client: 'Client2', token: 34 },
      { label: 't6', kind: 'write.rejected', client: 'Client1' },
    ],
  }),
};

/** This file's presets: the default run (the canonical race) and its two closest variants. */
export const DEFAULT_RUN_PRESETS: readonly Preset[] = [canonicalRace, leaseTrustRace, slowNetwork];
