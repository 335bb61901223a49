// Redlock's presets: the canonical race (no order, so the zombie lands), and the two ways to get
// two holders with no pause at all (Kleppmann 2016): a master's clock jump, a master's restart.

import type { Action } from '../core/scenario';
import { RACE_ACTIONS, raceLabels, scenarioOf, type Preset } from './build';

/** Client1 cannot reach Redis4 and Redis5; Client2 cannot reach Redis1 and Redis2. */
const SPLIT: Action[] = [
  { atMs: 0, type: 'partition', a: 'Client1', b: 'Redis4' },
  { atMs: 0, type: 'partition', a: 'Client1', b: 'Redis5' },
  { atMs: 0, type: 'partition', a: 'Client2', b: 'Redis1' },
  { atMs: 0, type: 'partition', a: 'Client2', b: 'Redis2' },
];

const TWO_HOLDERS: Action[] = [
  { atMs: 0, type: 'acquire', client: 'Client1' },
  { atMs: 400, type: 'acquire', client: 'Client2' },
  { atMs: 500, type: 'write', client: 'Client2', value: 'X' },
  { atMs: 600, type: 'write', client: 'Client1', value: 'Y' },
];

export const redlockRace: Preset = {
  id: 'redlock-race',
  title: 'Redlock: the canonical race',
  summary:
    "Client1 sets its random value on all five masters and freezes. The keys expire, Client2 sets its own value and writes X. Client1 wakes and writes Y: the store has no way to order two random values, so it takes Y and Client2's X is lost.",
  scenario: scenarioOf({
    name: 'Redlock: the canonical race',
    strategy: 'redlock',
    actions: RACE_ACTIONS,
    labels: raceLabels(0).map((l) => (l.label === 't6' ? { ...l, kind: 'write.accepted' } : l)),
  }),
};

export const redlockClockJump: Preset = {
  id: 'redlock-clock-jump',
  title: 'Redlock: a clock jump on one master',
  summary:
    "Client1 reaches only Redis1-3 and holds the lock with that majority. Redis3's clock jumps forward, so its key expires early; Client2, which reaches only Redis3-5, now gets a majority too. Nobody paused, both clients hold a valid lock, and both writes land.",
  scenario: scenarioOf({
    name: 'Redlock: a master clock jump gives two holders',
    strategy: 'redlock',
    actions: [...SPLIT, ...TWO_HOLDERS, { atMs: 300, type: 'clockJump', party: 'Redis3', deltaMs: 1000 }],
    labels: [
      { label: 't0', kind: 'lock.granted', client: 'Client1' },
      { label: 'jump', kind: 'clock.jumped', party: 'Redis3' },
      { label: 'expired', kind: 'lease.expired', party: 'Redis3', client: 'Client1' },
      { label: 't3', kind: 'lock.granted', client: 'Client2' },
      { label: 't4', kind: 'write.accepted', client: 'Client2' },
      { label: 'both', kind: 'write.accepted', client: 'Client1' },
    ],
  }),
};

export const redlockRestart: Preset = {
  id: 'redlock-restart',
  title: 'Redlock: a master restarts without persistence',
  summary:
    "Client1 holds the lock on Redis1-3. Redis3 crashes and comes back empty, because it kept its keys only in memory; Client2, which reaches only Redis3-5, gets a majority. Two holders again, no pause needed. (Redis's fix is fsync on every write, or restarting only after the longest TTL.)",
  scenario: scenarioOf({
    name: 'Redlock: a master restart without fsync gives two holders',
    strategy: 'redlock',
    actions: [...SPLIT, ...TWO_HOLDERS, { atMs: 300, type: 'crash', party: 'Redis3', restartAfterMs: 50 }],
    labels: [
      { label: 't0', kind: 'lock.granted', client: 'Client1' },
      { label: 'crash', kind: 'node.crashed', party: 'Redis3' },
      { label: 'empty', kind: 'node.restarted', party: 'Redis3' },
      { label: 't3', kind: 'lock.granted', client: 'Client2' },
      { label: 't4', kind: 'write.accepted', client: 'Client2' },
      { label: 'both', kind: 'write.accepted', client: 'Client1' },
    ],
  }),
};

export const REDLOCK_PRESETS: readonly Preset[] = [redlockRace, redlockClockJump, redlockRestart];
