// Presets from real incident shapes (issue 10): a holder whose renewals fail while its library
// never tells it, a ZooKeeper holder nobody interrupts, and a lock service that keeps a lease past
// its TTL and then holds the lock back (Consul's session TTL and lock-delay).

import { scenarioOf, type Preset } from './build';
import type { Action } from '../core/scenario';

const FIXED = { latencyMsMin: 2, latencyMsMax: 2, dropRate: 0 };

/** The lease-trust case: Client1 is cut from the lock service at 100 ms. */
export const CUT_FROM_SERVICE: Action[] = [
  { atMs: 0, type: 'acquire', client: 'Client1' },
  { atMs: 100, type: 'partition', a: 'Client1', b: 'LockService' },
  { atMs: 1200, type: 'acquire', client: 'Client2' },
  { atMs: 1300, type: 'write', client: 'Client2', value: 'w2' },
  { atMs: 1500, type: 'write', client: 'Client1', value: 'w1' },
];

const watchdogNeverTold: Preset = {
  id: 'incident-watchdog',
  title: 'A renewal fails, and the holder is never told',
  summary:
    "Client1's library renews its lease every third of it, as a watchdog does, and holds the lock until the application releases it. At 100 ms Client1 loses its link to the lock service: the renewals go nowhere, the lease runs out, and Client2 takes the lock and writes w2. Client1 was never told, so it writes w1 on top. With no token, the store takes it. Switch to the fencing token to see w1 refused.",
  scenario: scenarioOf({
    name: 'A renewal fails, and the holder is never told',
    strategy: 'lease-trust',
    knobs: { keepalive: true, stopActing: { Client1: 'never' } },
    network: FIXED,
    actions: CUT_FROM_SERVICE,
    labels: [
      { label: 'cut', kind: 'network.partitioned', party: 'Client1' },
      { label: 'lost', kind: 'lease.lost', party: 'Client1' },
      { label: 'expired', kind: 'lease.expired', client: 'Client1' },
      { label: 'w2', kind: 'write.accepted', client: 'Client2' },
      { label: 'w1', kind: 'write.accepted', client: 'Client1' },
    ],
  }),
};

/** The ZooKeeper case: Client1 cut from ZooKeeper at 200 ms, heal at 3000. */
export const CUT_FROM_ZK: Action[] = [
  { atMs: 0, type: 'acquire', client: 'Client1' },
  { atMs: 200, type: 'partition', a: 'Client1', b: 'ZooKeeper' },
  { atMs: 1100, type: 'acquire', client: 'Client2' },
  { atMs: 1400, type: 'write', client: 'Client2', value: 'w2' },
  { atMs: 2500, type: 'write', client: 'Client1', value: 'w1' },
  { atMs: 3000, type: 'heal', a: 'Client1', b: 'ZooKeeper' },
];

const zookeeperNeverInterrupted: Preset = {
  id: 'zookeeper-never-interrupted',
  title: 'ZooKeeper: nobody interrupts the holder',
  summary:
    "Curator tells a lock holder when its connection is SUSPENDED and when its session is LOST, but stopping the work is up to the application. This one never looks. Cut off from ZooKeeper at 200 ms, Client1's session expires, Client2 gets the lock and writes, and Client1 writes at 2,500 ms with its old token. The store checks the lock node's czxid and refuses it. Change when Client1 stops acting to see it stop at SUSPENDED or at LOST instead.",
  scenario: scenarioOf({
    name: 'ZooKeeper: nobody interrupts the holder',
    strategy: 'zookeeper',
    knobs: { stopActing: { Client1: 'never' } },
    network: FIXED,
    actions: CUT_FROM_ZK,
    labels: [
      { label: 'cut', kind: 'network.partitioned', party: 'Client1' },
      { label: 'suspended', kind: 'session.suspended', party: 'Client1' },
      { label: 'expired', kind: 'lease.expired', client: 'Client1' },
      { label: 'w2', kind: 'write.accepted', client: 'Client2' },
      { label: 'lost', kind: 'lease.lost', party: 'Client1' },
      { label: 'w1', kind: 'write.rejected', client: 'Client1' },
    ],
  }),
};

const consulLockDelay: Preset = {
  id: 'consul-lock-delay',
  title: 'A 10 s lease that keeps the lock for 35 s',
  summary:
    'The lock service promises Client1 a 10 s lease but, as Consul may, keeps it up to twice as long, and when it ends unreleased it holds the lock back for a 15 s lock-delay. Client1 freezes at 100 ms; Client2 asks at 1 s and gets the lock only at 35 s. Safer for the data, slower to recover: the cost of waiting out a holder that cannot be reached. The Consul documents give its lock-delay as 15 s by default and say a session may be kept up to twice its TTL; a user reported a 10 s TTL freeing the lock only after about 35 s.',
  scenario: scenarioOf({
    name: 'A 10 s lease that keeps the lock for 35 s',
    strategy: 'fencing',
    knobs: { leaseTtlMs: 10_000, leaseGraceFactor: 2, lockDelayMs: 15_000 },
    network: FIXED,
    actions: [
      { atMs: 0, type: 'acquire', client: 'Client1' },
      { atMs: 100, type: 'pause', client: 'Client1' },
      { atMs: 1000, type: 'acquire', client: 'Client2' },
      { atMs: 1000, type: 'write', client: 'Client2', value: 'X' },
    ],
    labels: [
      { label: 'frozen', kind: 'client.paused', party: 'Client1' },
      { label: 'expired', kind: 'lease.expired', client: 'Client1' },
      { label: 'free', kind: 'lockDelay.ended' },
      { label: 'granted', kind: 'lock.granted', client: 'Client2' },
    ],
  }),
};

export const INCIDENT_PRESETS: readonly Preset[] = [watchdogNeverTold, zookeeperNeverInterrupted, consulLockDelay];
