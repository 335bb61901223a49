// Redlock over five Redis masters with ioredis, as the Redis docs' algorithm and the model's
// client: a 20-byte random value; SET lock <value> NX PX ttl on every master in parallel, each
// given NODE_TIMEOUT_MS; held iff a majority said OK and validity = ttl - elapsed - (1% ttl + 2 ms)
// is positive; otherwise unlock all and try again after retryDelay + jitter (the model's default).
// The value is the "token": unique, with no order a store could use.

import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { REDLOCK_RETRY_DEFAULT } from '../../engine/index.ts';
import type { MakeClient } from './types.ts';
import { sleep } from './types.ts';

const NODE_TIMEOUT_MS = 50;
const KEY = 'lock';
const UNLOCK = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

export const makeRedlockClient: MakeClient = (config, note) => {
  const ports = config.masterPorts ?? [];
  const masters = ports.map(
    (port) =>
      new Redis({
        host: '127.0.0.1',
        port,
        commandTimeout: NODE_TIMEOUT_MS,
        maxRetriesPerRequest: 0,
        connectTimeout: 500,
        retryStrategy: () => 50,
        lazyConnect: false,
      }),
  );
  for (const m of masters) m.on('error', () => undefined); // a cut link or a crashed master: the votes say it
  let value: string | null = null;
  const majority = Math.floor(masters.length / 2) + 1;

  const unlockAll = (v: string) => Promise.all(masters.map((m) => m.eval(UNLOCK, 1, KEY, v).catch(() => 0)));

  return {
    async acquire() {
      const { retryCount, retryDelayMs, retryJitterMs } = REDLOCK_RETRY_DEFAULT;
      for (let attempt = 0; attempt <= retryCount; attempt++) {
        const v = randomBytes(20).toString('hex');
        const t1 = Date.now();
        const replies = await Promise.all(
          masters.map((m) =>
            m.set(KEY, v, 'PX', config.ttlMs, 'NX').then(
              (r) => (r === 'OK' ? 'OK' : 'busy'),
              (e: unknown) => (e instanceof Error ? e.message : 'error'),
            ),
          ),
        );
        const elapsed = Date.now() - t1;
        const ok = replies.flatMap((r, i) => (r === 'OK' ? [`Redis${i + 1}`] : []));
        const validityMs = config.ttlMs - elapsed - (Math.floor(config.ttlMs / 100) + 2);
        const detail = { okMasters: ok.join(','), votes: ok.length, elapsedMs: elapsed, validityMs, attempt };
        if (ok.length >= majority && validityMs > 0) {
          value = v;
          note('lock.quorum', { token: v, detail: { ...detail, replies: replies.join(',') } });
          return v;
        }
        note('lock.failed', { token: v, detail: { ...detail, replies: replies.join(',') } });
        await unlockAll(v);
        if (attempt < retryCount) await sleep(retryDelayMs + Math.floor(Math.random() * retryJitterMs));
      }
      throw new Error(`redlock: no majority after ${retryCount + 1} tries`);
    },
    async release() {
      if (value) await unlockAll(value);
    },
    async close() {
      for (const m of masters) m.disconnect();
    },
  };
};
