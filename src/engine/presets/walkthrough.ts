// The runs a classroom walkthrough of the article needs beyond the canonical race: a zombie made
// by a slow clock, by a partition, a check that comes too early, the two lease lengths, a
// renewal the network holds up, a holder that writes many times, and a blob store with and
// without a conditional write in front. Each fact a lesson states is asserted in walkthrough.test.ts.

import { RACE_ACTIONS, raceLabels, scenarioOf, type Preset } from './build';
import type { Action, StepLabel } from '../core/scenario';

/** Every message takes 2 ms, so the figures a lesson quotes do not depend on the seed. */
const FIXED = { latencyMsMin: 2, latencyMsMax: 2, dropRate: 0 };

/** A label list whose `t6` (Client1's stale write) is accepted instead of rejected. */
const acceptedT6 = (labels: StepLabel[]): StepLabel[] =>
  labels.map((l) => (l.label === 't6' ? { ...l, kind: 'write.accepted' } : l));

/** Drops the token from labels, for a plain lease (no tokens). */
const untokened = (labels: StepLabel[]): StepLabel[] => labels.map(({ token: _token, ...l }) => l);

// 1. A slow clock, no pause at all.

/** Client1's clock runs 10% slow; Client2 queues for the lock at 900 ms and writes at 1,020 ms;
 * Client1 checks its lease and writes at 1,080 ms. */
const SKEW_ACTIONS: Action[] = [
  { atMs: 0, type: 'acquire', client: 'Client1' },
  { atMs: 900, type: 'acquire', client: 'Client2' },
  { atMs: 1020, type: 'write', client: 'Client2', value: 'X' },
  { atMs: 1080, type: 'write', client: 'Client1', value: 'Y' },
];

const SKEW_LABELS: StepLabel[] = [
  { label: 't0', kind: 'lock.granted', client: 'Client1', token: 33 },
  { label: 't2', kind: 'lease.expired', client: 'Client1' },
  { label: 't3', kind: 'lock.granted', client: 'Client2', token: 34 },
  { label: 't4', kind: 'write.accepted', client: 'Client2', token: 34 },
  { label: 'check', kind: 'lease.checked', party: 'Client1' },
  { label: 't6', kind: 'write.rejected', client: 'Client1', token: 33 },
];

const skewScenario = { knobs: { checkLeaseBeforeWrite: true }, network: FIXED, actions: SKEW_ACTIONS };
/** 10% slow: far more than a real quartz clock drifts, so that it shows within one 1 s lease. */
const SLOW_CLOCK = { Client1: { offsetMs: 0, driftPpm: -100_000 } };

export const skewedClock: Preset = {
  id: 'skewed-clock',
  title: 'A slow clock makes a zombie, no pause needed',
  summary:
    "Client1 never freezes; its clock just runs slow (10% here, exaggerated so it shows within a second). At 1,080 ms it checks its lease by that clock, which reads only 972 ms, sees 28 ms left and writes with token 33. But the lock service ended the lease at 1,002 ms by its own clock and Client2 has already written with 34, so the store refuses 33: it trusts the numbers, not anyone's clock.",
  scenario: scenarioOf({
    name: 'A slow clock, no pause',
    description:
      "Client1's clock runs 10% slow, so its lease looks valid to it after the lock service has expired it. The fencing token catches the late write.",
    strategy: 'fencing',
    clocks: SLOW_CLOCK,
    ...skewScenario,
    labels: SKEW_LABELS,
  }),
};

export const skewedClockTrust: Preset = {
  id: 'skewed-clock-trust',
  title: 'A slow clock with a plain lease',
  summary:
    "The same slow clock, but the store takes whatever a holder sends. Client1's own clock says it has 28 ms of lease left, so it writes Y, and Y overwrites the X Client2 wrote under the lease it was rightly given. Nobody paused, nobody crashed: one clock was wrong.",
  scenario: scenarioOf({
    name: 'A slow clock, no pause, plain lease',
    strategy: 'lease-trust',
    clocks: SLOW_CLOCK,
    ...skewScenario,
    labels: untokened(acceptedT6(SKEW_LABELS)),
  }),
};

// 2. A partition from the lock service only, with a watchdog that is never told.

const PARTITION_ACTIONS: Action[] = [
  { atMs: 0, type: 'acquire', client: 'Client1' },
  { atMs: 100, type: 'write', client: 'Client1', value: 'A' },
  { atMs: 500, type: 'partition', a: 'Client1', b: 'LockService' },
  { atMs: 1200, type: 'acquire', client: 'Client2' },
  { atMs: 1500, type: 'write', client: 'Client2', value: 'X' },
  { atMs: 1700, type: 'write', client: 'Client1', value: 'Y' },
];

const PARTITION_LABELS: StepLabel[] = [
  { label: 't0', kind: 'lock.granted', client: 'Client1', token: 33 },
  { label: 'cut', kind: 'network.partitioned', party: 'Client1' },
  { label: 'lost', kind: 'lease.lost', party: 'Client1' },
  { label: 't2', kind: 'lease.expired', client: 'Client1' },
  { label: 't3', kind: 'lock.granted', client: 'Client2', token: 34 },
  { label: 't4', kind: 'write.accepted', client: 'Client2', token: 34 },
  { label: 't6', kind: 'write.rejected', client: 'Client1', token: 33 },
];

/** A watchdog renews every third of the lease, and Client1's application is never told it failed. */
const WATCHDOG = { keepalive: true, stopActing: { Client1: 'never' } } as const;

export const leaseTrustPartition: Preset = {
  id: 'lease-trust-partition',
  title: 'Cut off from the lock service, still talking to the store',
  summary:
    "Client1's lock library renews its lease in the background, and, like many watchdogs, never tells the application when renewing fails. At 500 ms the network between Client1 and the lock service breaks, but Client1 can still reach the store. The renewals are lost, the lease ends at the service, Client2 gets the lock and writes X; Client1, still sure it holds the lock, writes Y, and the store, which trusts it, lets Y overwrite X.",
  scenario: scenarioOf({
    name: 'Partitioned from the lock service, plain lease',
    strategy: 'lease-trust',
    knobs: WATCHDOG,
    network: FIXED,
    actions: PARTITION_ACTIONS,
    labels: untokened(acceptedT6(PARTITION_LABELS)),
  }),
};

export const fencingPartition: Preset = {
  id: 'fencing-partition',
  title: 'Cut off from the lock service, fenced',
  summary:
    "The same cut: Client1's renewals go nowhere, its library notes the lease lost but its application carries on, and Client2 gets token 34 and writes. Client1's write still reaches the store, with token 33, and the store refuses it: 33 <= 34. The store does not need to know about the partition; the numbers are enough.",
  scenario: scenarioOf({
    name: 'Partitioned from the lock service, fenced',
    strategy: 'fencing',
    knobs: WATCHDOG,
    network: FIXED,
    actions: PARTITION_ACTIONS,
    labels: PARTITION_LABELS,
  }),
};

// 3. Shorter leases: the same race at 1 s and at 250 ms, and a spurious expiry.

/** Client1 writes A, then freezes for 1.5 s with Y decided; Client2 queues at 450 ms with X. */
const LEASE_RACE: Action[] = [
  { atMs: 0, type: 'acquire', client: 'Client1' },
  { atMs: 100, type: 'write', client: 'Client1', value: 'A' },
  { atMs: 400, type: 'pause', client: 'Client1', durationMs: 1500 },
  { atMs: 400, type: 'write', client: 'Client1', value: 'Y' },
  { atMs: 450, type: 'acquire', client: 'Client2' },
  { atMs: 450, type: 'write', client: 'Client2', value: 'X' },
  { atMs: 2500, type: 'release', client: 'Client2' },
];

const LEASE_LABELS: StepLabel[] = [
  { label: 't0', kind: 'lock.granted', client: 'Client1' },
  { label: 't1', kind: 'client.paused', party: 'Client1' },
  { label: 't2', kind: 'lease.expired', client: 'Client1' },
  { label: 't3', kind: 'lock.granted', client: 'Client2' },
  { label: 't4', kind: 'write.accepted', client: 'Client2' },
  { label: 't5', kind: 'client.resumed', party: 'Client1' },
  { label: 't6', kind: 'write.accepted', client: 'Client1' },
];

/** Both lease lengths run for the same 3 s, so their renewal counts compare. */
const leaseRace = (leaseTtlMs: number, name: string) =>
  scenarioOf({
    name,
    strategy: 'lease-trust',
    knobs: { leaseTtlMs, keepalive: true },
    network: FIXED,
    durationMs: 3000,
    actions: LEASE_RACE,
    labels: LEASE_LABELS,
  });

export const leaseLong: Preset = {
  id: 'lease-long',
  title: 'A 1 s lease: the race with renewals',
  summary:
    'Client1 renews a 1 s lease every 333 ms, then freezes for 1.5 s just after writing A, with Y already decided. The lock service waits out the lease and hands the lock to Client2 939 ms after the freeze; Client2 writes X, and Client1 wakes and writes Y over it. Over 3 s the two clients send 4 renewals (8 messages with the answers).',
  scenario: leaseRace(1000, 'The race with a 1 s lease'),
};

export const leaseShort: Preset = {
  id: 'lease-short',
  title: 'A 250 ms lease: a smaller window, not a closed one',
  summary:
    'The same race with a lease four times shorter. The lock service now gives up on the frozen Client1 after 188 ms instead of 939 ms, so a holder that has gone quiet blocks everyone for less time. But the 1.5 s pause is still longer than the lease, so Client1 still wakes as a zombie and Y still overwrites X (any pause longer than the lease will do, and the shorter the lease, the more pauses are that long), and renewals go up from 4 to 27 in the same 3 s.',
  scenario: leaseRace(250, 'The race with a 250 ms lease'),
};

export const leaseShortSpurious: Preset = {
  id: 'lease-short-spurious',
  title: 'A short lease lost to a slow network',
  summary:
    "Client1 is healthy: it never pauses and renews its 250 ms lease every 83 ms. For a quarter of a second the network holds its renewals up by 400 ms each, so none arrives in time: the lease runs out at the service, Client1's own clock tells it the same, and the lock goes to Client2. Client1 did nothing wrong, yet it loses the lock and has to skip its next write; the renewals arrive long after and are refused.",
  scenario: scenarioOf({
    name: 'A spurious expiry under a short lease',
    strategy: 'lease-trust',
    knobs: { leaseTtlMs: 250, keepalive: true },
    network: FIXED,
    actions: [
      { atMs: 0, type: 'acquire', client: 'Client1' },
      { atMs: 50, type: 'write', client: 'Client1', value: 'A' },
      // A latency spike on the link to the lock service: each of the next three renewals is held up.
      { atMs: 100, type: 'delay', from: 'Client1', to: 'LockService', extraMs: 400 },
      { atMs: 180, type: 'delay', from: 'Client1', to: 'LockService', extraMs: 400 },
      { atMs: 260, type: 'delay', from: 'Client1', to: 'LockService', extraMs: 400 },
      { atMs: 200, type: 'acquire', client: 'Client2' },
      { atMs: 200, type: 'write', client: 'Client2', value: 'X' },
      { atMs: 400, type: 'write', client: 'Client1', value: 'B' },
    ],
    labels: [
      { label: 't0', kind: 'lock.granted', client: 'Client1' },
      { label: 'delay', kind: 'network.delayArmed', party: 'Client1' },
      { label: 'lapsed', kind: 'lease.lapsed', party: 'Client1' },
      { label: 'false-expiry', kind: 'lease.expired', client: 'Client1' },
      { label: 'handover', kind: 'lock.granted', client: 'Client2' },
      { label: 'skipped', kind: 'write.skipped', party: 'Client1' },
      { label: 'late-renewal', kind: 'renewal.refused', client: 'Client1' },
    ],
  }),
};

// 4. Carry the token on every write.

export const carryManyWrites: Preset = {
  id: 'carry-many-writes',
  title: 'One grant, many writes, the same token on each',
  summary:
    "Client1 writes A, B and C under its one grant, each carrying token 33; the store tells them apart by their write number (33 = 33, write 2 after write 1) and accepts each, and max_seen stays 33. The article's bare rule would refuse B (33 <= 33): this store compares the write number only when the tokens are equal, the lab's default rule. Then Client1 freezes, Client2 writes with 34, and Client1's late fourth write with 33 is refused (33 <= 34): an older grant loses, however many writes it made.",
  scenario: scenarioOf({
    name: 'Many writes under one grant',
    description:
      "The store compares (token, write number) pairs with <=: a holder's own writes pass, an older grant's never do (as HDFS journal nodes compare epoch and IPC serial).",
    strategy: 'fencing',
    knobs: { check: 'token-seq' },
    network: FIXED,
    actions: [
      { atMs: 0, type: 'acquire', client: 'Client1' },
      { atMs: 100, type: 'write', client: 'Client1', value: 'A' },
      { atMs: 200, type: 'write', client: 'Client1', value: 'B' },
      { atMs: 300, type: 'write', client: 'Client1', value: 'C' },
      { atMs: 400, type: 'pause', client: 'Client1', durationMs: 2500 },
      { atMs: 400, type: 'write', client: 'Client1', value: 'D' },
      { atMs: 1200, type: 'acquire', client: 'Client2' },
      { atMs: 1300, type: 'write', client: 'Client2', value: 'X' },
    ],
    labels: [
      { label: 't0', kind: 'lock.granted', client: 'Client1', token: 33 },
      { label: 'w1', kind: 'write.accepted', client: 'Client1', token: 33 },
      { label: 'w2', kind: 'write.accepted', client: 'Client1', token: 33 },
      { label: 'w3', kind: 'write.accepted', client: 'Client1', token: 33 },
      { label: 't1', kind: 'client.paused', party: 'Client1' },
      { label: 't2', kind: 'lease.expired', client: 'Client1' },
      { label: 't3', kind: 'lock.granted', client: 'Client2', token: 34 },
      { label: 't4', kind: 'write.accepted', client: 'Client2', token: 34 },
      { label: 't5', kind: 'client.resumed', party: 'Client1' },
      { label: 't6', kind: 'write.rejected', client: 'Client1', token: 33 },
    ],
  }),
};

// 5. Check the lease, then write: the pause comes in between.

/** The race, but Client1's write is decided (its check passes) before the pause hits. */
const CHECK_ACTIONS: Action[] = [
  { atMs: 0, type: 'acquire', client: 'Client1' },
  // Listed before the pause: the check runs, then the pause freezes Client1 before the send.
  { atMs: 100, type: 'write', client: 'Client1', value: 'Y' },
  { atMs: 100, type: 'pause', client: 'Client1', durationMs: 2500 },
  { atMs: 1200, type: 'acquire', client: 'Client2' },
  { atMs: 1300, type: 'write', client: 'Client2', value: 'X' },
];

const CHECK_LABELS: StepLabel[] = [
  { label: 't0', kind: 'lock.granted', client: 'Client1' },
  { label: 'check', kind: 'lease.checked', party: 'Client1' },
  ...raceLabels(0).slice(1),
];

export const checkThenWrite: Preset = {
  id: 'check-then-write',
  title: 'Checking the lease right before writing is not enough',
  summary:
    "Client1 is careful: right before it writes, it checks its lease by its own clock, sees 900 ms left and goes ahead. Then a pause freezes it between the check and the send. When it wakes 2.5 s later the write simply leaves, because the check already passed, and with a plain lease the store lets Y overwrite Client2's X.",
  scenario: scenarioOf({
    name: 'Check, pause, write: plain lease',
    strategy: 'lease-trust',
    knobs: { checkLeaseBeforeWrite: true },
    network: FIXED,
    actions: CHECK_ACTIONS,
    labels: acceptedT6(CHECK_LABELS),
  }),
};

export const checkThenWriteFenced: Preset = {
  id: 'check-then-write-fenced',
  title: 'Check, pause, write: the token catches it',
  summary:
    "The same careful client and the same pause between its check and its send. Its check ran in the zombie's own code, so it could not help; the store's check runs where the write lands. Token 33 arrives after 34 has been seen, and the store refuses it: 33 <= 34.",
  scenario: scenarioOf({
    name: 'Check, pause, write: fenced',
    strategy: 'fencing',
    knobs: { checkLeaseBeforeWrite: true },
    network: FIXED,
    actions: CHECK_ACTIONS,
    labels: CHECK_LABELS.map((l) => (l.label === 't0' ? { ...l, token: 33 } : l)),
  }),
};

// 6. A dumb blob store, and one fronted by a conditional write.

export const blobStoreNoCheck: Preset = {
  id: 'blob-store-no-check',
  title: 'A plain blob store cannot fence',
  summary:
    "The lock service issues tokens and the clients carry them, but Storage is a plain blob store: a PUT simply replaces the object, and it has no way to compare anything first. The zombie's write with token 33 arrives after Client2's 34 and overwrites it, just as if there were no token at all.",
  scenario: scenarioOf({
    name: 'A blob store with plain puts',
    strategy: 'fencing',
    knobs: { blobStore: 'plain-put' },
    actions: RACE_ACTIONS,
    labels: acceptedT6(raceLabels()),
  }),
};

export const blobStoreIfMatch: Preset = {
  id: 'blob-store-if-match',
  title: 'A blob store fronted by a conditional write',
  summary:
    "The same blob store with a small front that can fence it: it keeps max_seen in the object's metadata, reads the object's version and max_seen, compares the token, and only then puts, on the condition (If-Match) that the object is still at the version it read. Client2's 34 passes and becomes version 2; the zombie's 33 fails the comparison against max_seen 34, and no put is made.",
  scenario: scenarioOf({
    name: 'A blob store behind an If-Match front',
    strategy: 'fencing',
    knobs: { blobStore: 'if-match' },
    actions: RACE_ACTIONS,
    labels: raceLabels(),
  }),
};
