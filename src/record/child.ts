// One client of the race, as its own process (so a GC pause can be SIGSTOP and SIGCONT). Started
// by race.ts with its ChildConfig as JSON in FENCELAB_CHILD and an IPC channel. In: commands
// {type: 'acquire' | 'write' (value) | 'release' | 'close'}. Out: {type: 'ready'} once, then
// {type: 'obs', at (epoch ms), kind, token?, detail?} for everything it saw.
// The application: a write asked for while acquiring waits for the grant (write.queued), one asked
// for while holding goes out with the token, one asked for after the library said the lease is
// lost is skipped, as the model's clients do. A write decided before a pause goes out on waking.

import type { ChildConfig, LockClient, MakeClient, Note } from './clients/types.ts';
import { makeEtcdClient } from './clients/etcd.ts';
import { makeZooKeeperClient } from './clients/zookeeper.ts';
import { makeRedlockClient } from './clients/redlock.ts';

type Command = { type: 'acquire' } | { type: 'write'; value: string } | { type: 'release' } | { type: 'close' };

const MAKERS: Record<ChildConfig['system'], MakeClient> = {
  etcd: makeEtcdClient,
  zookeeper: makeZooKeeperClient,
  redis: makeRedlockClient,
};

const config = JSON.parse(process.env.FENCELAB_CHILD ?? '{}') as ChildConfig;
const send = (m: unknown) => process.send?.(m);
const note: Note = (kind, fields = {}) => send({ type: 'obs', at: Date.now(), kind, ...fields });

let state: 'idle' | 'acquiring' | 'holding' | 'lost' = 'idle';
let token: string | null = null;
const pending: string[] = [];
const lock: LockClient = MAKERS[config.system](config, note, (why) => {
  if (state === 'holding' || state === 'acquiring') note('lease.lost', { token: token ?? undefined, detail: { why } });
  state = 'lost';
});

async function write(value: string): Promise<void> {
  if (token === null) return;
  note('write.sent', { token, detail: { value } });
  try {
    const r = await fetch(`${config.storeUrl}/write`, {
      method: 'POST',
      body: JSON.stringify({ client: config.client, token, value }),
      signal: AbortSignal.timeout(2000),
    });
    const reply = (await r.json()) as { verdict: string; maxSeenAfter: string | null };
    note(`write.${reply.verdict}`, { token, detail: { value, maxSeenAfter: reply.maxSeenAfter } });
  } catch (e) {
    note('write.failed', { token, detail: { value, error: String(e) } });
  }
  if (config.guarded && lock.guardedWrite) {
    const ok = await lock.guardedWrite(value).catch(() => false);
    note(ok ? 'txn.succeeded' : 'txn.failed', { token, detail: { value } });
  }
  await lock.probe?.();
}

async function handle(cmd: Command): Promise<void> {
  switch (cmd.type) {
    case 'acquire': {
      state = 'acquiring';
      note('lock.requested');
      try {
        const t = await lock.acquire();
        if (state !== 'acquiring') return;
        token = t;
        state = 'holding';
        note('lock.granted', { token: t });
        for (const v of pending.splice(0)) await write(v);
      } catch (e) {
        state = 'idle';
        note('lock.failed', { detail: { error: e instanceof Error ? e.message : String(e) } });
      }
      return;
    }
    case 'write':
      if (state === 'acquiring') {
        pending.push(cmd.value);
        note('write.queued', { detail: { value: cmd.value } });
      } else if (state === 'holding') await write(cmd.value);
      else note('write.skipped', { detail: { value: cmd.value, state } });
      return;
    case 'release':
      if (state === 'holding') await lock.release().catch(() => undefined);
      note('lock.released', { token: token ?? undefined });
      state = 'idle';
      return;
    case 'close':
      await lock.close().catch(() => undefined);
      send({ type: 'closed' });
      process.exit(0);
  }
}

process.on('message', (cmd: Command) => void handle(cmd));
process.on('disconnect', () => process.exit(0));
// The first fetch in a process costs tens of ms (loading its HTTP stack): pay it before the race.
const warm = [`${config.storeUrl}/warm`, ...(config.system === 'etcd' ? [`${config.endpoint}/health`] : [])];
void Promise.all(warm.map((u) => fetch(u, { signal: AbortSignal.timeout(2000) }).catch(() => undefined))).then(() =>
  send({ type: 'ready' }),
);
