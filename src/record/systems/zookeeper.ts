// ZooKeeper for a race: a standalone server (tickTime 200 ms, so session timeouts are clamped to
// 400 ms-4 s), one relay link per client (so a partition cuts that client off from ZooKeeper and
// from nothing else), and the observer: the `dump` four-letter word, which lists every session's
// ephemeral nodes without opening a session (opening one would use up a zxid).

import type { Harness } from '../race.ts';
import type { Recording } from '../format.ts';
import { ZK_TICK_MS, ask, freePort, startZooKeeper } from '../servers.ts';
import { stopTracked } from '../procs.ts';
import { startLink, type Link } from '../proxy.ts';

/** Session id (0x… as dump prints it, or as the client pads it) in one canonical form. */
const sessionKey = (hex: string): string => `0x${BigInt(hex).toString(16)}`;

/** `dump`'s "Sessions with Ephemerals" part: node path -> owning session. */
export function parseDump(text: string): Map<string, string> {
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

export async function zookeeperHarness(root: string, clients: string[]) {
  const port = await freePort();
  const server = await startZooKeeper(root, port);
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
