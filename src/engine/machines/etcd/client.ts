// An etcd lock client in the manner of clientv3's concurrency.Session and Mutex: it takes a lease,
// keeps it alive every TTL/3, puts its lock key under the prefix and waits until its key has the
// lowest create revision; that revision is its token. Its session ends when a keepalive is
// answered "lease not found", or when its own clock says a TTL has passed since the last answer.
// When the application stops acting is its stop policy: when the session ends (the default), at
// the first keepalive left unanswered, at a renew deadline a third of the TTL before its own
// deadline, or never; one that stops early stops keeping the lease alive, and etcd expires it.
// Invariant it keeps: it writes only while it believes its lease is alive; the store (or the txn
// guard inside etcd) is what stops it when that belief is wrong.

import { enqueueActions, setup } from 'xstate';
import { type EnqueueArgs, effect, effectActions, timerEvent } from '../effects';
import { assertEvent } from '../assertEvent';
import * as W from '../common/writer';
import * as S from '../common/session';
import * as G from '../common/grant';
import type { StopPolicy } from '../../core/defaults';
import { heartbeatEveryMs } from '../../core/defaults';

interface EtcdClientInput {
  etcd: string;
  resources: string[];
  mailer: string | null;
  ttlMs: number;
  /** Write through etcd's guarded txn (fencing inside etcd) instead of (or as well as) to stores. */
  guarded: boolean;
  stopActing: StopPolicy;
}

interface EtcdClientContext extends EtcdClientInput, W.WriterFields {
  lease: string | null;
  key: string | null;
  /** The revision its key was created at: the token once it owns the lock. */
  myRev: number | null;
  /** A TTL after the last keepalive answer, on its own clock. */
  leaseDeadlineMs: number | null;
  /** When it sent a keepalive that has had no answer yet; null when every one was answered. */
  unansweredSinceMs: number | null;
}

type EtcdClientEvent = W.ClientEvent<
  | { type: 'etcd.leaseGranted'; lease: string; ttlMs: number }
  | { type: 'etcd.keepAliveOk'; lease: string }
  | { type: 'etcd.leaseNotFound'; lease: string }
  | { type: 'etcd.locked'; key: string; token: number; grantId: number }
  | { type: 'etcd.lockWait'; key: string; myRev: number; holder: string }
  | { type: 'timer.keepAlive' }
  | { type: 'timer.deadline' }
  | { type: 'timer.renewDeadline' }
>;

const EARLY_CAUSE = {
  'first-doubt': `a keepalive went unanswered, and ${W.EARLY_STOP['first-doubt']}`,
  'renew-deadline': 'no keepalive answered for two thirds of the TTL, so its renew deadline passed',
} as const;

const forgetGrant = { key: null, myRev: null, ...W.noGrant };

const etcdClientSetup = setup({
  types: { context: {} as EtcdClientContext, events: {} as EtcdClientEvent, input: {} as EtcdClientInput },
  actions: effectActions,
  guards: {
    hasLease: ({ context }) => context.lease !== null,
    isOurLease: ({ context, event }) => 'lease' in event && event.lease === context.lease,
    isOurKey: ({ context, event }) => 'key' in event && event.key === context.key,
    isCurrentGrant: G.isCurrentGrant,
    carriesOnSession: ({ context, event }) =>
      W.carriesOn({ context }) && context.lease !== null && (!('lease' in event) || event.lease === context.lease),
    isInDoubt: S.isInDoubt,
    hasRenewDeadline: S.hasRenewDeadline,
  },
});

type Args = EnqueueArgs<typeof etcdClientSetup>;

export const etcdClientMachine = etcdClientSetup
  .extend({
    actions: {
      /** An answer from etcd: the lease lives at least another TTL from now, by our clock. */
      extendDeadline: etcdClientSetup.enqueueActions(({ context, event, enqueue }) => {
        const leaseDeadlineMs = event.env.nowMs + context.ttlMs;
        const believedUntilMs = W.actingUntil(context.stopActing, leaseDeadlineMs, context.ttlMs);
        enqueue.assign({
          leaseDeadlineMs,
          unansweredSinceMs: null,
          ...(context.grantId !== null ? { believedUntilMs } : {}),
        });
        enqueue.raise(timerEvent({ type: 'timer.deadline' }), { id: 'deadline', delay: context.ttlMs });
        if (context.stopActing === 'renew-deadline') {
          const delay = context.ttlMs - Math.floor(context.ttlMs / 3);
          enqueue.raise(timerEvent({ type: 'timer.renewDeadline' }), { id: 'renewDeadline', delay });
        }
      }),
      keepAlive: etcdClientSetup.enqueueActions(({ context, event, enqueue }) => {
        enqueue(effect.send(context.etcd, { type: 'etcd.keepAlive', lease: context.lease!, quiet: true })); // hasLease
        enqueue.assign({ unansweredSinceMs: context.unansweredSinceMs ?? event.env.nowMs });
        enqueue.raise(timerEvent({ type: 'timer.keepAlive' }), {
          id: 'keepAlive',
          delay: heartbeatEveryMs(context.ttlMs),
        });
      }),
      requestLock: etcdClientSetup.enqueueActions(({ context, enqueue }) => {
        enqueue(effect.note({ kind: 'lock.requested', parties: [context.etcd] }));
        if (context.lease) enqueue(effect.send(context.etcd, { type: 'etcd.lock', lease: context.lease }));
        else enqueue(effect.send(context.etcd, { type: 'etcd.leaseGrant', ttlMs: context.ttlMs }));
      }),
      startSession: etcdClientSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertEvent(self, event, 'etcd.leaseGranted');
        enqueue.assign({ lease: event.lease });
        enqueue.raise(timerEvent({ type: 'timer.keepAlive' }), {
          id: 'keepAlive',
          delay: heartbeatEveryMs(context.ttlMs),
        });
        enqueue(effect.send(context.etcd, { type: 'etcd.lock', lease: event.lease }));
        enqueue(effect.note(S.sessionReady(context.etcd, { lease: event.lease })));
      }),
      takeLock: etcdClientSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertEvent(self, event, 'etcd.locked');
        const until = W.actingUntil(context.stopActing, context.leaseDeadlineMs ?? 0, context.ttlMs);
        const g = W.takeGrant(event.token, event.grantId, until, context.etcd, {
          key: event.key,
        });
        W.enqueueGrant(enqueue, context, g, { key: event.key, myRev: event.token });
      }),
      write: etcdClientSetup.enqueueActions(({ context, event, enqueue, self }) => {
        const guard = { to: context.etcd, type: 'etcd.txnPut', fields: { key: context.key, myRev: context.myRev } };
        assertEvent(self, event, 'cmd.write');
        W.enqueueWrite(enqueue, context, event.value, context.guarded ? [guard] : []);
      }),
      queueWrite: etcdClientSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertEvent(self, event, 'cmd.write');
        W.enqueueQueuedWrite(enqueue, context, event.value);
      }),
      release: etcdClientSetup.enqueueActions(({ context, enqueue }) => {
        // A holder that was never told its lease is gone has no key left to delete.
        const to = context.lease ? [context.etcd] : [];
        G.enqueueRelease(
          enqueue,
          context,
          to,
          to.length ? { type: 'etcd.unlock', key: context.key } : null,
          forgetGrant,
        );
      }),
      forgetGrant: etcdClientSetup.enqueueActions(({ enqueue }) => enqueue.assign(forgetGrant)),
      /** Session.Done(): the lease is gone or presumed gone, and any lock with it. */
      endSession: enqueueActions(({ context, enqueue }: Args, params: { cause: string }) =>
        S.enqueueSessionEnd(enqueue, context, params.cause, {
          server: context.etcd,
          timers: ['keepAlive', 'deadline', 'renewDeadline'],
          id: { lease: context.lease },
          forget: { lease: null, key: null, myRev: null, leaseDeadlineMs: null, unansweredSinceMs: null },
        }),
      ),
      /** The lease is gone, but the application is never told: it keeps its token (and key, for the txn). */
      loseSession: enqueueActions(({ context, enqueue }: Args, params: { cause: string }) =>
        S.enqueueSessionLoss(enqueue, context, params.cause, {
          server: context.etcd,
          timers: ['keepAlive', 'deadline', 'renewDeadline'],
          forget: { lease: null, leaseDeadlineMs: null, unansweredSinceMs: null },
        }),
      ),
    },
  })
  .createMachine({
    id: 'etcdClient',
    context: ({ input }) => ({
      ...input,
      ...W.writerDefaults,
      lease: null,
      key: null,
      myRev: null,
      leaseDeadlineMs: null,
      unansweredSinceMs: null,
    }),
    initial: 'idle',
    on: {
      // A keepalive timer that outlived its session (hasLease) sends nothing.
      'timer.keepAlive': { guard: 'hasLease', actions: 'keepAlive' },
      'etcd.keepAliveOk': { guard: 'isOurLease', actions: 'extendDeadline' },
      'etcd.leaseNotFound': S.serverEndsSession(
        'isOurLease',
        'etcd says its lease is gone',
        'etcd confirms the lease is gone',
      ),
      'timer.deadline': S.endSessionOn('hasLease', 'no keepalive answer for a whole TTL'),
      ...W.clientOn,
    },
    states: {
      idle: {
        on: {
          'cmd.acquire': [
            { guard: 'hasLease', target: 'locking', actions: 'requestLock' },
            { target: 'granting', actions: 'requestLock' },
          ],
          'cmd.write': { actions: W.noteSkippedWrite },
          // A grant for a wait it has given up: hand the lock straight back rather than sit on it.
          'etcd.locked': {
            actions: enqueueActions(({ context, event, enqueue }) =>
              G.handBack(enqueue, context.etcd, { type: 'etcd.unlock', key: event.key }, event),
            ),
          },
        },
      },
      granting: {
        on: { 'etcd.leaseGranted': { target: 'locking', actions: ['startSession', 'extendDeadline'] } },
      },
      locking: {
        on: {
          'etcd.locked': { target: 'holding', actions: 'takeLock' },
          'etcd.lockWait': {
            target: 'waiting',
            actions: [
              enqueueActions(({ event, enqueue }) => enqueue.assign({ key: event.key, myRev: event.myRev })),
              {
                type: 'note',
                params: ({ context, event }) =>
                  G.waitingNote(context.etcd, event.holder, { key: event.key, revision: event.myRev }),
              },
            ],
          },
        },
      },
      waiting: {
        on: { 'etcd.locked': { guard: 'isOurKey', target: 'holding', actions: 'takeLock' } },
      },
      holding: {
        on: {
          ...G.fencedHoldingOn,
          // An application that stops before the session ends stops keeping its lease alive too.
          ...S.earlyStopOn(EARLY_CAUSE),
        },
      },
    },
  });
