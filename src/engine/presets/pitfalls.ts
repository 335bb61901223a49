// One preset per pitfall of the article, each showing its failure the way
// shared/domain.md describes it (P1-P9). Tests assert each fails exactly so.

import { RACE_ACTIONS, raceLabels, scenarioOf, type Preset } from './build';

export const counterReset: Preset = {
  id: 'pitfall-counter-reset',
  title: 'Pitfall: a counter that resets on restart',
  summary:
    'The lock service keeps its counter in memory. After Client2 has written with 34, the service restarts and hands out 33 again, so the rightful holder is refused by a store that has seen 34.',
  scenario: scenarioOf({
    name: 'Counter reset on restart',
    strategy: 'fencing',
    knobs: { tokenSource: 'resetting-counter' },
    actions: [
      ...RACE_ACTIONS,
      { atMs: 1500, type: 'crash', party: 'LockService', restartAfterMs: 200 },
      { atMs: 2300, type: 'acquire', client: 'Client2' },
      { atMs: 2400, type: 'write', client: 'Client2', value: 'Z' },
    ],
    labels: [
      { label: 't0', kind: 'lock.granted', client: 'Client1' },
      { label: 't3', kind: 'lock.granted', client: 'Client2' },
      { label: 't4', kind: 'write.accepted', client: 'Client2', token: 34 },
      { label: 'restart', kind: 'node.restarted', party: 'LockService' },
      { label: 'reissue', kind: 'lock.granted', client: 'Client2', token: 33 },
      { label: 'stuck', kind: 'write.rejected', client: 'Client2' },
    ],
  }),
};

export const lessThanDuplicate: Preset = {
  id: 'pitfall-less-than',
  title: 'Pitfall: < instead of <= with a repeated token',
  summary:
    'The store rejects only tokens below max_seen, and a restarted lock service issues 33 twice. Client2 writes with 33; the zombie Client1 also holds 33, and 33 < 33 is false, so both writes land.',
  scenario: scenarioOf({
    name: 'Reject < with a duplicated token',
    strategy: 'fencing',
    knobs: { tokenSource: 'resetting-counter', check: 'reject-lt' },
    actions: [...RACE_ACTIONS, { atMs: 500, type: 'crash', party: 'LockService', restartAfterMs: 100 }],
    labels: [
      { label: 't0', kind: 'lock.granted', client: 'Client1', token: 33 },
      { label: 't1', kind: 'client.paused', party: 'Client1' },
      { label: 'crash', kind: 'node.crashed', party: 'LockService' },
      { label: 't3', kind: 'lock.granted', client: 'Client2', token: 33 },
      { label: 't4', kind: 'write.accepted', client: 'Client2', token: 33 },
      { label: 't5', kind: 'client.resumed', party: 'Client1' },
      { label: 't6', kind: 'write.accepted', client: 'Client1', token: 33 },
    ],
  }),
};

export const uncheckedSecondStore: Preset = {
  id: 'pitfall-second-store',
  title: 'Pitfall: a second store that does not check',
  summary:
    "Each write goes to two stores, and only Storage checks tokens. Storage refuses the zombie's 33; Storage2 applies it, so the two stores now disagree.",
  scenario: scenarioOf({
    name: 'Two stores, one unchecked',
    strategy: 'fencing',
    knobs: { secondResource: 'unchecked' },
    actions: RACE_ACTIONS,
    labels: [...raceLabels(), { label: 'hole', kind: 'write.accepted', party: 'Storage2', client: 'Client1' }],
  }),
};

export const emailOutsideFence: Preset = {
  id: 'pitfall-email',
  title: 'Pitfall: a side effect outside the fence',
  summary:
    "With every write the client also asks a mail service to send an email. The store refuses the zombie's write, but the mail service checks nothing and the zombie's email goes out.",
  scenario: scenarioOf({
    name: 'An email escapes the fence',
    strategy: 'fencing',
    knobs: { sideEffect: 'email' },
    actions: RACE_ACTIONS,
    labels: [...raceLabels(), { label: 'escape', kind: 'effect.sent', client: 'Client1' }],
  }),
};

export const earlyZombie: Preset = {
  id: 'pitfall-early-zombie',
  title: 'Pitfall: the zombie writes before the new holder',
  summary:
    "Client1 wakes while Client2 holds 34 but has not written yet. The store has seen nothing newer than 33, so it accepts the zombie's write. Fencing orders writes at the store; it cannot refuse what arrives before the newer token. The new holder should touch the store first.",
  scenario: scenarioOf({
    name: 'The zombie writes before 34 lands',
    strategy: 'fencing',
    actions: [
      { atMs: 0, type: 'acquire', client: 'Client1' },
      { atMs: 100, type: 'pause', client: 'Client1', durationMs: 1400 },
      { atMs: 100, type: 'write', client: 'Client1', value: 'Y' },
      { atMs: 1200, type: 'acquire', client: 'Client2' },
      { atMs: 2000, type: 'write', client: 'Client2', value: 'X' },
    ],
    labels: [
      { label: 't0', kind: 'lock.granted', client: 'Client1' },
      { label: 't1', kind: 'client.paused', party: 'Client1' },
      { label: 't2', kind: 'lease.expired', client: 'Client1' },
      { label: 't3', kind: 'lock.granted', client: 'Client2' },
      { label: 't5', kind: 'client.resumed', party: 'Client1' },
      { label: 'early', kind: 'write.accepted', client: 'Client1', token: 33 },
      { label: 'later', kind: 'write.accepted', client: 'Client2', token: 34 },
    ],
  }),
};

export const uuidToken: Preset = {
  id: 'pitfall-uuid',
  title: 'Pitfall: a random token',
  summary:
    "The lock service hands out random values. They are unique, but the store can only compare them as text, and here the zombie's value happens to sort above Client2's: its stale write is accepted.",
  scenario: scenarioOf({
    name: 'A random (UUID-like) token',
    strategy: 'fencing',
    knobs: { tokenSource: 'uuid' },
    // With seed 7 the zombie's random value (c65ba249) sorts above Client2's (640d848b).
    seed: 7,
    actions: RACE_ACTIONS,
    labels: raceLabels(0).map((l) => (l.label === 't6' ? { ...l, kind: 'write.accepted' } : l)),
  }),
};

export const wallClockToken: Preset = {
  id: 'pitfall-wall-clock',
  title: 'Pitfall: a wall-clock token',
  summary:
    "Tokens are the lock service's clock in ms. Between the two grants an NTP correction steps that clock back 2 s, so Client2's token is smaller than the zombie's, and the zombie's write is accepted.",
  scenario: scenarioOf({
    name: 'A wall-clock token and a clock step',
    strategy: 'fencing',
    knobs: { tokenSource: 'wall-clock' },
    clocks: { LockService: { offsetMs: 1_000_000, driftPpm: 0 } },
    actions: [...RACE_ACTIONS, { atMs: 1100, type: 'clockJump', party: 'LockService', deltaMs: -2000 }],
    labels: [
      { label: 't0', kind: 'lock.granted', client: 'Client1' },
      { label: 't1', kind: 'client.paused', party: 'Client1' },
      { label: 't2', kind: 'lease.expired', client: 'Client1' },
      { label: 'ntp', kind: 'clock.jumped', party: 'LockService' },
      { label: 't3', kind: 'lock.granted', client: 'Client2' },
      { label: 't4', kind: 'write.accepted', client: 'Client2' },
      { label: 't5', kind: 'client.resumed', party: 'Client1' },
      { label: 't6', kind: 'write.accepted', client: 'Client1' },
    ],
  }),
};

export const noCheck: Preset = {
  id: 'pitfall-no-check',
  title: 'Pitfall: the store does not check',
  summary:
    "Tokens are issued and carried, but the store never compares them. A token nobody validates is decoration: the zombie's 33 overwrites Client2's 34.",
  scenario: scenarioOf({
    name: 'Tokens carried, never checked',
    strategy: 'fencing',
    knobs: { check: 'none' },
    actions: RACE_ACTIONS,
    labels: [...raceLabels().slice(0, 6), { label: 't6', kind: 'write.accepted', client: 'Client1' }],
  }),
};
