// Five independent Redis masters for Redlock (no persistence: --save '' --appendonly no), one
// relay link per client and master (a partition cuts one pair), the observer (GET on every master,
// straight, not through a link), and a crash that kills a master and starts it again empty.

import { Redis } from 'ioredis';
import type { Harness } from '../race.ts';
import type { Recording } from '../format.ts';
import { freePort, startRedis, type Server } from '../servers.ts';
import { stopTracked } from '../procs.ts';
import { startLink, type Link } from '../proxy.ts';
import { PROGRAMS, versionLine } from '../install.ts';

const MASTERS = ['Redis1', 'Redis2', 'Redis3', 'Redis4', 'Redis5'];

export const redisInfo = (): Pick<Recording, 'server' | 'client'> => ({
  server: {
    name: 'Redis',
    version: versionLine(PROGRAMS.redis, ['--version'], /v=(\S+)/),
    settings: { masters: MASTERS.length, persistence: 'none (save "", appendonly no)' },
  },
  client: { library: 'ioredis (Redlock as in the Redis docs, written here)', version: '5.11.1' },
});

export async function redisHarness(root: string, clients: string[]) {
  const servers = new Map<string, Server>();
  for (const m of MASTERS) servers.set(m, await startRedis(root, m, await freePort()));
  const links = new Map<string, Link>();
  for (const c of clients) for (const m of MASTERS) links.set(`${c}|${m}`, await startLink(servers.get(m)?.port ?? 0));
  const watchers = new Map<string, Redis>();
  const watch = (m: string) => {
    const r = new Redis({
      host: '127.0.0.1',
      port: servers.get(m)?.port,
      commandTimeout: 200,
      maxRetriesPerRequest: 0,
      retryStrategy: () => 50,
    });
    r.on('error', () => undefined);
    watchers.set(m, r);
  };
  MASTERS.forEach(watch);
  const values = new Map<string, string | null>(MASTERS.map((m) => [m, null]));
  const link = (a: string, b: string) => links.get(`${a}|${b}`) ?? links.get(`${b}|${a}`);
  const harness: Harness = {
    childConfig: (client) => ({
      system: 'redis',
      masterPorts: MASTERS.map((m) => links.get(`${client}|${m}`)?.port ?? 0),
    }),
    async observe(note, clientOf) {
      await Promise.all(
        MASTERS.map(async (m) => {
          const v = await watchers
            .get(m)
            ?.get('lock')
            .catch(() => undefined);
          if (v === undefined || v === values.get(m)) return;
          const before = values.get(m) ?? null;
          values.set(m, v);
          const value = v ?? before ?? '';
          const client = clientOf(value);
          note({ party: m, kind: v ? 'key.set' : 'key.deleted', token: value, ...(client ? { client } : {}) });
        }),
      );
    },
    cut: (a, b) => link(a, b)?.cut(),
    heal: (a, b) => link(a, b)?.heal(),
    async crash(party, restartAfterMs, note) {
      const s = servers.get(party);
      if (!s) throw new Error(`no master ${party}`);
      await stopTracked(s.child, { kill: true });
      note({ party, kind: 'node.crashed', detail: { signal: 'SIGKILL' } });
      await new Promise((r) => setTimeout(r, restartAfterMs));
      servers.set(party, await startRedis(root, party, s.port));
      note({ party, kind: 'node.restarted', detail: { persistence: 'none: it comes back empty' } });
    },
  };
  return {
    harness,
    stop: async () => {
      for (const r of watchers.values()) r.disconnect();
      await Promise.all([...links.values()].map((l) => l.close()));
      await Promise.all([...servers.values()].map((s) => stopTracked(s.child)));
    },
  };
}
