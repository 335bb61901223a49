// A client of the generic strategies. It asks for the lock, believes it holds it until its own
// clock says the lease ran out (or a resource refuses it), and carries its token on every write.
// Invariant it keeps: it only writes while it believes it holds the lock. That belief is exactly
// what a pause, a slow network or a skewed clock can make wrong; the resource is the real guard.

import { enqueueActions, setup } from 'xstate';
import type { TokenValue } from '../trace/types';
import type { Env } from '../sim/logic';
import { effect, effectActions } from './effects';

export interface ClientInput {
  lockService: string;
  /** How long to wait for an answer before asking again (a request or a grant can be lost). */
  retryMs: number;
  resources: string[];
  mailer: string | null;
}

export interface ClientContext extends ClientInput {
  token: TokenValue;
  grantId: number | null;
  ttlMs: number;
  /** When its lease ends by its own clock; null when it believes it holds nothing. */
  believedUntilMs: number | null;
  seq: number;
  pendingWrites: string[];
  lastValue: string | null;
}

type ClientEvent = { env: Env; from?: string } & (
  | { type: 'cmd.acquire' }
  | { type: 'cmd.write'; value: string }
  | { type: 'cmd.release' }
  | { type: 'lock.wait'; holder: string | null }
  | { type: 'lock.grant'; token: TokenValue; grantId: number; ttlMs: number }
  | { type: 'write.ack'; token: TokenValue; grantId: number; value: string }
  | { type: 'write.nack'; token: TokenValue; grantId: number; value: string; reason: string }
);

const noGrant = { token: null, grantId: null, believedUntilMs: null, seq: 0 };

export const clientMachine = setup({
  types: {
    context: {} as ClientContext,
    events: {} as ClientEvent,
    input: {} as ClientInput,
  },
  actions: effectActions,
  guards: {
    isCurrentGrant: ({ context, event }) => 'grantId' in event && event.grantId === context.grantId,
  },
  delays: {
    leaseBelief: ({ context }) => context.ttlMs,
    acquireRetry: ({ context }) => context.retryMs,
  },
})
  .extend({
    actions: {
      requestLock: enqueueActions(({ context, enqueue }) => {
        enqueue(effect.send(context.lockService, { type: 'lock.request' }));
        enqueue(effect.note({ kind: 'lock.requested', parties: [context.lockService] }));
      }),
      /** Carry: the token goes on every write, to every store, and with every side effect. */
      sendWrite: enqueueActions(({ context, event, enqueue }) => {
        if (event.type !== 'cmd.write') return;
        const seq = context.seq + 1;
        const payload = { token: context.token, grantId: context.grantId, seq, value: event.value };
        for (const resource of context.resources) {
          enqueue(effect.send(resource, { type: 'write.request', ...payload }));
        }
        if (context.mailer) {
          enqueue(effect.send(context.mailer, { type: 'effect.request', ...payload }));
        }
        enqueue.assign({ seq, lastValue: event.value });
        enqueue(
          effect.note({
            kind: 'write.sent',
            parties: [...context.resources, ...(context.mailer ? [context.mailer] : [])],
            token: context.token,
            grantId: context.grantId ?? undefined,
            detail: { value: event.value, seq },
          }),
        );
      }),
      takeGrant: enqueueActions(({ context, event, enqueue }) => {
        if (event.type !== 'lock.grant') return;
        const believedUntilMs = event.env.nowMs + event.ttlMs;
        enqueue.assign({
          token: event.token,
          grantId: event.grantId,
          ttlMs: event.ttlMs,
          believedUntilMs,
          seq: 0,
          pendingWrites: [],
        });
        enqueue(
          effect.note({
            kind: 'lock.acquired',
            parties: [context.lockService],
            token: event.token,
            grantId: event.grantId,
            detail: { believedUntilMs },
          }),
        );
        for (const value of context.pendingWrites) enqueue(effect.self({ type: 'cmd.write', value }));
      }),
    },
  })
  .createMachine({
    id: 'client',
    context: ({ input }) => ({ ...input, ...noGrant, ttlMs: 0, pendingWrites: [], lastValue: null }),
    initial: 'idle',
    on: {
      'lock.grant': { target: '.holding', reenter: true, actions: 'takeGrant' },
      'write.ack': {
        actions: {
          type: 'note',
          params: ({ event }) => ({
            kind: 'write.acked',
            parties: [event.from ?? ''],
            token: event.token,
            grantId: event.grantId,
            detail: { value: event.value },
          }),
        },
      },
      'write.nack': {
        actions: {
          type: 'note',
          params: ({ event }) => ({
            kind: 'write.refused',
            parties: [event.from ?? ''],
            token: event.token,
            grantId: event.grantId,
            detail: { reason: event.reason, value: event.value },
          }),
        },
      },
      'cmd.acquire': { actions: { type: 'note', params: { kind: 'acquire.skipped' } } },
      'cmd.release': { actions: { type: 'note', params: { kind: 'release.skipped' } } },
    },
    states: {
      idle: {
        on: {
          'cmd.acquire': { target: 'acquiring', actions: 'requestLock' },
          'cmd.write': {
            actions: {
              type: 'note',
              params: ({ event }) => ({ kind: 'write.skipped', detail: { value: event.value } }),
            },
          },
        },
      },
      acquiring: {
        // Asking again is safe: the lock service re-sends a grant to its holder and keeps one
        // place in the queue per client.
        after: {
          acquireRetry: {
            target: 'acquiring',
            reenter: true,
            actions: enqueueActions(({ context, enqueue }) => {
              enqueue(effect.send(context.lockService, { type: 'lock.request' }));
              enqueue(effect.note({ kind: 'lock.retried', parties: [context.lockService] }));
            }),
          },
        },
        on: {
          'lock.wait': {
            actions: {
              type: 'note',
              params: ({ context, event }) => ({
                kind: 'lock.waiting',
                parties: [context.lockService],
                holder: event.holder ?? undefined,
              }),
            },
          },
          'cmd.write': {
            actions: [
              enqueueActions(({ context, event, enqueue }) =>
                enqueue.assign({ pendingWrites: [...context.pendingWrites, event.value] }),
              ),
              { type: 'note', params: ({ event }) => ({ kind: 'write.queued', detail: { value: event.value } }) },
            ],
          },
        },
      },
      holding: {
        // The client's belief: its lease lasts ttl on its own clock from when the grant arrived.
        after: {
          leaseBelief: {
            target: 'idle',
            actions: [
              {
                type: 'note',
                params: ({ context }) => ({
                  kind: 'lease.lapsed',
                  token: context.token,
                  grantId: context.grantId ?? undefined,
                }),
              },
              enqueueActions(({ enqueue }) => enqueue.assign(noGrant)),
            ],
          },
        },
        on: {
          'cmd.write': { actions: 'sendWrite' },
          'cmd.release': {
            target: 'idle',
            actions: [
              enqueueActions(({ context, enqueue }) => {
                enqueue(effect.send(context.lockService, { type: 'lock.release', grantId: context.grantId }));
                enqueue(
                  effect.note({
                    kind: 'lock.releasing',
                    parties: [context.lockService],
                    token: context.token,
                    grantId: context.grantId ?? undefined,
                  }),
                );
                enqueue.assign(noGrant);
              }),
            ],
          },
          'write.nack': {
            // A refusal of our current grant is news: someone newer has written, so we stop believing.
            guard: 'isCurrentGrant',
            target: 'idle',
            actions: [
              {
                type: 'note',
                params: ({ event }) => ({
                  kind: 'write.refused',
                  parties: [event.from ?? ''],
                  token: event.token,
                  grantId: event.grantId,
                  detail: { reason: event.reason, value: event.value, fenced: true },
                }),
              },
              enqueueActions(({ enqueue }) => enqueue.assign(noGrant)),
            ],
          },
        },
      },
    },
  });
