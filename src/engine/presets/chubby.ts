// Chubby's presets: the canonical race against a server that checks sequencers, and against one
// that does not, protected only by lock-delay: harmless if the zombie's request lands within the
// delay, harmful if it lands after.

import { RACE_ACTIONS, raceLabels, scenarioOf, type Preset } from './build';
import type { StepLabel } from '../core/scenario';

export const chubbyRace: Preset = {
  id: 'chubby-race',
  title: 'Chubby: the canonical race with a checking server',
  summary:
    "Client1 holds generation 33 and freezes. Its session expires and the lock-delay holds the lock free for a lease length; then Client2 gets generation 34 and writes. The server checks sequencers against the newest it has seen and refuses Client1's 33.",
  scenario: scenarioOf({
    name: 'Chubby: the canonical race (server checks the sequencer)',
    strategy: 'chubby',
    actions: RACE_ACTIONS,
    labels: raceLabels(),
  }),
};

const delayLabels: StepLabel[] = [
  { label: 't0', kind: 'lock.granted', client: 'Client1' },
  { label: 't1', kind: 'client.paused', party: 'Client1' },
  { label: 't2', kind: 'lease.expired', client: 'Client1' },
];

export const chubbyLockDelayLate: Preset = {
  id: 'chubby-lock-delay-late',
  title: "Chubby: the zombie's write lands after the lock-delay",
  summary:
    "The server does not check sequencers; only lock-delay protects it. Client1's pause outlasts its session and the whole lock-delay, Client2 gets the lock and writes X, and Client1's Y lands afterwards: accepted, and X is lost. Chubby's paper calls lock-delay imperfect for this reason.",
  scenario: scenarioOf({
    name: 'Chubby: a non-checking server, the zombie writes after the lock-delay',
    strategy: 'chubby',
    knobs: { check: 'none' },
    actions: RACE_ACTIONS,
    labels: [
      ...delayLabels,
      { label: 't3', kind: 'lock.granted', client: 'Client2' },
      { label: 't4', kind: 'write.accepted', client: 'Client2' },
      { label: 't5', kind: 'client.resumed', party: 'Client1' },
      { label: 't6', kind: 'write.accepted', client: 'Client1' },
    ],
  }),
};

export const chubbyLockDelayCovers: Preset = {
  id: 'chubby-lock-delay-covers',
  title: "Chubby: the zombie's write lands within the lock-delay",
  summary:
    "The same non-checking server and the same 1000 ms lock-delay, but a shorter pause: Client1 wakes while the lock-delay still holds the lock free. Its late write Y lands before anyone else holds the lock, and Client2's X, written after it gets the lock, comes last. No harm, by timing alone.",
  scenario: scenarioOf({
    name: 'Chubby: a non-checking server, the zombie writes within the lock-delay',
    strategy: 'chubby',
    knobs: { check: 'none' },
    actions: [
      { atMs: 0, type: 'acquire', client: 'Client1' },
      { atMs: 100, type: 'pause', client: 'Client1', durationMs: 1500 },
      { atMs: 100, type: 'write', client: 'Client1', value: 'Y' },
      { atMs: 1200, type: 'acquire', client: 'Client2' },
      { atMs: 1300, type: 'write', client: 'Client2', value: 'X' },
    ],
    labels: [
      ...delayLabels,
      { label: 't5', kind: 'client.resumed', party: 'Client1' },
      { label: 'within', kind: 'write.accepted', client: 'Client1' },
      { label: 't3', kind: 'lock.granted', client: 'Client2' },
      { label: 't4', kind: 'write.accepted', client: 'Client2' },
    ],
  }),
};

export const CHUBBY_PRESETS: readonly Preset[] = [chubbyRace, chubbyLockDelayLate, chubbyLockDelayCovers];
