// What the lab says about etcd's lock (../etcd.ts defines it): apart from the definition, so a page
// that never shows these sentences (the embed) never loads them.

import type { StrategyAbout } from '../types';

export const etcdAbout: StrategyAbout = {
  summary:
    "Each client takes a lease and puts a lock key under a prefix; the key with the lowest create revision holds the lock, and that revision (from etcd's Raft-ordered global counter) is the token. When a paused client's lease expires its key is deleted, the next owner's revision is larger, and a store that keeps the highest revision seen refuses the zombie; with the data inside etcd, a txn guarded by the lock key refuses it as soon as the lease is gone.",
  timers:
    "Leases expire on the leader's monotonic clock (etcd 3.1 and later), and the client's keepalives and deadline use a monotonic clock too: a wall-clock step on etcd or on a client expires nothing.",
  simplification:
    "The cluster is one linearizable service (a crash and restart is a leader change that extends every lease); a waiter's watch and its check that its key still exists are one reply, lease ids are short counters rather than etcd's member-and-time ids; a lease ends exactly at its TTL, where a real one ends up to about 800 ms later: etcd's lessor revokes expired leases in sweeps every 500 ms, and the real lease was granted a little after the model's, with the client's HTTP set-up (the Real servers recordings show it); it takes any lease TTL, where a real etcd with default flags makes one under 2 s last 2 s (the canonical race's 1 s lease among them); and in the guarded-txn race the real clients write to the max_seen store as well as through the txn, the model's only through the txn.",
  sourceWords: {
    'durable-counter': {
      label: "The lock key's create revision",
      explain: 'The cluster-wide revision at which the lock key was created: it only grows.',
    },
    'resetting-counter': {
      label: 'Create revision, after a restore without --bump-revision',
      explain:
        'Restoring an old snapshot sets the revision back, so revisions already handed out are handed out again.',
    },
  },
  keptAlive:
    "An etcd client sends keepalives every third of its lease's TTL, so a holder that is neither frozen nor cut off keeps its lease, and the lock, until it lets go: rows whose leases are not renewed lose the lock at the lease's end instead.",
  recordedOn: 'etcd 3.4.23',
  sources: [
    {
      title: 'etcd client, concurrency/mutex.go',
      url: 'https://github.com/etcd-io/etcd/blob/main/client/v3/concurrency/mutex.go',
    },
    { title: 'etcd server, lease/lessor.go', url: 'https://github.com/etcd-io/etcd/blob/main/server/lease/lessor.go' },
    { title: 'Jepsen, “etcd 3.4.3” (2020)', url: 'https://jepsen.io/analyses/etcd-3.4.3' },
  ],
};
