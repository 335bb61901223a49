// The recordings the site ships (public/recordings/ID.json, copied into the build), listed here so
// the view can offer them before fetching any: a static site has no directory listing, and so the
// comparison can tell, without fetching one, which of its rows ran a scenario a real server was
// recorded running. Invariant: the ids are exactly the files in public/recordings, and each entry's
// `run` is the runKey of its recording's scenario (recorded.test.ts holds both).

import type { Scenario } from '../../engine';

export interface CatalogEntry {
  id: string;
  /** Which real server, in a word or two. */
  server: string;
  /** What happens in the run, for the list. */
  summary: string;
  /** runKey of the model's scenario of this recording (scenarioFor): which runs it checks. */
  run: string;
}

export const CATALOG: readonly CatalogEntry[] = [
  {
    id: 'etcd-race',
    server: 'etcd',
    summary: 'The race: a frozen client wakes after its lease ended and writes.',
    run: 'eafb098f',
  },
  {
    id: 'etcd-txn-race',
    server: 'etcd',
    summary: 'The same race, each write also a transaction guarded by the lock key.',
    run: '44b0ab56',
  },
  {
    id: 'etcd-restore',
    server: 'etcd',
    summary: 'etcd restored from an old snapshot hands out a token again.',
    run: '5b0f4da7',
  },
  {
    id: 'zookeeper-race',
    server: 'ZooKeeper',
    summary: 'The race against ZooKeeper: the session expires while the client is frozen.',
    run: '84353030',
  },
  {
    id: 'zookeeper-partition',
    server: 'ZooKeeper',
    summary: 'A client cut off from ZooKeeper writes anyway, not knowing its session is gone.',
    run: '6c97a7d3',
  },
  {
    id: 'redlock-race',
    server: 'Redis',
    summary: 'The race against five Redis masters (Redlock): random values, no order.',
    run: '7129652d',
  },
  {
    id: 'redlock-restart',
    server: 'Redis',
    summary: 'A master restarts empty, and two clients hold the lock at once.',
    run: '6e134023',
  },
];

/** Ids are plain words and dashes: anything else in a link is not a file of ours. */
export const isRecordingId = (id: string) => /^[a-z0-9][a-z0-9-]{0,80}$/.test(id);

/** What decides a run, with its keys in one order, as JSON. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/**
 * A short name for what decides a scenario's run (its strategy, knobs, clients, network, clocks,
 * seed, length and actions; not its name or labels): two scenarios with the same key give the
 * same run. FNV-1a over the canonical JSON, 8 hex digits.
 */
export function runKey(s: Scenario): string {
  const text = canonical({
    strategy: s.strategy,
    knobs: s.knobs,
    clients: s.clients,
    network: s.network,
    clocks: s.clocks,
    seed: s.seed,
    durationMs: s.durationMs ?? null,
    actions: s.actions,
  });
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** The shipped recording of exactly this run, or null: a model's run is said to be checked
 * against a real server only where one was recorded running it. */
export function recordingOf(s: Scenario): CatalogEntry | null {
  const key = runKey(s);
  return CATALOG.find((e) => e.run === key) ?? null;
}
