// ZooKeeper's lock recipe with node-zookeeper-client: a session opened at the first acquire, an
// ephemeral sequential node under /lock, and that node's czxid (a 64-bit zxid, kept exact as a
// decimal string) as the token. A waiter polls the children every POLL_MS (the recipe watches its
// predecessor) until its node is the lowest. The parent is created only when `exists` says it is
// missing: a failed create would use up a zxid too.

import zk from 'node-zookeeper-client';
import type { Client, Stat, ZkError } from 'node-zookeeper-client';
import type { MakeClient } from './types.ts';
import { sleep } from './types.ts';

const POLL_MS = 20;
const ACQUIRE_MS = 30_000;
const DIR = '/lock';

const zxid = (b: Buffer): string => b.readBigUInt64BE(0).toString();
const hex = (b: Buffer): string => `0x${b.toString('hex')}`;
const seqOf = (name: string): number => Number(name.slice(name.lastIndexOf('-') + 1));

/** One call as a promise, failing after OP_MS (a call queued behind a cut link waits forever). */
const OP_MS = 3000;
const p = <T>(f: (cb: (e: ZkError | null, r: T) => void) => void): Promise<T> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${OP_MS} ms`)), OP_MS);
    f((e, r) => {
      clearTimeout(timer);
      if (e) reject(e);
      else resolve(r);
    });
  });

export const makeZooKeeperClient: MakeClient = (config, note, lost) => {
  let client: Client | null = null;
  let node: string | null = null;

  const open = (): Promise<Client> =>
    new Promise((resolve, reject) => {
      const c = zk.createClient(config.endpoint ?? '', { sessionTimeout: config.ttlMs, spinDelay: 100, retries: 0 });
      const timer = setTimeout(() => reject(new Error('zookeeper: no session within 10 s')), 10_000);
      let first = true;
      c.on('connected', () => {
        if (first) {
          first = false;
          clearTimeout(timer);
          note('session.opened', {
            detail: { session: hex(c.getSessionId()), negotiatedTimeoutMs: c.getSessionTimeout() },
          });
          resolve(c);
        } else note('session.reconnected', { detail: { session: hex(c.getSessionId()) } });
      });
      c.on('disconnected', () => note('session.disconnected'));
      c.on('expired', () => {
        note('session.expired', { detail: { session: hex(c.getSessionId()) } });
        lost('session expired');
      });
      c.connect();
    });

  return {
    async acquire() {
      const c = (client = await open());
      if (!(await p<unknown>((cb) => c.exists(DIR, cb)))) {
        await p<string>((cb) => c.create(DIR, null, zk.CreateMode.PERSISTENT, cb)).catch(() => undefined);
      }
      const path = await p<string>((cb) => c.create(`${DIR}/n-`, null, zk.CreateMode.EPHEMERAL_SEQUENTIAL, cb));
      node = path;
      const stat = await p<Stat | null>((cb) => c.exists(path, cb));
      if (!stat) throw new Error('zookeeper: own node vanished');
      const token = zxid(stat.czxid);
      note('lock.queued', { token, detail: { node: path } });
      const mine = path.slice(DIR.length + 1);
      const deadline = Date.now() + ACQUIRE_MS;
      while (Date.now() < deadline) {
        const children = (await p<string[]>((cb) => c.getChildren(DIR, cb))).sort((a, b) => seqOf(a) - seqOf(b));
        if (!children.includes(mine)) throw new Error('zookeeper: own node is gone');
        if (children[0] === mine) return token;
        await sleep(POLL_MS);
      }
      throw new Error('zookeeper: no lock within the acquire deadline');
    },
    async probe() {
      const c = client;
      if (!c || !node) return;
      const path = node;
      try {
        const stat = await p((cb) => c.exists(path, cb));
        note('node.checked', { detail: { node: path, exists: stat !== null } });
      } catch (e) {
        note('op.failed', { detail: { op: `exists ${path}`, error: e instanceof Error ? e.message : String(e) } });
      }
    },
    async release() {
      const c = client;
      if (c && node) await p<void>((cb) => c.remove(node ?? '', (e) => cb(e, undefined)));
    },
    async close() {
      client?.close();
    },
  };
};
