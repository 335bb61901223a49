// One independent Redis master as Redlock uses it: `SET key value NX PX ttl` sets the key only if
// it is absent, the key expires after ttl on this master's own wall clock, and the release is a
// compare-and-delete (a Lua script that deletes the key only if it still holds the caller's value).
// Keys live in memory only (no fsync), so a restart forgets them.
// Invariant it keeps, and the only one: while its key is unexpired by its own clock, it refuses to
// set another value. Nothing here orders holders: the value is random.

import { enqueueActions, setup } from 'xstate';
import type { Env } from '../../core/party';
import { type EnqueueArgs, effect, effectActions, timerEvent } from '../effects';

interface Key {
  value: string;
  holder: string;
  expiresAtMs: number;
}

export interface RedisMasterContext {
  key: Key | null;
}

type RedisEvent = { env: Env; from?: string } & (
  | { type: 'redis.set'; value: string; ttlMs: number; attempt: number }
  | { type: 'redis.del'; value: string }
  | { type: 'key.expire'; value: string }
  | { type: 'lease.expireNow' }
  | { type: 'node.crash' }
  | { type: 'node.restart' }
);

/** The lock as this master sees it: one key, held until its expiry on this master's clock. */
const isHeld = (key: Key | null, nowMs: number): key is Key => key !== null && key.expiresAtMs > nowMs;

const redisMasterSetup = setup({
  types: { context: {} as RedisMasterContext, events: {} as RedisEvent },
  actions: effectActions,
});

type Args = EnqueueArgs<typeof redisMasterSetup>;

export const redisMasterMachine = redisMasterSetup
  .extend({
    actions: {
      setNx: redisMasterSetup.enqueueActions(({ context, event, enqueue }) => {
        if (event.type !== 'redis.set' || !event.from) return;
        const { env, from, value, ttlMs, attempt } = event;
        const key = context.key;
        if (isHeld(key, env.nowMs)) {
          enqueue(effect.send(from, { type: 'redis.busy', value, attempt }));
          enqueue(
            effect.note({
              kind: 'key.busy',
              parties: [from],
              client: from,
              holder: key.holder,
              token: key.value,
              detail: { expiresAtMs: key.expiresAtMs },
            }),
          );
          return;
        }
        const expiresAtMs = env.nowMs + ttlMs;
        enqueue.assign({ key: { value, holder: from, expiresAtMs } });
        enqueue.raise(timerEvent({ type: 'key.expire', value }), { id: 'expire', delay: ttlMs });
        enqueue(effect.send(from, { type: 'redis.ok', value, attempt }));
        enqueue(effect.note({ kind: 'key.set', parties: [from], holder: from, token: value, detail: { expiresAtMs } }));
      }),
      compareAndDelete: redisMasterSetup.enqueueActions(({ context, event, enqueue }) => {
        if (event.type !== 'redis.del' || !event.from) return;
        if (!isHeld(context.key, event.env.nowMs) || context.key.value !== event.value) {
          // Compare-and-delete never touches someone else's key (Redlock unlocks everywhere on failure).
          enqueue(
            effect.note({
              kind: 'release.ignored',
              parties: [event.from],
              token: event.value,
              detail: { reason: 'value' },
            }),
          );
          return;
        }
        enqueue.cancel('expire');
        enqueue.assign({ key: null });
        enqueue(effect.note({ kind: 'key.deleted', parties: [event.from], holder: event.from, token: event.value }));
      }),
      expire: enqueueActions(({ context, event, enqueue }: Args, params: { force: boolean }) => {
        const key = context.key;
        if (!key || (event.type === 'key.expire' && event.value !== key.value)) return;
        if (!params.force && key.expiresAtMs > event.env.nowMs) return;
        enqueue.cancel('expire');
        enqueue.assign({ key: null });
        enqueue(
          effect.note({
            kind: 'lease.expired',
            parties: [key.holder],
            holder: key.holder,
            token: key.value,
            detail: { scope: 'master' },
          }),
        );
      }),
    },
  })
  .createMachine({
    id: 'redisMaster',
    context: { key: null },
    initial: 'up',
    states: {
      up: {
        on: {
          'redis.set': { actions: 'setNx' },
          'redis.del': { actions: 'compareAndDelete' },
          'key.expire': { actions: { type: 'expire', params: { force: false } } },
          'lease.expireNow': [
            { guard: ({ context }) => context.key !== null, actions: { type: 'expire', params: { force: true } } },
            { actions: { type: 'note', params: { kind: 'lease.none' } } },
          ],
          'node.crash': {
            target: 'down',
            actions: [
              {
                type: 'note',
                params: ({ context }) => ({
                  kind: 'node.crashed',
                  holder: context.key?.holder,
                  token: context.key?.value,
                }),
              },
              enqueueActions(({ enqueue }) => enqueue.assign({ key: null })),
            ],
          },
        },
      },
      down: {
        on: {
          'node.restart': {
            target: 'up',
            actions: { type: 'note', params: { kind: 'node.restarted', detail: { persistence: 'none' } } },
          },
        },
      },
    },
  });
