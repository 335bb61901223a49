// The lock service of the generic strategies (fencing token, plain lease): one lock, a lease per
// grant measured on the service's own clock, a FIFO of waiters, and a token source.
// Invariant it protects: at most one unexpired grant at a time by the service's clock. Whether
// tokens strictly increase is the token source's business (see protocol/tokens.ts).

import { assign, enqueueActions, setup } from 'xstate';
import type { TokenSource } from '../core/scenario';
import type { TokenValue } from '../core/trace';
import type { Env } from '../core/party';
import { type EnqueueArgs, effect, effectActions } from './effects';
import { counterAfterRestart, issueToken } from '../protocol/tokens';
import { assertMessage } from './assertEvent';

export interface LockServiceInput {
  tokenSource: TokenSource;
  firstToken: number;
  leaseTtlMs: number;
}

export interface LockServiceContext extends LockServiceInput {
  counter: number;
  holder: string | null;
  token: TokenValue;
  grantId: number | null;
  expiresAtMs: number | null;
  waiters: string[];
  /** Each client's latest request: when it sent it (its clock) and when it arrived (ours). */
  asks: Record<string, Ask>;
}

interface Ask {
  askedAtMs: number;
  arrivedAtMs: number;
}

/** The timing a grant carries (protocol/belief.ts): when its holder asked, and how long after that
 * request arrived the lease ends on our clock. */
const grantTiming = (ask: Ask, expiresAtMs: number) => ({
  askedAtMs: ask.askedAtMs,
  leaseEndsInMs: expiresAtMs - ask.arrivedAtMs,
});

type LockServiceEvent = { env: Env; from?: string } & (
  | { type: 'lock.request'; sentAtMs: number }
  | { type: 'lock.release'; grantId: number }
  | { type: 'lock.grantNext' }
  | { type: 'lease.expireNow' }
  | { type: 'node.crash' }
  | { type: 'node.restart' }
);

const noLease = { holder: null, token: null, grantId: null, expiresAtMs: null };

const lockServiceSetup = setup({
  types: {
    context: {} as LockServiceContext,
    events: {} as LockServiceEvent,
    input: {} as LockServiceInput,
  },
  actions: effectActions,
  guards: {
    isHolder: ({ context, event }) => event.from === context.holder,
    isCurrentGrant: ({ context, event }) => event.type === 'lock.release' && event.grantId === context.grantId,
    hasWaiters: ({ context }) => context.waiters.length > 0,
  },
  delays: {
    leaseTtl: ({ context }) => context.leaseTtlMs,
  },
});

type Args = EnqueueArgs<typeof lockServiceSetup>;

export const lockServiceMachine = lockServiceSetup
  .extend({
    actions: {
      /** Issue: the next token, a lease on our clock, and the reply to the new holder. */
      grantTo: enqueueActions(({ context, event, enqueue, self }: Args, params: { waiter: boolean }) => {
        if (!params.waiter) assertMessage(self, event, 'lock.request');
        const holder = params.waiter ? context.waiters[0]! : event.from!; // hasWaiters, or the asker
        const { env } = event;
        const ask =
          event.type === 'lock.request' ? { askedAtMs: event.sentAtMs, arrivedAtMs: env.nowMs } : context.asks[holder];
        if (!ask) throw new Error(`lockService: a grant to ${holder}, who never asked`);
        const issued = issueToken({
          source: context.tokenSource,
          counter: context.counter,
          nowMs: env.nowMs,
          rand: env.rand,
        });
        const expiresAtMs = env.nowMs + context.leaseTtlMs;
        enqueue.assign({
          counter: issued.counter,
          holder,
          token: issued.token,
          grantId: env.nextGrantId,
          expiresAtMs,
          waiters: context.waiters.filter((w) => w !== holder),
          asks: { ...context.asks, [holder]: ask },
        });
        enqueue(
          effect.send(holder, {
            type: 'lock.grant',
            token: issued.token,
            grantId: env.nextGrantId,
            ...grantTiming(ask, expiresAtMs),
          }),
        );
        enqueue(
          effect.note({
            kind: 'lock.granted',
            parties: [holder],
            holder,
            token: issued.token,
            grantId: env.nextGrantId,
            detail: { expiresAtMs },
          }),
        );
      }),
      /** The holder asks again (its answer was lost, or late): the same grant, with the time left. */
      resendGrant: lockServiceSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertMessage(self, event, 'lock.request');
        // The isHolder guard and the held state promise a current grant; anything else is a bug.
        if (!context.holder || context.grantId === null || context.expiresAtMs === null)
          throw new Error('lockService: resendGrant with no current grant');
        const ask = { askedAtMs: event.sentAtMs, arrivedAtMs: event.env.nowMs };
        enqueue.assign({ asks: { ...context.asks, [context.holder]: ask } });
        enqueue(
          effect.send(context.holder, {
            type: 'lock.grant',
            token: context.token,
            grantId: context.grantId,
            ...grantTiming(ask, context.expiresAtMs),
          }),
        );
        enqueue(
          effect.note({
            kind: 'lock.regranted',
            parties: [context.holder],
            holder: context.holder,
            token: context.token,
            grantId: context.grantId ?? undefined,
          }),
        );
      }),
      enqueueWaiter: lockServiceSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertMessage(self, event, 'lock.request');
        const from = event.from;
        const asks = { ...context.asks, [from]: { askedAtMs: event.sentAtMs, arrivedAtMs: event.env.nowMs } };
        enqueue.assign({
          waiters: context.waiters.includes(from) ? context.waiters : [...context.waiters, from],
          asks,
        });
        enqueue(effect.send(from, { type: 'lock.wait', holder: context.holder }));
        enqueue(
          effect.note({ kind: 'lock.queued', parties: [from], client: from, holder: context.holder ?? undefined }),
        );
      }),
      /** The lease is over by our clock (timer, forced expiry or release): forget it, call the next waiter. */
      endLease: enqueueActions(({ context, enqueue }: Args, params: { kind: 'lease.expired' | 'lock.released' }) => {
        enqueue(
          effect.note({
            kind: params.kind,
            parties: context.holder ? [context.holder] : [],
            holder: context.holder ?? undefined,
            token: context.token,
            grantId: context.grantId ?? undefined,
          }),
        );
        enqueue.assign(noLease);
        if (context.waiters.length > 0) enqueue(effect.self({ type: 'lock.grantNext' }));
      }),
    },
  })
  .createMachine({
    id: 'lockService',
    context: ({ input }) => ({ ...input, counter: input.firstToken - 1, ...noLease, waiters: [], asks: {} }),
    initial: 'free',
    states: {
      free: {
        on: {
          'lock.request': { target: 'held', actions: { type: 'grantTo', params: { waiter: false } } },
          'lock.grantNext': {
            guard: 'hasWaiters',
            target: 'held',
            actions: { type: 'grantTo', params: { waiter: true } },
          },
          'lease.expireNow': { actions: { type: 'note', params: { kind: 'lease.none' } } },
          'lock.release': {
            actions: {
              type: 'note',
              params: ({ event }) => ({ kind: 'release.ignored', parties: [event.from ?? ''] }),
            },
          },
        },
      },
      held: {
        after: { leaseTtl: { target: 'free', actions: { type: 'endLease', params: { kind: 'lease.expired' } } } },
        on: {
          'lock.request': [{ guard: 'isHolder', actions: 'resendGrant' }, { actions: 'enqueueWaiter' }],
          'lock.release': [
            {
              guard: 'isCurrentGrant',
              target: 'free',
              actions: { type: 'endLease', params: { kind: 'lock.released' } },
            },
            {
              actions: {
                type: 'note',
                params: ({ event }) => ({ kind: 'release.ignored', parties: [event.from ?? ''] }),
              },
            },
          ],
          'lease.expireNow': { target: 'free', actions: { type: 'endLease', params: { kind: 'lease.expired' } } },
        },
      },
      down: {
        on: {
          'node.restart': {
            target: 'free',
            actions: [
              assign({
                counter: ({ context }) => counterAfterRestart(context.tokenSource, context.counter, context.firstToken),
              }),
              {
                type: 'note',
                params: ({ context }) => ({
                  kind: 'node.restarted',
                  detail: { counter: context.counter, tokenSource: context.tokenSource },
                }),
              },
            ],
          },
        },
      },
    },
    on: {
      'node.crash': {
        target: '.down',
        actions: [
          {
            type: 'note',
            params: ({ context }) => ({
              kind: 'node.crashed',
              holder: context.holder ?? undefined,
              grantId: context.grantId ?? undefined,
              token: context.token,
            }),
          },
          assign({ ...noLease, waiters: [], asks: {} }),
        ],
      },
    },
  });

export type LockServiceMachine = typeof lockServiceMachine;
