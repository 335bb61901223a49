// A ZooKeeper lock client in the manner of Curator's InterProcessMutex: it opens a session, creates
// its ephemeral sequential node, waits on its predecessor, and holds the lock while its node is the
// lowest. It pings every timeout/3; after 2/3 of the timeout without a word from the server it is
// SUSPENDED, and a full timeout later (on its own clock) Curator declares the session LOST.
// Invariant it keeps: it writes only while it believes its session and node are alive. That belief
// can outlive the session (the server expires it after one timeout, Curator only after 5/3), which
// is why the store must check the czxid. When the application stops acting is its stop policy:
// at LOST (the default), at SUSPENDED (first doubt, or a renew deadline, which here fall at the
// same moment), or never.

import { enqueueActions, setup } from 'xstate';
import type { TokenValue } from '../../core/trace';
import { type EnqueueArgs, effect, effectActions, timerEvent } from '../effects';
import { assertEvent } from '../assertEvent';
import * as W from '../common/writer';
import * as S from '../common/session';
import * as G from '../common/grant';
import type { StopPolicy } from '../../core/defaults';
import { heartbeatEveryMs } from '../../core/defaults';

/** Why a holder that stops before LOST stops, by its policy. */
const SUSPENDED_STOP = {
  'first-doubt': `SUSPENDED: no word from ZooKeeper for two thirds of the session timeout, and ${W.EARLY_STOP['first-doubt']}`,
  'renew-deadline': 'its renew deadline passed: no word from ZooKeeper for two thirds of the session timeout',
} as const;

interface ZkClientInput {
  zk: string;
  resources: string[];
  mailer: string | null;
  stopActing: StopPolicy;
}

interface ZkClientContext extends ZkClientInput, W.WriterFields {
  session: string | null;
  timeoutMs: number;
  node: string | null;
  suspended: boolean;
}

type ZkClientEvent = W.ClientEvent<
  | { type: 'zk.connected'; session: string; timeoutMs: number }
  | { type: 'zk.lockHeld'; node: string; token: TokenValue; grantId: number }
  | { type: 'zk.lockWait'; node: string; watching: string; holder: string }
  | { type: 'zk.pong'; session: string }
  | { type: 'zk.expired'; session: string }
  | { type: 'timer.ping' }
  | { type: 'timer.silence' }
  | { type: 'timer.lost' }
>;

const forgetGrant = { node: null, ...W.noGrant };

const zkClientSetup = setup({
  types: { context: {} as ZkClientContext, events: {} as ZkClientEvent, input: {} as ZkClientInput },
  actions: effectActions,
  guards: {
    hasSession: ({ context }) => context.session !== null,
    isOurNode: ({ context, event }) => 'node' in event && event.node === context.node,
    isOurSession: ({ context, event }) => 'session' in event && event.session === context.session,
    isCurrentGrant: G.isCurrentGrant,
    carriesOnSession: ({ context, event }) =>
      W.carriesOn({ context }) &&
      context.session !== null &&
      (!('session' in event) || event.session === context.session),
    stopsEarly: W.stopsEarly,
  },
});

type Args = EnqueueArgs<typeof zkClientSetup>;

export const zkClientMachine = zkClientSetup
  .extend({
    actions: {
      /** Anything from the server proves the connection: the silence countdown starts again. */
      heard: zkClientSetup.enqueueActions(({ context, enqueue }) => {
        enqueue.cancel('lost');
        enqueue.raise(timerEvent({ type: 'timer.silence' }), {
          id: 'silence',
          delay: Math.floor((context.timeoutMs * 2) / 3),
        });
        if (context.suspended) {
          enqueue.assign({ suspended: false });
          enqueue(
            effect.note({ kind: 'session.reconnected', parties: [context.zk], detail: { session: context.session } }),
          );
        }
      }),
      ping: zkClientSetup.enqueueActions(({ context, enqueue }) => {
        enqueue(effect.send(context.zk, { type: 'zk.ping', session: context.session!, quiet: true })); // hasSession
        enqueue.raise(timerEvent({ type: 'timer.ping' }), { id: 'ping', delay: heartbeatEveryMs(context.timeoutMs) });
      }),
      requestLock: zkClientSetup.enqueueActions(({ context, enqueue }) => {
        enqueue(effect.note({ kind: 'lock.requested', parties: [context.zk] }));
        if (context.session) enqueue(effect.send(context.zk, { type: 'zk.lock', session: context.session }));
        else enqueue(effect.send(context.zk, { type: 'zk.connect' }));
      }),
      startSession: zkClientSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertEvent(self, event, 'zk.connected');
        enqueue.assign({ session: event.session, timeoutMs: event.timeoutMs, suspended: false });
        enqueue.raise(timerEvent({ type: 'timer.ping' }), { id: 'ping', delay: heartbeatEveryMs(event.timeoutMs) });
        enqueue.raise(timerEvent({ type: 'timer.silence' }), {
          id: 'silence',
          delay: Math.floor((event.timeoutMs * 2) / 3),
        });
        enqueue(effect.send(context.zk, { type: 'zk.lock', session: event.session }));
        enqueue(effect.note(S.sessionReady(context.zk, { session: event.session })));
      }),
      takeLock: zkClientSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertEvent(self, event, 'zk.lockHeld');
        const g = W.takeGrant(event.token, event.grantId, null, context.zk, {
          node: event.node,
          session: context.session,
        });
        W.enqueueGrant(enqueue, context, g);
      }),
      write: zkClientSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertEvent(self, event, 'cmd.write');
        W.enqueueWrite(enqueue, context, event.value);
      }),
      queueWrite: zkClientSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertEvent(self, event, 'cmd.write');
        W.enqueueQueuedWrite(enqueue, context, event.value);
      }),
      release: zkClientSetup.enqueueActions(({ context, enqueue }) => {
        // A holder that was never told its session is gone has nothing left to delete.
        const msg = context.session ? { type: 'zk.delete', session: context.session, node: context.node } : null;
        G.enqueueRelease(enqueue, context, msg ? [context.zk] : [], msg, forgetGrant);
      }),
      forgetGrant: zkClientSetup.enqueueActions(({ enqueue }) => enqueue.assign(forgetGrant)),
      /** The session is gone (told by the server, or Curator's own timer): so is any lock. */
      endSession: enqueueActions(({ context, enqueue }: Args, params: { cause: string }) =>
        S.enqueueSessionEnd(enqueue, context, params.cause, {
          server: context.zk,
          timers: ['ping', 'silence', 'lost'],
          id: { session: context.session },
          forget: { session: null, node: null, suspended: false },
        }),
      ),
      /** The session is gone, but the application is never told: it keeps its token. */
      loseSession: enqueueActions(({ context, enqueue }: Args, params: { cause: string }) =>
        S.enqueueSessionLoss(enqueue, context, params.cause, {
          server: context.zk,
          timers: ['ping', 'silence', 'lost'],
          forget: { session: null, suspended: false },
        }),
      ),
    },
  })
  .createMachine({
    id: 'zkClient',
    context: ({ input }) => ({
      ...input,
      ...W.writerDefaults,
      session: null,
      timeoutMs: 0,
      node: null,
      suspended: false,
    }),
    initial: 'idle',
    on: {
      // A ping timer that outlived its session (hasSession) sends nothing.
      'timer.ping': { guard: 'hasSession', actions: 'ping' },
      'zk.pong': { guard: 'isOurSession', actions: 'heard' },
      'timer.silence': {
        guard: 'hasSession',
        actions: [
          enqueueActions(({ context, enqueue }) => {
            enqueue.assign({ suspended: true });
            enqueue.raise(timerEvent({ type: 'timer.lost' }), { id: 'lost', delay: context.timeoutMs });
          }),
          {
            type: 'note',
            params: ({ context }) => ({
              kind: 'session.suspended',
              parties: [context.zk],
              detail: { session: context.session },
            }),
          },
        ],
      },
      'timer.lost': S.endSessionOn('hasSession', 'Curator declares the session LOST, a timeout after SUSPENDED'),
      'zk.expired': S.serverEndsSession(
        'isOurSession',
        'ZooKeeper says its session expired',
        'ZooKeeper confirms the session expired',
      ),
      ...W.clientOn,
    },
    states: {
      idle: {
        on: {
          'cmd.acquire': [
            { guard: 'hasSession', target: 'creating', actions: 'requestLock' },
            { target: 'connecting', actions: 'requestLock' },
          ],
          'cmd.write': { actions: W.noteSkippedWrite },
          // A grant for a wait it has given up: hand the lock straight back rather than sit on it.
          'zk.lockHeld': {
            guard: 'hasSession',
            actions: enqueueActions(({ context, event, enqueue }) =>
              G.handBack(enqueue, context.zk, { type: 'zk.delete', session: context.session, node: event.node }, event),
            ),
          },
        },
      },
      connecting: {
        on: { 'zk.connected': { target: 'creating', actions: ['startSession', 'heard'] } },
      },
      creating: {
        on: {
          'zk.lockHeld': {
            target: 'holding',
            actions: [
              'heard',
              enqueueActions(({ event, enqueue }) => enqueue.assign({ node: event.node })),
              'takeLock',
            ],
          },
          'zk.lockWait': {
            target: 'waiting',
            actions: [
              'heard',
              enqueueActions(({ event, enqueue }) => enqueue.assign({ node: event.node })),
              {
                type: 'note',
                params: ({ context, event }) =>
                  G.waitingNote(context.zk, event.holder, { node: event.node, watching: event.watching }),
              },
            ],
          },
        },
      },
      waiting: {
        on: { 'zk.lockHeld': { guard: 'isOurNode', target: 'holding', actions: ['heard', 'takeLock'] } },
      },
      holding: {
        on: {
          ...G.fencedHoldingOn,
          // SUSPENDED, for an application that stops before LOST: it ends its session on its side
          // (no more pings), and ZooKeeper expires it a session timeout later.
          'timer.silence': {
            guard: 'stopsEarly',
            target: 'idle',
            actions: {
              type: 'endSession',
              params: ({ context }) => ({
                cause: SUSPENDED_STOP[context.stopActing === 'renew-deadline' ? 'renew-deadline' : 'first-doubt'],
              }),
            },
          },
        },
      },
    },
  });
