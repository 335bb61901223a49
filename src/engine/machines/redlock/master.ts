// One independent Redis master as Redlock uses it: `SET key value NX PX ttl` sets the key only if
// it is absent, the key expires after ttl on this master's own wall clock, and the release is a
// compare-and-delete (a Lua script that deletes the key only if it still holds the caller's value).
// Keys live in memory only (no fsync), so a restart forgets them.
// Invariant it keeps, and the only one: while its key is unexpired by its own clock, it refuses to
// set another value. Nothing here orders holders: the value is random.

import { enqueueActions, setup } from 'xstate';
import type { Env } from '../../core/party';
import { effect, effectActions, timerEvent } from '../effects';
import { assertEvent, assertMessage } from '../assertEvent';

interface Key {
  value: string;
  holder: string;
  expiresAtMs: number;
}

interface RedisMasterContext {
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
  guards: {
    /** NX: the key is set and unexpired by this master's clock, so SET refuses. */
    isKeyHeld: ({ context, event }) => isHeld(context.key, event.env.nowMs),
    /** Compare-and-delete: the key is live and still holds the caller's value. */
    isOwnKey: ({ context, event }) =>
      event.type === 'redis.del' && isHeld(context.key, event.env.nowMs) && context.key.value === event.value,
    /** The expiry timer of the key that is set now (not an older one), and it is due. */
    isKeyOverdue: ({ context, event }) =>
      event.type === 'key.expire' &&
      context.key !== null &&
      context.key.value === event.value &&
      context.key.expiresAtMs <= event.env.nowMs,
    hasKey: ({ context }) => context.key !== null,
  },
});

export const redisMasterMachine = redisMasterSetup
  .extend({
    actions: {
      refuseSet: redisMasterSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertMessage(self, event, 'redis.set');
        const { from, value, attempt } = event;
        const key = context.key!; // isKeyHeld
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
      }),
      setKey: redisMasterSetup.enqueueActions(({ event, enqueue, self }) => {
        assertMessage(self, event, 'redis.set');
        const { env, from, value, ttlMs, attempt } = event;
        const expiresAtMs = env.nowMs + ttlMs;
        enqueue.assign({ key: { value, holder: from, expiresAtMs } });
        enqueue.raise(timerEvent({ type: 'key.expire', value }), { id: 'expire', delay: ttlMs });
        enqueue(effect.send(from, { type: 'redis.ok', value, attempt }));
        enqueue(effect.note({ kind: 'key.set', parties: [from], holder: from, token: value, detail: { expiresAtMs } }));
      }),
      /** Compare-and-delete never touches someone else's key (Redlock unlocks everywhere on failure). */
      ignoreDelete: redisMasterSetup.enqueueActions(({ event, enqueue, self }) => {
        assertMessage(self, event, 'redis.del');
        enqueue(
          effect.note({
            kind: 'release.ignored',
            parties: [event.from],
            token: event.value,
            detail: { reason: 'value' },
          }),
        );
      }),
      compareAndDelete: redisMasterSetup.enqueueActions(({ event, enqueue, self }) => {
        assertMessage(self, event, 'redis.del');
        enqueue.cancel('expire');
        enqueue.assign({ key: null });
        enqueue(effect.note({ kind: 'key.deleted', parties: [event.from], holder: event.from, token: event.value }));
      }),
      /** The key is gone: its timer fired (isKeyOverdue) or the scenario forced it (hasKey). */
      expireKey: redisMasterSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertEvent(self, event, ['key.expire', 'lease.expireNow']);
        const key = context.key!;
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
          'redis.set': [{ guard: 'isKeyHeld', actions: 'refuseSet' }, { actions: 'setKey' }],
          'redis.del': [{ guard: 'isOwnKey', actions: 'compareAndDelete' }, { actions: 'ignoreDelete' }],
          // A timer for a key since deleted, replaced or renewed finds nothing to expire.
          'key.expire': { guard: 'isKeyOverdue', actions: 'expireKey' },
          'lease.expireNow': [
            { guard: 'hasKey', actions: 'expireKey' },
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
