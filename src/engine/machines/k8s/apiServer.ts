// The Kubernetes API server as a Lease's store: one Lease object (holderIdentity, renewTime,
// leaseTransitions) with a resourceVersion, read by GET and written by an update that carries the
// resourceVersion it read (optimistic concurrency: a stale version is a 409 Conflict). It keeps no
// timer and judges no expiry: whoever updates first with the current version wins. The Lease
// lives in etcd, so a restart keeps it. A released Lease keeps its leaseTransitions; the next
// holder adds one. Source: k8s.io/client-go/tools/leaderelection/resourcelock/leaselock.go.
// Invariant it keeps: the holder changes only by an update that read the current version, and
// leaseTransitions grows by one at every change of holder.

import { setup } from 'xstate';
import type { Env } from '../../core/party';
import { effect, effectActions } from '../effects';
import { assertMessage } from '../assertEvent';

export interface LeaseObject {
  holder: string | null;
  /** The renewTime the holder last wrote, on the API server's clock here (ms). */
  renewTimeMs: number | null;
  transitions: number;
  resourceVersion: number;
  /** Ghost: the grant the current holder's tenure is. */
  grantId: number | null;
}

interface ApiServerContext {
  lease: LeaseObject;
}

type ApiServerEvent = { env: Env; from?: string } & (
  | { type: 'lease.get' }
  | { type: 'lease.update'; resourceVersion: number }
  | { type: 'lease.release'; resourceVersion: number }
  | { type: 'lease.expireNow' }
  | { type: 'node.crash' }
  | { type: 'node.restart' }
);

/** What a GET returns, and a conflict carries: the record as it stands. */
const recordOf = (lease: LeaseObject) => ({
  holder: lease.holder,
  transitions: lease.transitions,
  resourceVersion: lease.resourceVersion,
});

const apiSetup = setup({
  types: { context: {} as ApiServerContext, events: {} as ApiServerEvent, input: {} as { firstToken: number } },
  actions: effectActions,
  guards: {
    isCurrentVersion: ({ context, event }) =>
      'resourceVersion' in event && event.resourceVersion === context.lease.resourceVersion,
    isRenewal: ({ context, event }) => event.from !== undefined && context.lease.holder === event.from,
    isHolders: ({ context, event }) =>
      'resourceVersion' in event &&
      event.resourceVersion === context.lease.resourceVersion &&
      context.lease.holder === event.from,
    hasHolder: ({ context }) => context.lease.holder !== null,
  },
});

export const k8sApiServerMachine = apiSetup
  .extend({
    actions: {
      answerGet: apiSetup.enqueueActions(({ context, event, enqueue }) => {
        enqueue(effect.send(event.from!, { type: 'lease.record', quiet: true, ...recordOf(context.lease) }));
      }),
      conflict: apiSetup.enqueueActions(({ context, event, enqueue }) => {
        enqueue(effect.send(event.from!, { type: 'lease.conflict', quiet: true, ...recordOf(context.lease) }));
      }),
      renew: apiSetup.enqueueActions(({ context, event, enqueue }) => {
        const lease = {
          ...context.lease,
          renewTimeMs: event.env.nowMs,
          resourceVersion: context.lease.resourceVersion + 1,
        };
        enqueue.assign({ lease });
        enqueue(effect.send(event.from!, { type: 'lease.renewed', quiet: true, ...recordOf(lease) }));
      }),
      /** A change of holder: leaseTransitions + 1, which is the token, and the old tenure is over. */
      take: apiSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertMessage(self, event, 'lease.update');
        const before = context.lease;
        const grantId = event.env.nextGrantId;
        const lease: LeaseObject = {
          holder: event.from,
          renewTimeMs: event.env.nowMs,
          transitions: before.transitions + 1,
          resourceVersion: before.resourceVersion + 1,
          grantId,
        };
        enqueue.assign({ lease });
        enqueue(
          effect.note({
            kind: 'lock.granted',
            parties: [event.from],
            holder: event.from,
            token: lease.transitions,
            grantId,
            supersedes: true,
            detail: { revision: lease.resourceVersion, ...(before.holder ? { previous: before.holder } : {}) },
          }),
        );
        enqueue(effect.send(event.from, { type: 'lease.updated', ...recordOf(lease), grantId }));
      }),
      release: apiSetup.enqueueActions(({ context, event, enqueue }) => {
        const before = context.lease;
        enqueue.assign({
          lease: { ...before, holder: null, grantId: null, resourceVersion: before.resourceVersion + 1 },
        });
        enqueue(
          effect.note({
            kind: 'lock.released',
            parties: [event.from!],
            holder: event.from,
            token: before.transitions,
            grantId: before.grantId ?? undefined,
            detail: { revision: before.resourceVersion + 1 },
          }),
        );
      }),
      /** A forced expiry: an operator clears holderIdentity (the server itself never would). */
      clearHolder: apiSetup.enqueueActions(({ context, enqueue }) => {
        const before = context.lease;
        enqueue.assign({
          lease: { ...before, holder: null, grantId: null, resourceVersion: before.resourceVersion + 1 },
        });
        enqueue(
          effect.note({
            kind: 'lease.expired',
            parties: [before.holder!],
            holder: before.holder!,
            token: before.transitions,
            grantId: before.grantId ?? undefined,
            detail: { scope: 'operator', revision: before.resourceVersion + 1 },
          }),
        );
      }),
    },
  })
  .createMachine({
    id: 'k8sApiServer',
    context: ({ input }) => ({
      // A Lease left by earlier holders and released: the next holder's leaseTransitions is firstToken.
      lease: { holder: null, renewTimeMs: null, transitions: input.firstToken - 1, resourceVersion: 1, grantId: null },
    }),
    initial: 'up',
    states: {
      up: {
        on: {
          'lease.get': { actions: 'answerGet' },
          'lease.update': [
            { guard: 'isHolders', actions: 'renew' },
            { guard: 'isCurrentVersion', actions: 'take' },
            { actions: 'conflict' },
          ],
          'lease.release': [{ guard: 'isHolders', actions: 'release' }, { actions: 'conflict' }],
          'lease.expireNow': [
            { guard: 'hasHolder', actions: 'clearHolder' },
            { actions: { type: 'note', params: { kind: 'lease.none' } } },
          ],
          'node.crash': { target: 'down', actions: { type: 'note', params: { kind: 'node.crashed' } } },
        },
      },
      down: {
        on: {
          'node.restart': {
            target: 'up',
            actions: { type: 'note', params: { kind: 'node.restarted', detail: { persistence: 'etcd' } } },
          },
        },
      },
    },
  });
