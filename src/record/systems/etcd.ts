// etcd for a race: one member on loopback (2 s is the shortest lease its default flags allow),
// the observer (the lock prefix, polled), and a crash that can restore a snapshot taken before
// the race into a new data dir, as `etcdctl snapshot restore` does (3.4 has no --bump-revision).

import { join } from 'node:path';
import type { Harness } from '../race.ts';
import type { Recording, Schedule } from '../format.ts';
import { etcdctl, etcdUrl, freePort, startEtcd, type EtcdPorts, type Server } from '../servers.ts';
import { stopTracked } from '../procs.ts';
import { PROGRAMS, versionLine } from '../install.ts';

const PREFIX = 'lock/res/';
const b64 = (s: string) => Buffer.from(s).toString('base64');
const unb64 = (s: string) => Buffer.from(s, 'base64').toString('utf8');

export const etcdInfo = (): Pick<Recording, 'server' | 'client'> => ({
  server: {
    name: 'etcd',
    version: versionLine(PROGRAMS.etcd, ['--version'], /etcd Version: (\S+)/),
    settings: { members: 1, flags: 'defaults (election 1000 ms, heartbeat 100 ms)' },
  },
  client: { library: "etcd's HTTP/JSON gateway with fetch (recipe of clientv3 concurrency.Mutex)", version: '3.4 API' },
});

type Observe = Harness['observe'];

/** One look at the lock prefix: notes each key created or deleted since the last look (`keys`:
 * key -> create revision, kept up to date). */
async function observeLockKeys(
  url: string,
  keys: Map<string, string>,
  note: Parameters<Observe>[0],
  clientOf: Parameters<Observe>[1],
): Promise<void> {
  const r = await fetch(`${url}/v3/kv/range`, {
    method: 'POST',
    body: JSON.stringify({ key: b64(PREFIX), range_end: b64('lock/res0') }),
    signal: AbortSignal.timeout(500),
  });
  const body = (await r.json()) as {
    header?: { revision?: string };
    kvs?: { key: string; create_revision: string; lease?: string }[];
  };
  const now = new Map((body.kvs ?? []).map((kv) => [unb64(kv.key), kv] as const));
  for (const [key, kv] of now) {
    if (keys.has(key)) continue;
    keys.set(key, kv.create_revision);
    const client = kv.lease ? clientOf(kv.lease) : undefined;
    note({
      party: 'etcd',
      kind: 'key.created',
      token: kv.create_revision,
      ...(client ? { client } : {}),
      detail: { key, lease: kv.lease ?? null },
    });
  }
  for (const [key, rev] of keys) {
    if (now.has(key)) continue;
    keys.delete(key);
    const client = clientOf(rev);
    note({
      party: 'etcd',
      kind: 'key.deleted',
      token: rev,
      ...(client ? { client } : {}),
      detail: { key, revisionNow: body.header?.revision ?? null },
    });
  }
}

/** Restores the snapshot taken before the race into a new data dir, as `etcdctl snapshot restore`
 * does; that dir. */
function restoreSnapshot(root: string, ports: EtcdPorts, snapshot: string): string {
  const dataDir = join(root, 'etcd-restored');
  const peer = `http://127.0.0.1:${ports.peer}`;
  etcdctl([
    'snapshot',
    'restore',
    snapshot,
    '--data-dir',
    dataDir,
    '--name',
    't',
    '--initial-cluster',
    `t=${peer}`,
    '--initial-advertise-peer-urls',
    peer,
  ]);
  return dataDir;
}

export async function etcdHarness(
  root: string,
  schedule: Schedule,
): Promise<{ harness: Harness; stop(): Promise<void> }> {
  const ports: EtcdPorts = { client: await freePort(), peer: await freePort(), metrics: await freePort() };
  let server: Server = await startEtcd(root, ports);
  const restore = schedule.knobs.tokenSource === 'resetting-counter';
  const snapshot = join(root, 'before.db');
  if (restore) etcdctl(['snapshot', 'save', snapshot], ports.client);
  const keys = new Map<string, string>(); // key -> create revision
  const url = etcdUrl(ports.client);
  const harness: Harness = {
    childConfig: () => ({ system: 'etcd', endpoint: url, guarded: schedule.knobs.check === 'validity' || undefined }),
    observe: (note, clientOf) => observeLockKeys(url, keys, note, clientOf),
    cut: () => {
      throw new Error('etcd races cut no links');
    },
    heal: () => undefined,
    async crash(party, restartAfterMs, note) {
      await stopTracked(server.child, { kill: true });
      note({ party, kind: 'node.crashed', detail: { signal: 'SIGKILL' } });
      await new Promise((r) => setTimeout(r, restartAfterMs));
      const dataDir = restore ? restoreSnapshot(root, ports, snapshot) : server.dir;
      server = await startEtcd(root, ports, dataDir);
      keys.clear();
      note({ party, kind: 'node.restarted', detail: { restoredSnapshotFromBeforeTheRace: restore } });
    },
  };
  return { harness, stop: () => stopTracked(server.child) };
}
