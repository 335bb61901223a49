// ZooKeeper's presets: the canonical race, a session that expires while its client is cut off
// from the ensemble but not from the store, and the sequence-suffix pitfall.

import { RACE_ACTIONS, raceLabels, scenarioOf, type Preset } from './build';

export const zookeeperRace: Preset = {
  id: 'zookeeper-race',
  title: 'ZooKeeper: the canonical race',
  summary:
    "Client1's lock node has czxid 33. It freezes, its session expires and its node is deleted; Client2's node, created later, has a larger czxid: 36, because transaction 34 closed Client1's session (deleting its node) and 35 opened Client2's. Client1 wakes and writes with 33; the store has seen 36 and refuses it.",
  scenario: scenarioOf({
    name: 'ZooKeeper: the canonical race',
    strategy: 'zookeeper',
    actions: RACE_ACTIONS,
    labels: raceLabels(35),
  }),
};

export const zookeeperPartition: Preset = {
  id: 'zookeeper-partition',
  title: 'ZooKeeper: session expiry behind a partition',
  summary:
    "Client1 is cut off from ZooKeeper but can still reach the store. Curator reports SUSPENDED at 683 ms, before ZooKeeper expires the session at 1015 ms and Client2's node becomes the lowest; Curator advises treating SUSPENDED as having lost the lock, but this application waits for LOST, so at 1300 ms it still writes with 33. The store, which has seen Client2's 36, refuses it.",
  scenario: scenarioOf({
    name: 'ZooKeeper: session expiry behind a partition',
    strategy: 'zookeeper',
    actions: [
      { atMs: 0, type: 'acquire', client: 'Client1' },
      { atMs: 200, type: 'partition', a: 'Client1', b: 'ZooKeeper' },
      { atMs: 1100, type: 'acquire', client: 'Client2' },
      { atMs: 1150, type: 'write', client: 'Client2', value: 'X' },
      { atMs: 1300, type: 'write', client: 'Client1', value: 'Y' },
      { atMs: 2000, type: 'heal', a: 'Client1', b: 'ZooKeeper' },
    ],
    labels: [
      { label: 't0', kind: 'lock.granted', client: 'Client1' },
      { label: 'cut', kind: 'network.partitioned', party: 'Client1' },
      { label: 'susp', kind: 'session.suspended', party: 'Client1' },
      { label: 't2', kind: 'lease.expired', client: 'Client1' },
      { label: 't3', kind: 'lock.granted', client: 'Client2' },
      { label: 't4', kind: 'write.accepted', client: 'Client2' },
      { label: 't6', kind: 'write.rejected', client: 'Client1' },
      { label: 'lost', kind: 'session.lost', party: 'Client1' },
    ],
  }),
};

export const zookeeperSequenceReset: Preset = {
  id: 'zookeeper-sequence-reset',
  title: 'ZooKeeper pitfall: the sequence suffix as a token',
  summary:
    "Here the token is the lock node's sequence suffix instead of its czxid. Once both clients have released, ZooKeeper deletes the empty container parent; the next lock recreates it and the suffix starts again at 0. The store has seen 35, so it refuses the rightful holder's 0. The czxid would have kept climbing.",
  scenario: scenarioOf({
    name: 'ZooKeeper: a recreated parent resets the sequence suffix',
    strategy: 'zookeeper',
    knobs: { tokenSource: 'resetting-counter' },
    actions: [
      { atMs: 0, type: 'acquire', client: 'Client1' },
      { atMs: 100, type: 'write', client: 'Client1', value: 'A' },
      { atMs: 300, type: 'release', client: 'Client1' },
      { atMs: 500, type: 'acquire', client: 'Client2' },
      { atMs: 600, type: 'write', client: 'Client2', value: 'B' },
      { atMs: 700, type: 'release', client: 'Client2' },
      { atMs: 4500, type: 'acquire', client: 'Client1' },
      { atMs: 4600, type: 'write', client: 'Client1', value: 'C' },
    ],
    labels: [
      { label: 'first', kind: 'lock.granted', client: 'Client1', token: 33 },
      { label: 'second', kind: 'write.accepted', client: 'Client2', token: 35 },
      { label: 'reset', kind: 'container.deleted', party: 'ZooKeeper' },
      { label: 'zero', kind: 'lock.granted', client: 'Client1', token: 0 },
      { label: 'stuck', kind: 'write.rejected', client: 'Client1', token: 0 },
    ],
  }),
};

export const ZOOKEEPER_PRESETS: readonly Preset[] = [zookeeperRace, zookeeperPartition, zookeeperSequenceReset];
