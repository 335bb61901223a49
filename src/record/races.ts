// The races the recorder runs, one recording each. Schedules are in scenario form (the model runs
// the same actions), with times chosen around the real servers: etcd's shortest lease with default
// flags is 2 s and its lessor revokes expired leases in 500 ms sweeps; ZooKeeper expires sessions
// in tick-sized buckets (200 ms here); so every step that depends on an expiry comes at least
// 600 ms after the expiry's latest real time.

import type { Action } from '../engine/index.ts';
import type { Schedule, SystemId } from './format.ts';

export interface RaceDef {
  id: string;
  system: SystemId;
  title: string;
  measured: string;
  schedule: Schedule;
}

/** The canonical race with a 2 s lease: Client1 freezes at 500 ms for 4.5 s with its write
 * decided; Client2 asks at 3.2 s, after the lease has surely ended, and writes at 3.4 s. */
const RACE: Action[] = [
  { atMs: 0, type: 'acquire', client: 'Client1' },
  // At 500 ms: a loaded 2-core machine has taken over 200 ms to grant the first lock.
  { atMs: 500, type: 'pause', client: 'Client1', durationMs: 4500 },
  { atMs: 500, type: 'write', client: 'Client1', value: 'Y' },
  { atMs: 3200, type: 'acquire', client: 'Client2' },
  { atMs: 3400, type: 'write', client: 'Client2', value: 'X' },
];

const SPLIT: Action[] = [
  { atMs: 0, type: 'partition', a: 'Client1', b: 'Redis4' },
  { atMs: 0, type: 'partition', a: 'Client1', b: 'Redis5' },
  { atMs: 0, type: 'partition', a: 'Client2', b: 'Redis1' },
  { atMs: 0, type: 'partition', a: 'Client2', b: 'Redis2' },
];

export const RACES: readonly RaceDef[] = [
  {
    id: 'etcd-race',
    system: 'etcd',
    title: 'etcd: the canonical race, fenced at the store by revision',
    measured:
      "The lock keys' create revisions (the tokens), when Client1's lease ended (its key deleted), and the store's verdict on the zombie's write.",
    schedule: { strategy: 'etcd', knobs: { leaseTtlMs: 2000, check: 'reject-le' }, actions: RACE, durationMs: 6000 },
  },
  {
    id: 'etcd-txn-race',
    system: 'etcd',
    title: "etcd: the canonical race, fenced by a txn guarded by the lock key's create revision",
    measured:
      "Whether each client's txn `If CreateRevision(lock key) = token Then Put` succeeded, beside the store's verdict.",
    schedule: { strategy: 'etcd', knobs: { leaseTtlMs: 2000, check: 'validity' }, actions: RACE, durationMs: 6000 },
  },
  {
    id: 'etcd-restore',
    system: 'etcd',
    title: 'etcd: a restore from a snapshot taken before the race reissues a revision',
    measured:
      'Client1 locks, writes and releases; etcd is killed and restarted from a snapshot saved before any lock (etcdctl 3.4 snapshot restore, no --bump-revision); Client2 then gets the same revision Client1 had, and the store refuses the rightful holder.',
    schedule: {
      strategy: 'etcd',
      knobs: { leaseTtlMs: 2000, check: 'reject-le', tokenSource: 'resetting-counter' },
      actions: [
        { atMs: 0, type: 'acquire', client: 'Client1' },
        { atMs: 200, type: 'write', client: 'Client1', value: 'A' },
        { atMs: 400, type: 'release', client: 'Client1' },
        { atMs: 600, type: 'crash', party: 'etcd', restartAfterMs: 300 },
        { atMs: 3000, type: 'acquire', client: 'Client2' },
        { atMs: 3200, type: 'write', client: 'Client2', value: 'B' },
      ],
      durationMs: 4000,
    },
  },
  {
    id: 'zookeeper-race',
    system: 'zookeeper',
    title: "ZooKeeper: the canonical race, fenced at the store by the lock node's czxid",
    measured:
      "The lock nodes' czxids (the tokens), when Client1's ephemeral node was deleted after its session expired, the store's verdict on the zombie's write, and what the zombie's library said on waking.",
    schedule: {
      strategy: 'zookeeper',
      knobs: { leaseTtlMs: 2000, check: 'reject-le' },
      actions: RACE,
      durationMs: 6500,
    },
  },
  {
    id: 'zookeeper-partition',
    system: 'zookeeper',
    title: 'ZooKeeper: a session expires behind a partition',
    measured:
      'Client1 is cut off from ZooKeeper (not from the store) at 400 ms: when ZooKeeper deleted its node, whether Client1 still wrote and what the store said, and when its library learned of the expiry after the link healed.',
    schedule: {
      strategy: 'zookeeper',
      knobs: { leaseTtlMs: 2000, check: 'reject-le' },
      actions: [
        { atMs: 0, type: 'acquire', client: 'Client1' },
        { atMs: 400, type: 'partition', a: 'Client1', b: 'ZooKeeper' },
        { atMs: 3000, type: 'acquire', client: 'Client2' },
        { atMs: 3200, type: 'write', client: 'Client2', value: 'X' },
        { atMs: 3400, type: 'write', client: 'Client1', value: 'Y' },
        { atMs: 4500, type: 'heal', a: 'Client1', b: 'ZooKeeper' },
      ],
      durationMs: 7000,
    },
  },
  {
    id: 'redlock-race',
    system: 'redis',
    title: 'Redlock on five Redis masters: the canonical race, at a max_seen store',
    measured:
      "Each master's key (set, expired), the random values, how many masters each client won, and the store's verdict on the zombie, which here is chance: it compares two random values.",
    schedule: { strategy: 'redlock', knobs: { leaseTtlMs: 2000, check: 'reject-le' }, actions: RACE, durationMs: 6000 },
  },
  {
    id: 'redlock-restart',
    system: 'redis',
    title: 'Redlock: a master restarts without persistence, and two clients hold the lock',
    measured:
      'Client1 reaches only Redis1-3, Client2 only Redis3-5. Redis3 is killed and restarted empty; which masters each client won, whether their validity overlapped, and both writes at a store that checks nothing.',
    schedule: {
      strategy: 'redlock',
      knobs: { leaseTtlMs: 10_000, check: 'none' },
      actions: [
        ...SPLIT,
        { atMs: 0, type: 'acquire', client: 'Client1' },
        { atMs: 300, type: 'crash', party: 'Redis3', restartAfterMs: 200 },
        { atMs: 1500, type: 'acquire', client: 'Client2' },
        { atMs: 1700, type: 'write', client: 'Client2', value: 'X' },
        { atMs: 1900, type: 'write', client: 'Client1', value: 'Y' },
      ],
      durationMs: 2500,
    },
  },
];
