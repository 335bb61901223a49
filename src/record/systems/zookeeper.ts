// ZooKeeper for a race: a standalone server (tickTime 200 ms, so session timeouts are clamped to
// 400 ms-4 s), one relay link per client (so a partition cuts that client off from ZooKeeper and
// from nothing else), and the observer: the `dump` four-letter word, which lists every session's
// ephemeral nodes without opening a session (opening one would use up a zxid). Before the race,
// the recipe's calls run a few times on a path of their own (warmUp), so the race meets a JVM that
// has already run them.

import zk from 'node-zookeeper-client';
import type { Client } from 'node-zookeeper-client';
import type { Harness } from '../race.ts';
import type { Recording } from '../format.ts';
import { ZK_TICK_MS, ask, freePort, startZooKeeper } from '../servers.ts';
import { stopTracked } from '../procs.ts';
import { startLink, type Link } from '../proxy.ts';

/** Session id (0x… as dump prints it, or as the client pads it) in one canonical form. */
const sessionKey = (hex: string): string => `0x${BigInt(hex).toString(16)}`;

/** `dump`'s "Sessions with Ephemerals" part: node path -> owning session. */
function parseDump(text: string): Map<string, string> {
  const nodes = new Map<string, string>();
  let session: string | null = null;
  for (const line of text.split('\n')) {
    const s = line.match(/^(0x[0-9a-f]+):\s*$/i);
    if (s?.[1]) session = sessionKey(s[1]);
    const n = line.match(/^\s+(\/lock\/\S+)/);
    if (n?.[1] && session) nodes.set(n[1], session);
  }
  return nodes;
}

export const zookeeperInfo = (version: string): Pick<Recording, 'server' | 'client'> => ({
  server: { name: 'ZooKeeper', version, settings: { mode: 'standalone', tickTimeMs: ZK_TICK_MS } },
  client: { library: 'node-zookeeper-client (lock recipe, polling the children)', version: '1.1.3' },
});

/** One call as a promise (the warm-up's; a race's clients have their own, with a timeout). */
const call = <T>(f: (cb: (e: Error | null, r: T) => void) => void): Promise<T> =>
  new Promise((resolve, reject) => f((e, r) => (e ? reject(e) : resolve(r))));

/** The lock recipe's calls, `rounds` times, each in its own session, on a path of its own: a fresh
 * JVM runs its first sessions and creates interpreted, slowly, and on a busy host the race's first
 * client then took up to 390 ms to open a session, so a partition at 400 ms came before its grant.
 * Done before the race, so the zxids it uses come before the race's and the gaps between the
 * race's tokens stay the same (their absolute values are higher). */
async function warmUp(port: number, rounds = 3): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    const c: Client = zk.createClient(`127.0.0.1:${port}`, { sessionTimeout: 2000, spinDelay: 100, retries: 0 });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('zookeeper warm-up: no session within 10 s')), 10_000);
      c.on('connected', () => {
        clearTimeout(timer);
        resolve();
      });
      c.connect();
    });
    try {
      if (!(await call<unknown>((cb) => c.exists('/warm', cb))))
        await call<string>((cb) => c.create('/warm', null, zk.CreateMode.PERSISTENT, cb));
      const node = await call<string>((cb) => c.create('/warm/n-', null, zk.CreateMode.EPHEMERAL_SEQUENTIAL, cb));
      await call<unknown>((cb) => c.exists(node, cb));
      await call<string[]>((cb) => c.getChildren('/warm', cb));
      await call<undefined>((cb) => c.remove(node, (e) => cb(e, undefined)));
    } finally {
      c.close();
    }
  }
}

export async function zookeeperHarness(root: string, clients: string[]) {
  const port = await freePort();
  const server = await startZooKeeper(root, port);
  await warmUp(port);
  const version = (await ask(port, 'srvr')).match(/version: ([0-9.]+)/)?.[1] ?? '';
  const links = new Map<string, Link>();
  for (const c of clients) links.set(c, await startLink(port));
  let known = new Map<string, string>();
  const harness: Harness = {
    childConfig: (client) => ({ system: 'zookeeper', endpoint: `127.0.0.1:${links.get(client)?.port}` }),
    async observe(note, clientOf) {
      const text = await ask(port, 'dump', 500);
      if (!text.includes('Sessions with Ephemerals')) return;
      const now = parseDump(text);
      const who = (session: string) => clientOf(session) ?? clientOf(`0x${session.slice(2).padStart(16, '0')}`);
      for (const [node, session] of now) {
        if (known.has(node)) continue;
        const client = who(session);
        note({ party: 'ZooKeeper', kind: 'node.created', ...(client ? { client } : {}), detail: { node, session } });
      }
      for (const [node, session] of known) {
        if (now.has(node)) continue;
        const client = who(session);
        note({ party: 'ZooKeeper', kind: 'node.deleted', ...(client ? { client } : {}), detail: { node, session } });
      }
      known = now;
    },
    cut: (a, b) => (links.get(a) ?? links.get(b))?.cut(),
    heal: (a, b) => (links.get(a) ?? links.get(b))?.heal(),
    crash: () => Promise.reject(new Error('ZooKeeper races crash nothing')),
  };
  return {
    harness,
    version,
    stop: async () => {
      await Promise.all([...links.values()].map((l) => l.close()));
      await stopTracked(server.child);
    },
  };
}
