// Stores that learn the newest token when the lock changes hands (shared/domain.md, "Fenced at
// takeover", "Equality with the current token"): Temporal's shard range_id and Flink's fenced
// endpoints, each with its public case's outcome held by takeover.test.ts.

import type { Action } from '../core/scenario';
import { RACE_ACTIONS, scenarioOf, type Preset } from './build';

/** The old owner freezes holding its write; the new owner takes over and writes only much later,
 * so the stale write arrives first. */
const TAKEOVER_ACTIONS: Action[] = [
  { atMs: 0, type: 'acquire', client: 'Client1' },
  { atMs: 100, type: 'pause', client: 'Client1', durationMs: 1500 },
  { atMs: 100, type: 'write', client: 'Client1', value: 'Y' },
  { atMs: 1200, type: 'acquire', client: 'Client2' },
  { atMs: 2000, type: 'write', client: 'Client2', value: 'X' },
];

export const temporalTakeover: Preset = {
  id: 'temporal-shard-takeover',
  title: 'Temporal: a shard fenced at takeover',
  summary:
    "Taking a history shard writes range_id + 1 into the store before anything else, and every later write is conditioned on it. Client1 freezes holding a write; Client2 takes the lock and fences the store with token 34 at once. Client1's write with 33 arrives before Client2 has written anything, and is refused all the same (Temporal's ShardOwnershipLostError).",
  scenario: scenarioOf({
    name: 'Temporal: the old shard owner refused before the new one writes',
    strategy: 'fencing',
    knobs: { check: 'token-seq', fenceAtTakeover: true },
    actions: TAKEOVER_ACTIONS,
    labels: [
      { label: 'takeover', kind: 'store.fenced', client: 'Client2', token: 34 },
      { label: 'stale', kind: 'write.rejected', client: 'Client1', token: 33, stale: true },
      { label: 'new', kind: 'write.accepted', client: 'Client2', token: 34 },
    ],
  }),
};

export const flinkEquality: Preset = {
  id: 'flink-leader-session',
  title: 'Flink: the leader session id, checked for equality',
  summary:
    "Flink's token is the leader session id, a random UUID, and a fenced endpoint accepts a message only if its token equals the one it expects. Client2 becomes leader, the store is given its id and Client2 writes; the old leader's message, arriving later, whatever its random id, is not that one and is ignored.",
  scenario: scenarioOf({
    name: 'Flink: the old leader refused by equality with random tokens',
    strategy: 'fencing',
    knobs: { tokenSource: 'uuid', check: 'equal' },
    actions: RACE_ACTIONS,
    labels: [
      { label: 'takeover', kind: 'store.fenced', client: 'Client2' },
      { label: 'new', kind: 'write.accepted', client: 'Client2' },
      { label: 'stale', kind: 'write.rejected', client: 'Client1', stale: true },
    ],
  }),
};

export const TAKEOVER_PRESETS: readonly Preset[] = [temporalTakeover, flinkEquality];
