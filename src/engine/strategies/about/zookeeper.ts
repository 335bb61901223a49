// What the lab says about ZooKeeper's lock recipe (../zookeeper.ts defines it): apart from the definition, so a page
// that never shows these sentences (the embed) never loads them.

import type { StrategyAbout } from '../types';

export const zookeeperAbout: StrategyAbout = {
  summary:
    "Each client creates an ephemeral sequential node; the lowest node holds the lock, and its czxid (the id of the transaction that created it, ordered by Zab) is the token. A paused client's session expires, its node is deleted, the next client's node (with a larger czxid) holds the lock, and a store that keeps the highest czxid it has seen refuses the zombie.",
  timers:
    "Sessions expire on the leader's monotonic clock (System.nanoTime in its session tracker), and the client's heartbeats and its SUSPENDED and LOST timers are monotonic too: a wall-clock step on ZooKeeper or on a client expires nothing.",
  simplification:
    "The ensemble is one linearizable service (a crash and restart is a leader change); create, getChildren and the watch on the predecessor are one request, and when the predecessor's node goes, ZooKeeper itself tells the watcher its node is now the lowest (the watch event and the client's getChildren in one message); by default the client stops believing at Curator's LOST (the stop policy chooses SUSPENDED or never instead), and SUSPENDED comes from its own silence timer, not a TCP disconnect; zxids are shown without their epoch until a leader change, after which a zxid is its epoch times 2^32 plus a counter (4294967298 is epoch 1, transaction 2); the lock's parent node starts with its cversion at the run's first token (33), so the nodes' sequence suffixes match the article's numbers, where a freshly created real parent starts at 0 (n-0000000000 in the recordings); a session expires exactly at its timeout, where a real one ends up to about 600 ms later: ZooKeeper expires sessions in tick-sized buckets (200 ms here) and then closes the session, which deletes its ephemeral node (the Real servers recordings show it); and the client is Curator, whose LOST timer ends the belief behind a partition, where a bare client such as node-zookeeper-client says nothing until it reaches the server again, so its zombie writes (recorded: the store refused it).",
  sourceWords: {
    'durable-counter': {
      label: "The lock node's czxid",
      explain:
        'The id of the transaction that created the lock node: it only grows, across restarts and recreated parents.',
    },
    'resetting-counter': {
      label: "The lock node's sequence suffix",
      explain:
        "The number ZooKeeper appends to a sequential node's name. It counts per parent and starts again at 0 once the empty parent is deleted and recreated.",
    },
  },
  keptAlive:
    "A ZooKeeper client pings the ensemble every third of its session timeout, so a holder that is neither frozen nor cut off keeps its session, and the lock, until it lets go: rows whose leases are not renewed lose the lock at the lease's end instead.",
  recordedOn: 'ZooKeeper 3.8.0',
  sources: [
    {
      title: 'ZooKeeper recipes: locks',
      url: 'https://zookeeper.apache.org/doc/current/recipes.html#sc_recipes_Locks',
    },
    {
      title: 'ZooKeeper Programmer’s Guide: sessions',
      url: 'https://zookeeper.apache.org/doc/current/zookeeperProgrammers.html#ch_zkSessions',
    },
    {
      title: 'Apache Curator, StandardLockInternalsDriver.java',
      url: 'https://github.com/apache/curator/blob/master/curator-recipes/src/main/java/org/apache/curator/framework/recipes/locks/StandardLockInternalsDriver.java',
    },
    {
      title: 'Apache Curator, ConnectionState.java (SUSPENDED and LOST)',
      url: 'https://github.com/apache/curator/blob/master/curator-framework/src/main/java/org/apache/curator/framework/state/ConnectionState.java',
    },
  ],
};
