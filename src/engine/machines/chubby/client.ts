// A Chubby client library holding a lock: its session is kept alive by KeepAlives every lease/3,
// and it keeps a conservative local lease, timed from when each KeepAlive was *sent*, so it ends
// before the master's. When the local lease runs out the session is in jeopardy and the client
// stops believing it holds the lock. Its token is the lock generation in the sequencer it got.
// When the application stops acting is its stop policy: at jeopardy (the default), at the first
// KeepAlive left unanswered, a third of the lease before its local lease ends, or never.
// Invariant it keeps: it writes only while its local lease says its session is alive; a pause
// freezes that clock check too, which is why servers must check the sequencer.

import { enqueueActions, setup } from 'xstate';
import { type EnqueueArgs, effect, effectActions, timerEvent } from '../effects';
import { assertEvent } from '../assertEvent';
import * as W from '../common/writer';
import * as S from '../common/session';
import * as G from '../common/grant';
import type { StopPolicy } from '../../core/defaults';
import { heartbeatEveryMs } from '../../core/defaults';

interface ChubbyClientInput {
  chubby: string;
  resources: string[];
  mailer: string | null;
  leaseTtlMs: number;
  stopActing: StopPolicy;
}

interface ChubbyClientContext extends ChubbyClientInput, W.WriterFields {
  sessionOpen: boolean;
  localLeaseUntilMs: number | null;
  sequencer: string | null;
  /** When it sent a KeepAlive that has had no answer yet; null when every one was answered. */
  unansweredSinceMs: number | null;
}

type ChubbyClientEvent = W.ClientEvent<
  | { type: 'chubby.granted'; token: number; grantId: number; sequencer: string; sentAtMs: number | null }
  | { type: 'chubby.wait'; holder: string | null; lockDelayUntilMs?: number | null; sentAtMs: number }
  | { type: 'chubby.keepAliveOk'; sentAtMs: number }
  | { type: 'chubby.sessionExpired' }
  | { type: 'timer.keepAlive' }
  | { type: 'timer.localLease' }
  | { type: 'timer.renewDeadline' }
>;

const EARLY_CAUSE = {
  'first-doubt': `a KeepAlive went unanswered, and ${W.EARLY_STOP['first-doubt']}`,
  'renew-deadline': 'no KeepAlive answered for two thirds of the lease, so its renew deadline passed',
} as const;

const forgetGrant = { sequencer: null, ...W.noGrant };

const chubbyClientSetup = setup({
  types: { context: {} as ChubbyClientContext, events: {} as ChubbyClientEvent, input: {} as ChubbyClientInput },
  actions: effectActions,
  guards: {
    isSessionOpen: ({ context }) => context.sessionOpen,
    isCurrentGrant: G.isCurrentGrant,
    carriesOnSession: ({ context }) => W.carriesOn({ context }) && context.sessionOpen,
    isInDoubt: S.isInDoubt,
    hasRenewDeadline: S.hasRenewDeadline,
  },
});

type Args = EnqueueArgs<typeof chubbyClientSetup>;

export const chubbyClientMachine = chubbyClientSetup
  .extend({
    actions: {
      /** The master answered a call sent at sentAtMs: our lease runs a lease length from the sending. */
      extendLocalLease: chubbyClientSetup.enqueueActions(({ context, event, enqueue }) => {
        const sentAtMs = 'sentAtMs' in event && typeof event.sentAtMs === 'number' ? event.sentAtMs : event.env.nowMs;
        const localLeaseUntilMs = Math.max(context.localLeaseUntilMs ?? 0, sentAtMs + context.leaseTtlMs);
        const believedUntilMs = W.actingUntil(context.stopActing, localLeaseUntilMs, context.leaseTtlMs);
        enqueue.assign({
          localLeaseUntilMs,
          unansweredSinceMs: null,
          ...(context.grantId !== null ? { believedUntilMs } : {}),
        });
        enqueue.raise(timerEvent({ type: 'timer.localLease' }), {
          id: 'localLease',
          delay: Math.max(0, localLeaseUntilMs - event.env.nowMs),
        });
        if (believedUntilMs !== null && context.stopActing === 'renew-deadline') {
          enqueue.raise(timerEvent({ type: 'timer.renewDeadline' }), {
            id: 'renewDeadline',
            delay: Math.max(0, believedUntilMs - event.env.nowMs),
          });
        }
        if (!context.sessionOpen) {
          enqueue.assign({ sessionOpen: true });
          enqueue.raise(timerEvent({ type: 'timer.keepAlive' }), {
            id: 'keepAlive',
            delay: heartbeatEveryMs(context.leaseTtlMs),
          });
        }
      }),
      keepAlive: chubbyClientSetup.enqueueActions(({ context, event, enqueue }) => {
        enqueue(effect.send(context.chubby, { type: 'chubby.keepAlive', sentAtMs: event.env.nowMs, quiet: true }));
        enqueue.assign({ unansweredSinceMs: context.unansweredSinceMs ?? event.env.nowMs });
        enqueue.raise(timerEvent({ type: 'timer.keepAlive' }), {
          id: 'keepAlive',
          delay: heartbeatEveryMs(context.leaseTtlMs),
        });
      }),
      requestLock: chubbyClientSetup.enqueueActions(({ context, event, enqueue }) => {
        enqueue(effect.send(context.chubby, { type: 'chubby.acquire', sentAtMs: event.env.nowMs }));
        enqueue(effect.note({ kind: 'lock.requested', parties: [context.chubby] }));
      }),
      takeLock: chubbyClientSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertEvent(self, event, 'chubby.granted');
        const local = context.localLeaseUntilMs ?? event.env.nowMs + context.leaseTtlMs;
        const until = W.actingUntil(context.stopActing, local, context.leaseTtlMs);
        const g = W.takeGrant(event.token, event.grantId, until, context.chubby, { sequencer: event.sequencer });
        W.enqueueGrant(enqueue, context, g, { sequencer: event.sequencer });
      }),
      write: chubbyClientSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertEvent(self, event, 'cmd.write');
        W.enqueueWrite(enqueue, context, event.value);
      }),
      queueWrite: chubbyClientSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertEvent(self, event, 'cmd.write');
        W.enqueueQueuedWrite(enqueue, context, event.value);
      }),
      release: chubbyClientSetup.enqueueActions(({ context, enqueue }) => {
        // A holder that was never told its session is gone has nothing left to release.
        const msg = context.sessionOpen ? { type: 'chubby.release', grantId: context.grantId } : null;
        G.enqueueRelease(enqueue, context, msg ? [context.chubby] : [], msg, forgetGrant);
      }),
      forgetGrant: chubbyClientSetup.enqueueActions(({ enqueue }) => enqueue.assign(forgetGrant)),
      /** Jeopardy (the local lease ran out) or the master says the session is gone. */
      endSession: enqueueActions(({ context, enqueue }: Args, params: { cause: string }) =>
        S.enqueueSessionEnd(enqueue, context, params.cause, {
          server: context.chubby,
          timers: ['keepAlive', 'localLease', 'renewDeadline'],
          forget: { sessionOpen: false, localLeaseUntilMs: null, sequencer: null, unansweredSinceMs: null },
        }),
      ),
      /** The session is gone, but the application is never told: it keeps its sequencer. */
      loseSession: enqueueActions(({ context, enqueue }: Args, params: { cause: string }) =>
        S.enqueueSessionLoss(enqueue, context, params.cause, {
          server: context.chubby,
          timers: ['keepAlive', 'localLease', 'renewDeadline'],
          forget: { sessionOpen: false, localLeaseUntilMs: null, unansweredSinceMs: null },
        }),
      ),
    },
  })
  .createMachine({
    id: 'chubbyClient',
    context: ({ input }) => ({
      ...input,
      ...W.writerDefaults,
      sessionOpen: false,
      localLeaseUntilMs: null,
      sequencer: null,
      unansweredSinceMs: null,
    }),
    initial: 'idle',
    on: {
      // A KeepAlive timer that outlived its session (isSessionOpen) sends nothing.
      'timer.keepAlive': { guard: 'isSessionOpen', actions: 'keepAlive' },
      'chubby.keepAliveOk': { guard: 'isSessionOpen', actions: 'extendLocalLease' },
      'timer.localLease': S.endSessionOn('isSessionOpen', 'its local lease ran out, so its session is in jeopardy'),
      'chubby.sessionExpired': S.serverEndsSession(
        'isSessionOpen',
        'Chubby says its session expired',
        'Chubby confirms the session expired',
      ),
      ...W.clientOn,
    },
    states: {
      idle: {
        on: {
          'cmd.acquire': { target: 'acquiring', actions: 'requestLock' },
          'cmd.write': { actions: W.noteSkippedWrite },
          // A grant for a wait it has given up: hand the lock straight back rather than sit on it.
          'chubby.granted': {
            actions: enqueueActions(({ context, event, enqueue }) =>
              G.handBack(enqueue, context.chubby, { type: 'chubby.release', grantId: event.grantId }, event),
            ),
          },
        },
      },
      acquiring: {
        on: {
          'chubby.granted': { target: 'holding', actions: ['extendLocalLease', 'takeLock'] },
          'chubby.wait': {
            target: 'waiting',
            actions: [
              'extendLocalLease',
              {
                type: 'note',
                params: ({ context, event }) =>
                  G.waitingNote(
                    context.chubby,
                    event.holder,
                    event.lockDelayUntilMs ? { lockDelayUntilMs: event.lockDelayUntilMs } : {},
                  ),
              },
            ],
          },
        },
      },
      waiting: {
        // A waiter's grant answers no call of its own: its local lease stays what its KeepAlives made it.
        on: { 'chubby.granted': { target: 'holding', actions: 'takeLock' } },
      },
      holding: {
        on: {
          ...G.fencedHoldingOn,
          // An application that stops before jeopardy stops sending KeepAlives too.
          ...S.earlyStopOn(EARLY_CAUSE),
        },
      },
    },
  });
