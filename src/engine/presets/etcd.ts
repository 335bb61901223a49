// etcd's presets: the canonical race fenced outside etcd and inside it, and a restore from an old
// snapshot without --bump-revision.

import { RACE_ACTIONS, raceLabels, scenarioOf, type Preset } from './build';

export const etcdRace: Preset = {
  id: 'etcd-race',
  title: 'etcd: the canonical race, fenced at the store',
  summary:
    "Client1's lock key is created at revision 33. It freezes, its lease expires and the key is deleted (revision 34); Client2's key is created at 35. The store keeps the highest revision it has seen, so Client1's write with 33 is refused.",
  scenario: scenarioOf({
    name: 'etcd: the canonical race (store keeps the highest revision)',
    strategy: 'etcd',
    actions: RACE_ACTIONS,
    labels: raceLabels(34),
  }),
};

export const etcdTxnRace: Preset = {
  id: 'etcd-txn-race',
  title: 'etcd: the canonical race, fenced inside etcd',
  summary:
    "The data lives in etcd, and every write is a txn: If CreateRevision(my lock key) = my revision Then Put. Client1's lease expired and its key is gone, so its txn fails the guard whoever else has written: no max_seen is needed.",
  scenario: scenarioOf({
    name: 'etcd: the canonical race (txn guarded by the lock key)',
    strategy: 'etcd',
    knobs: { check: 'validity' },
    actions: RACE_ACTIONS,
    labels: raceLabels(34),
  }),
};

export const etcdRestore: Preset = {
  id: 'etcd-restore',
  title: 'etcd pitfall: restoring an old snapshot without bumping revisions',
  summary:
    "After Client2 has written with revision 35, etcd is restored from a snapshot taken before any lock, without --bump-revision. Every lease is gone and the revision is back at 32, so Client2's next lock gets revision 33 again: an old token, reissued. The store has seen 35 and refuses the rightful holder.",
  scenario: scenarioOf({
    name: 'etcd: a restore without --bump-revision reissues tokens',
    strategy: 'etcd',
    knobs: { tokenSource: 'resetting-counter' },
    actions: [
      ...RACE_ACTIONS,
      { atMs: 1500, type: 'crash', party: 'etcd', restartAfterMs: 200 },
      { atMs: 2000, type: 'acquire', client: 'Client2' },
      { atMs: 2100, type: 'write', client: 'Client2', value: 'Z' },
    ],
    labels: [
      { label: 't3', kind: 'lock.granted', client: 'Client2', token: 35 },
      { label: 't4', kind: 'write.accepted', client: 'Client2', token: 35 },
      { label: 'restore', kind: 'node.restarted', party: 'etcd' },
      { label: 'reissue', kind: 'lock.granted', client: 'Client2', token: 33 },
      { label: 'stuck', kind: 'write.rejected', client: 'Client2', token: 33 },
    ],
  }),
};

export const ETCD_PRESETS: readonly Preset[] = [etcdRace, etcdTxnRace, etcdRestore];
