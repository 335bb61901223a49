// etcd's lock recipe (clientv3 concurrency.Mutex) over etcd's HTTP/JSON gateway, which gives
// 64-bit numbers as strings: a lease kept alive every TTL/3, a lock key `lock/res/<lease hex>`
// put with that lease in a txn, and the key's create revision as the token. A waiter polls the
// prefix every POLL_MS (the real recipe watches the predecessor's delete) until its key has the
// lowest create revision; a waiter whose own key is gone gets ErrSessionExpired, as in etcd 3.4.4+.

import type { MakeClient } from './types.ts';
import { sleep } from './types.ts';

const POLL_MS = 20;
const ACQUIRE_MS = 30_000;
const PREFIX = 'lock/res/';
const DATA_KEY = 'data/res';

const b64 = (s: string): string => Buffer.from(s, 'utf8').toString('base64');
const unb64 = (s: string): string => Buffer.from(s, 'base64').toString('utf8');
/** The end of a prefix range: the prefix with its last byte + 1. */
const prefixEnd = (p: string): string => p.slice(0, -1) + String.fromCharCode(p.charCodeAt(p.length - 1) + 1);

interface Kv {
  key: string;
  create_revision?: string;
}
interface TxnReply {
  header?: { revision?: string };
  succeeded?: boolean;
  responses?: { response_range?: { kvs?: Kv[] } }[];
}

type Call = <T>(path: string, body: unknown) => Promise<T>;

/** A POST to etcd's gateway at `url`, its JSON reply; an error reply throws. */
const gateway =
  (url: string): Call =>
  async <T>(path: string, body: unknown): Promise<T> => {
    const r = await fetch(`${url}/v3/${path}`, {
      method: 'POST',
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(2000),
    });
    if (!r.ok) throw new Error(`etcd ${path}: HTTP ${r.status} ${await r.text()}`);
    return (await r.json()) as T;
  };

/** The lock key with the lowest create revision: the holder's. */
const lowest = async (call: Call): Promise<Kv | undefined> => {
  const r = await call<{ kvs?: Kv[] }>('kv/range', {
    key: b64(PREFIX),
    range_end: b64(prefixEnd(PREFIX)),
    sort_order: 'ASCEND',
    sort_target: 'CREATE',
    limit: 1,
  });
  return r.kvs?.[0];
};

/** Puts `key` with `lease` unless it exists; its create revision either way (the token). */
const putLockKey = async (call: Call, key: string, lease: string): Promise<string> => {
  const cmp = [{ key: b64(key), target: 'CREATE', result: 'EQUAL', create_revision: '0' }];
  const t = await call<TxnReply>('kv/txn', {
    compare: cmp,
    success: [{ request_put: { key: b64(key), value: b64(''), lease } }],
    failure: [{ request_range: { key: b64(key) } }],
  });
  const rev = t.succeeded ? t.header?.revision : t.responses?.[0]?.response_range?.kvs?.[0]?.create_revision;
  if (!rev) throw new Error('etcd: no revision for the lock key');
  return rev;
};

/** Polls until `key` is the lowest under the prefix (resolves), is gone or the deadline passes (throws). */
const waitUntilFirst = async (call: Call, key: string): Promise<void> => {
  const deadline = Date.now() + ACQUIRE_MS;
  while (Date.now() < deadline) {
    const first = await lowest(call);
    if (!first) throw new Error('etcd: ErrSessionExpired (own lock key is gone)');
    if (unb64(first.key) === key) return;
    await sleep(POLL_MS);
  }
  throw new Error('etcd: no lock within the acquire deadline');
};

export const makeEtcdClient: MakeClient = (config, note, lost) => {
  const call = gateway(config.endpoint ?? '');
  let lease: string | null = null;
  let key: string | null = null;
  let token: string | null = null;
  let keepalive: NodeJS.Timeout | null = null;

  const keepAliveOnce = async () => {
    if (!lease) return;
    const r = await call<{ result?: { TTL?: string } }>('lease/keepalive', { ID: lease }).catch(() => null);
    if (r && !(Number(r.result?.TTL ?? '0') > 0)) {
      note('session.expired', { detail: { lease, reply: 'lease not found (TTL 0)' } });
      if (keepalive) clearInterval(keepalive);
      keepalive = null;
      lost('keepalive: lease not found');
    }
  };

  return {
    async acquire() {
      const ttlS = Math.round(config.ttlMs / 1000);
      const g = await call<{ ID: string; TTL: string }>('lease/grant', { TTL: ttlS });
      lease = g.ID;
      note('session.opened', { detail: { lease, ttlS: Number(g.TTL) } });
      keepalive = setInterval(() => void keepAliveOnce(), Math.floor(config.ttlMs / 3));
      key = PREFIX + BigInt(lease).toString(16);
      const myRev = await putLockKey(call, key, lease);
      note('lock.queued', { token: myRev, detail: { key } });
      await waitUntilFirst(call, key);
      return (token = myRev);
    },
    async guardedWrite(value) {
      const r = await call<TxnReply>('kv/txn', {
        compare: [{ key: b64(key ?? ''), target: 'CREATE', result: 'EQUAL', create_revision: token ?? '0' }],
        success: [{ request_put: { key: b64(DATA_KEY), value: b64(value) } }],
        failure: [],
      });
      return r.succeeded === true;
    },
    async release() {
      if (keepalive) clearInterval(keepalive);
      keepalive = null;
      if (key) await call('kv/deleterange', { key: b64(key) });
      if (lease) await call('lease/revoke', { ID: lease }).catch(() => undefined);
    },
    async close() {
      if (keepalive) clearInterval(keepalive);
      keepalive = null;
    },
  };
};
