// A client of the generic strategies. It asks for the lock, believes it holds it until its own
// clock says the lease ran out (timed from when it asked: protocol/belief.ts), or a resource
// refuses it, and carries its token on every write. A grant older than one it has had, or whose
// lease is over when it arrives, is ignored.
// Invariant it keeps: it only writes while it believes it holds the lock. That belief is exactly
// what a pause, a slow network or a skewed clock can make wrong; the resource is the real guard.

import { enqueueActions, setup } from 'xstate';
import type { TokenValue } from '../core/trace';
import { effect, effectActions } from './effects';
import { assertEvent } from './assertEvent';
import * as W from './common/writer';
import * as G from './common/grant';
import { judgeGrant, type GrantTiming } from '../protocol/belief';

export interface ClientInput {
  lockService: string;
  /** How long to wait for an answer before asking again (a request or a grant can be lost). */
  retryMs: number;
  resources: string[];
  mailer: string | null;
}

/** Its writer fields, how long its belief in the last grant had left when it came (its belief's
 * timer), and the newest grant it has had (a late, older one is ignored). */
export interface ClientContext extends ClientInput, W.WriterFields {
  ttlMs: number;
  newestGrantId: number;
}

type ClientEvent = W.ClientEvent<
  { type: 'lock.wait'; holder: string | null } | ({ type: 'lock.grant'; token: TokenValue } & GrantTiming)
>;

const clientSetup = setup({
  types: {
    context: {} as ClientContext,
    events: {} as ClientEvent,
    input: {} as ClientInput,
  },
  actions: effectActions,
  guards: {
    isCurrentGrant: G.isCurrentGrant,
    /** A grant older than one already had, or over before it came: believing it would make a
     * zombie of a client that did nothing wrong. */
    isGrantToIgnore: ({ context, event }) =>
      event.type === 'lock.grant' && !judgeGrant(event, context.newestGrantId, event.env.nowMs).take,
  },
  delays: {
    leaseBelief: ({ context }) => context.ttlMs,
    acquireRetry: ({ context }) => context.retryMs,
  },
});

export const clientMachine = clientSetup
  .extend({
    actions: {
      requestLock: clientSetup.enqueueActions(({ context, event, enqueue }) => {
        enqueue(effect.send(context.lockService, { type: 'lock.request', sentAtMs: event.env.nowMs }));
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
        const { believedUntilMs } = judgeGrant(event, context.newestGrantId, event.env.nowMs);
        const g = W.takeGrant(event.token, event.grantId, believedUntilMs, context.lockService);
        W.enqueueGrant(enqueue, context, g, { ttlMs: believedUntilMs - event.env.nowMs, newestGrantId: event.grantId });
      }),
      ignoreGrant: clientSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertEvent(self, event, 'lock.grant');
        const judged = judgeGrant(event, context.newestGrantId, event.env.nowMs);
        enqueue(
          effect.note({
            kind: 'message.ignored',
            parties: [context.lockService],
            token: event.token,
            detail: {
              type: 'lock.grant',
              reason: judged.take ? '' : judged.reason,
              believedUntilMs: judged.believedUntilMs,
            },
          }),
        );
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
    context: ({ input }) => ({ ...input, ...W.writerDefaults, ttlMs: 0, newestGrantId: 0 }),
    initial: 'idle',
    on: {
      'lock.grant': [
        { guard: 'isGrantToIgnore', actions: 'ignoreGrant' },
        { target: '.holding', reenter: true, actions: 'takeGrant' },
      ],
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
            actions: enqueueActions(({ context, event, enqueue }) => {
              enqueue(effect.send(context.lockService, { type: 'lock.request', sentAtMs: event.env.nowMs }));
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
        // The client's belief: until when it asked plus the lease the grant reports, on its own clock.
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
