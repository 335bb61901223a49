// A leader-election client in the manner of client-go's LeaderElector, over a Kubernetes Lease.
// A candidate reads the Lease every retryPeriod. Each time the record differs from the one it last
// saw, it notes the time on its OWN clock; when a holder's record has stayed unchanged for
// leaseDuration by that clock, it takes the lease with an update on the resourceVersion it read.
// The leader renews every retryPeriod with the same kind of update; it stops leading when an
// update finds another holder, or when no renewal has succeeded for renewDeadline.
// Source: k8s.io/client-go/tools/leaderelection/leaderelection.go (tryAcquireOrRenew, renew);
// its docs: it "does not guarantee that only one client is acting as a leader".
// Invariant it keeps: it writes only while it believes it leads; nothing at the server stops a
// leader that has not yet learnt it was replaced, unless a store checks leaseTransitions.

import { setup } from 'xstate';
import { effect, effectActions, timerEvent } from '../effects';
import { assertEvent } from '../assertEvent';
import * as W from '../common/writer';
import * as G from '../common/grant';

interface LeaseRecord {
  holder: string | null;
  transitions: number;
  resourceVersion: number;
}

interface K8sClientInput {
  self: string;
  server: string;
  resources: string[];
  mailer: string | null;
  leaseDurationMs: number;
  renewDeadlineMs: number;
  retryPeriodMs: number;
}

export interface K8sClientContext extends K8sClientInput, W.WriterFields {
  /** The record as it last saw it change, and when that was on its own clock. */
  observed: LeaseRecord | null;
  observedAtMs: number | null;
  /** The resourceVersion it last judged over (it says so once per version). */
  judgedVersion: number | null;
  /** The holder it last said it waits for. */
  waitingFor: string | null;
  /** Leading: the resourceVersion its last update wrote. */
  resourceVersion: number | null;
}

type Record_ = LeaseRecord & { from?: string };

type K8sClientEvent = W.ClientEvent<
  | ({ type: 'lease.record' } & Record_)
  | ({ type: 'lease.conflict' } & Record_)
  | ({ type: 'lease.updated'; grantId: number } & Record_)
  | ({ type: 'lease.renewed' } & Record_)
  | { type: 'timer.retry' }
  | { type: 'timer.renew' }
  | { type: 'timer.renewDeadline' }
>;

const forgetGrant = { ...W.noGrant, resourceVersion: null };

const k8sSetup = setup({
  types: { context: {} as K8sClientContext, events: {} as K8sClientEvent, input: {} as K8sClientInput },
  actions: effectActions,
  guards: {
    isCurrentGrant: G.isCurrentGrant,
    /** An update of ours lost a race with another holder's: the record names someone else. */
    isReplaced: ({ context, event }) => 'holder' in event && event.holder !== context.self,
  },
});

/** What a candidate does with a record it read: notes when it changed, then takes or waits. */
function decide(ctx: K8sClientContext, record: LeaseRecord, nowMs: number) {
  const changed = ctx.observed === null || ctx.observed.resourceVersion !== record.resourceVersion;
  const observedAtMs = changed ? nowMs : (ctx.observedAtMs ?? nowMs);
  const patch: Partial<K8sClientContext> = { observed: record, observedAtMs };
  const effects = [];
  const update = effect.send(ctx.server, { type: 'lease.update', resourceVersion: record.resourceVersion });
  const waitedMs = nowMs - observedAtMs;
  if (record.holder === null || record.holder === ctx.self) effects.push(update);
  else if (waitedMs >= ctx.leaseDurationMs) {
    if (ctx.judgedVersion !== record.resourceVersion)
      effects.push(
        effect.note({
          kind: 'lease.expired',
          parties: [record.holder],
          holder: record.holder,
          token: record.transitions,
          detail: { scope: 'waiter', waitedMs, revision: record.resourceVersion },
        }),
      );
    patch.judgedVersion = record.resourceVersion;
    effects.push(update);
  } else if (ctx.waitingFor !== record.holder) {
    effects.push(effect.note(G.waitingNote(ctx.server, record.holder)));
    patch.waitingFor = record.holder;
  }
  return { patch, effects };
}

export const k8sClientMachine = k8sSetup
  .extend({
    actions: {
      /** Read the Lease now and every retryPeriod while it campaigns. */
      poll: k8sSetup.enqueueActions(({ context, enqueue }) => {
        enqueue(effect.send(context.server, { type: 'lease.get', quiet: true }));
        enqueue.raise(timerEvent({ type: 'timer.retry' }), { id: 'retry', delay: context.retryPeriodMs });
      }),
      campaign: k8sSetup.enqueueActions(({ context, enqueue }) => {
        enqueue(effect.note({ kind: 'lock.requested', parties: [context.server] }));
        enqueue.assign({ observed: null, observedAtMs: null, waitingFor: null, judgedVersion: null });
      }),
      decide: k8sSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertEvent(self, event, ['lease.record', 'lease.conflict']);
        const { patch, effects } = decide(context, event, event.env.nowMs);
        enqueue.assign(patch);
        for (const e of effects) enqueue(e);
      }),
      lead: k8sSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertEvent(self, event, 'lease.updated');
        enqueue.cancel('retry');
        const until = event.env.nowMs + context.renewDeadlineMs;
        const g = W.takeGrant(event.transitions, event.grantId, until, context.server);
        W.enqueueGrant(enqueue, context, g, { resourceVersion: event.resourceVersion, waitingFor: null });
        enqueue.raise(timerEvent({ type: 'timer.renew' }), { id: 'renew', delay: context.retryPeriodMs });
        enqueue.raise(timerEvent({ type: 'timer.renewDeadline' }), {
          id: 'renewDeadline',
          delay: context.renewDeadlineMs,
        });
      }),
      /** A renewal every retryPeriod on its own clock, whether or not the last was answered. */
      renew: k8sSetup.enqueueActions(({ context, enqueue }) => {
        enqueue(
          effect.send(context.server, {
            type: 'lease.update',
            resourceVersion: context.resourceVersion,
            quiet: true,
          }),
        );
        enqueue.raise(timerEvent({ type: 'timer.renew' }), { id: 'renew', delay: context.retryPeriodMs });
      }),
      renewed: k8sSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertEvent(self, event, ['lease.renewed', 'lease.conflict']);
        enqueue.assign({
          resourceVersion: event.resourceVersion,
          believedUntilMs: event.env.nowMs + context.renewDeadlineMs,
        });
        if (event.type === 'lease.renewed') {
          enqueue.cancel('renewDeadline');
          enqueue.raise(timerEvent({ type: 'timer.renewDeadline' }), {
            id: 'renewDeadline',
            delay: context.renewDeadlineMs,
          });
        }
      }),
      /** It stops leading: another holder's record, or renewDeadline without a renewal. */
      stopLeading: k8sSetup.enqueueActions(({ context, event, enqueue }) => {
        enqueue.cancel('renew');
        enqueue.cancel('renewDeadline');
        const cause =
          event.type === 'lease.conflict'
            ? `its renewal found ${event.holder ?? 'nobody'} holding the lease (leaseTransitions ${event.transitions})`
            : `no renewal succeeded for ${context.renewDeadlineMs} ms (renewDeadline)`;
        enqueue(effect.note(W.lapse(context, cause)));
        enqueue.assign(forgetGrant);
      }),
      stopWaiting: k8sSetup.enqueueActions(({ context, enqueue }) => {
        enqueue.cancel('retry');
        enqueue(effect.note({ kind: 'lock.releasing', parties: [context.server] }));
        for (const note of W.dropQueuedWrites(context, 'it stopped waiting for the lease')) enqueue(effect.note(note));
        enqueue.assign({ pendingWrites: [] });
      }),
      handBack: k8sSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertEvent(self, event, 'lease.updated');
        G.handBack(
          enqueue,
          context.server,
          { type: 'lease.release', resourceVersion: event.resourceVersion },
          { token: event.transitions, grantId: event.grantId },
        );
      }),
      write: k8sSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertEvent(self, event, 'cmd.write');
        W.enqueueWrite(enqueue, context, event.value);
      }),
      queueWrite: k8sSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertEvent(self, event, 'cmd.write');
        W.enqueueQueuedWrite(enqueue, context, event.value);
      }),
      release: k8sSetup.enqueueActions(({ context, enqueue }) => {
        enqueue.cancel('renew');
        enqueue.cancel('renewDeadline');
        G.enqueueRelease(
          enqueue,
          context,
          [context.server],
          { type: 'lease.release', resourceVersion: context.resourceVersion },
          forgetGrant,
        );
      }),
      forgetGrant: k8sSetup.enqueueActions(({ enqueue }) => {
        enqueue.cancel('renew');
        enqueue.cancel('renewDeadline');
        enqueue.assign(forgetGrant);
      }),
    },
  })
  .createMachine({
    id: 'k8sClient',
    context: ({ input }) => ({
      ...input,
      ...W.writerDefaults,
      stopActing: 'lost',
      observed: null,
      observedAtMs: null,
      judgedVersion: null,
      waitingFor: null,
      resourceVersion: null,
    }),
    initial: 'idle',
    on: { ...W.clientOn },
    states: {
      idle: {
        on: {
          'cmd.acquire': { target: 'candidate', actions: ['campaign', 'poll'] },
          'cmd.write': { actions: W.noteSkippedWrite },
          // A takeover that lands after it stopped campaigning: hand the lease straight back.
          'lease.updated': { actions: 'handBack' },
        },
      },
      candidate: {
        on: {
          'timer.retry': { actions: 'poll' },
          'lease.record': { actions: 'decide' },
          'lease.conflict': { actions: 'decide' },
          'lease.updated': { target: 'holding', actions: 'lead' },
          'cmd.release': { target: 'idle', actions: 'stopWaiting' },
        },
      },
      holding: {
        on: {
          ...G.fencedHoldingOn,
          'timer.renew': { actions: 'renew' },
          'lease.renewed': { actions: 'renewed' },
          'lease.conflict': [{ guard: 'isReplaced', target: 'idle', actions: 'stopLeading' }, { actions: 'renewed' }],
          'timer.renewDeadline': { target: 'idle', actions: 'stopLeading' },
        },
      },
    },
  });
