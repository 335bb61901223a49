// The resource the clients write to: a tiny HTTP server on 127.0.0.1 that keeps max_seen and
// applies the store's rule to every write, as the model's Storage does.
// POST /write {"client","token","value"} -> 200 {"verdict":"accepted"|"rejected","maxSeenBefore",
// "maxSeenAfter"}; anything else -> 400 or 404. Tokens stay strings (tokenOrder compares them exactly).

import { createServer, type Server } from 'node:http';
import type { Observation } from './format.ts';
import { tokenOrder } from './format.ts';

/** `reject-le`: the article's rule (reject token <= max_seen); `none`: trusts every writer. */
export type StoreRule = 'reject-le' | 'none';

export interface Store {
  url: string;
  close(): Promise<void>;
}

interface WriteBody {
  client: string;
  token: string;
  value: string;
}

const isWrite = (b: unknown): b is WriteBody =>
  typeof b === 'object' &&
  b !== null &&
  ['client', 'token', 'value'].every((k) => typeof (b as Record<string, unknown>)[k] === 'string');

/** Starts the store; every decision is passed to `note` as a `write.accepted` / `write.rejected`
 * observation of the party `Storage`. */
export function startStore(rule: StoreRule, note: (o: Omit<Observation, 'atMs'>) => void): Promise<Store> {
  let maxSeen: string | null = null;
  let value: string | null = null;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        body = null;
      }
      if (req.method !== 'POST' || req.url !== '/write') return void res.writeHead(404).end();
      if (!isWrite(body)) return void res.writeHead(400).end();
      const before = maxSeen;
      const accept = rule === 'none' || before === null || tokenOrder(body.token, before) > 0;
      if (accept) {
        value = body.value;
        if (before === null || tokenOrder(body.token, before) > 0) maxSeen = body.token;
      }
      const verdict = accept ? 'accepted' : 'rejected';
      note({
        party: 'Storage',
        kind: `write.${verdict}`,
        client: body.client,
        token: body.token,
        detail: { value: body.value, maxSeenBefore: before, maxSeenAfter: maxSeen, stored: value, rule },
      });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ verdict, maxSeenBefore: before, maxSeenAfter: maxSeen }));
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const addr = server.address();
      if (typeof addr !== 'object' || !addr) return reject(new Error('store: no address'));
      resolve({
        url: `http://127.0.0.1:${addr.port}`,
        close: () => new Promise((r) => server.close(() => r())),
      });
    });
  });
}
