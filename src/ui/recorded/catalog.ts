// The recordings the site ships (public/recordings/ID.json, copied into the build), listed here so
// the view can offer them before fetching any: a static site has no directory listing. Invariant:
// the ids are exactly the files in public/recordings (catalog.test.ts holds it).

export interface CatalogEntry {
  id: string;
  /** Which real server, in a word or two. */
  server: string;
  /** What happens in the run, for the list. */
  summary: string;
}

export const CATALOG: readonly CatalogEntry[] = [
  { id: 'etcd-race', server: 'etcd', summary: 'The race: a frozen client wakes after its lease ended and writes.' },
  {
    id: 'etcd-txn-race',
    server: 'etcd',
    summary: 'The same race, each write also a transaction guarded by the lock key.',
  },
  { id: 'etcd-restore', server: 'etcd', summary: 'etcd restored from an old snapshot hands out a token again.' },
  {
    id: 'zookeeper-race',
    server: 'ZooKeeper',
    summary: 'The race against ZooKeeper: the session expires while the client is frozen.',
  },
  {
    id: 'zookeeper-partition',
    server: 'ZooKeeper',
    summary: 'A client cut off from ZooKeeper writes anyway, not knowing its session is gone.',
  },
  {
    id: 'redlock-race',
    server: 'Redis',
    summary: 'The race against five Redis masters (Redlock): random values, no order.',
  },
  {
    id: 'redlock-restart',
    server: 'Redis',
    summary: 'A master restarts empty, and two clients hold the lock at once.',
  },
];

/** Ids are plain words and dashes: anything else in a link is not a file of ours. */
export const isRecordingId = (id: string) => /^[a-z0-9][a-z0-9-]{0,80}$/.test(id);
