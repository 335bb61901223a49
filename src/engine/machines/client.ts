// A client of the generic strategies. It asks for the lock, believes it holds it until its own
// clock says the lease ran out (or a resource refuses it), and carries its token on every write.
// Invariant it keeps: it only writes while it believes it holds the lock. That belief is exactly
// what a pause, a slow network or a skewed clock can make wrong; the resource is the real guard.

import { enqueueActions, setup } from 'xstate';
import type { TokenValue } from '../core/trace';
import { effect, effectActions } from './effects';
import { assertEvent } from './assertEvent';
import * as W from './common/writer';
import * as G from './common/grant';

export interface ClientInput {
  lockService: string;
  /** How long to wait for an answer before asking again (a request or a grant can be lost). */
  retryMs: number;
  resources: string[];
  mailer: string | null;
}

/** Its writer fields, and the lease's length from the last grant (its belief's timer). */
export interface ClientContext extends ClientInput, W.WriterFields {
  ttlMs: number;
}

type ClientEvent = W.ClientEvent<
  | { type: 'lock.wait'; holder: string | null }
  | { type: 'lock.grant'; token: TokenValue; grantId: number; ttlMs: number }
>;

const clientSetup = setup({
  types: {
    context: {} as ClientContext,
    events: {} as ClientEvent,
    input: {} as ClientInput,
  },
  actions: effectActions,
  guards: { isCurrentGrant: G.isCurrentGrant },
  delays: {
    leaseBelief: ({ context }) => context.ttlMs,
    acquireRetry: ({ context }) => context.retryMs,
  },
});

export const clientMachine = clientSetup
  .extend({
    actions: {
      requestLock: clientSetup.enqueueActions(({ context, enqueue }) => {
        enqueue(effect.send(context.lockService, { type: 'lock.request' }));
        enqueue(effect.note({ kind: 'lock.requested', parties: [context.lockService] }));
      }),
      write: clientSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertEvent(self, event, 'cmd.write');
        W.enqueueWrite(enqueue, context, event.value);
      }),
      queueWrite: clientSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertEvent(self, event, 'cmd.write');
        W.enqueueQueuedWrite(enqueue, context, event.value);
      }),
      takeGrant: clientSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertEvent(self, event, 'lock.grant');
        const g = W.takeGrant(event.token, event.grantId, event.env.nowMs + event.ttlMs, context.lockService);
        W.enqueueGrant(enqueue, context, g, { ttlMs: event.ttlMs });
      }),
      release: clientSetup.enqueueActions(({ context, enqueue }) => {
        const msg = { type: 'lock.release', grantId: context.grantId };
        G.enqueueRelease(enqueue, context, [context.lockService], msg, W.noGrant);
      }),
      forgetGrant: clientSetup.enqueueActions(({ enqueue }) => enqueue.assign(W.noGrant)),
    },
  })
  .createMachine({
    id: 'client',
    context: ({ input }) => ({ ...input, ...W.writerDefaults, ttlMs: 0 }),
    initial: 'idle',
    on: {
      'lock.grant': { target: '.holding', reenter: true, actions: 'takeGrant' },
      // Replies are noted, a write asked for while acquiring is queued (see W.clientOn).
      ...W.clientOn,
    },
    states: {
      idle: {
        on: {
          'cmd.acquire': { target: 'acquiring', actions: 'requestLock' },
          'cmd.write': { actions: W.noteSkippedWrite },
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
            actions: { type: 'note', params: ({ context, event }) => G.waitingNote(context.lockService, event.holder) },
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
              'forgetGrant',
            ],
          },
        },
        on: G.fencedHoldingOn,
      },
    },
  });
