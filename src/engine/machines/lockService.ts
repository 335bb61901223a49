// The lock service of the generic strategies (fencing token, plain lease): one lock, a lease per
// grant measured on the service's own clock, a FIFO of waiters, and a token source. A holder may
// renew its lease (a keepalive); a lease that ends unreleased may hold the lock back for a
// lock-delay, and the service may keep a lease longer than it promised (a grace factor), as
// Consul does with its sessions.
// Invariant it protects: at most one unexpired grant at a time by the service's clock. Whether
// tokens strictly increase is the token source's business (see protocol/tokens.ts).

import { and, assign, enqueueActions, setup } from 'xstate';
import type { TokenSource } from '../core/scenario';
import type { TokenValue } from '../core/trace';
import type { Env } from '../core/party';
import { type EnqueueArgs, effect, effectActions } from './effects';
import { counterAfterRestart, issueToken } from '../protocol/tokens';
import { assertMessage } from './assertEvent';

export interface LockServiceInput {
  tokenSource: TokenSource;
  firstToken: number;
  /** The lease the service promises its holder (ms). */
  leaseTtlMs: number;
  /** How long the service really keeps a lease after its grant or last renewal (ms): the promised
   * lease times the grace factor (Consul keeps a session up to twice its TTL). */
  keptMs: number;
  /** After a lease ends unreleased, nobody may take the lock for this long (ms); 0: no lock-delay. */
  lockDelayMs: number;
  /** Whether holders renew (the card then counts renewals). */
  keepalive: boolean;
}

export interface LockServiceContext extends LockServiceInput {
  counter: number;
  holder: string | null;
  token: TokenValue;
  grantId: number | null;
  /** When the service frees the lock, on its clock (the kept lease). */
  expiresAtMs: number | null;
  /** When the lease it promised ends, on its clock: what it tells the holder. */
  promisedUntilMs: number | null;
  waiters: string[];
  /** Each client's latest request: when it sent it (its clock) and when it arrived (ours). */
  asks: Record<string, Ask>;
  /** Renewals it has granted over the run (the cost of short leases). */
  renewals: number;
  /** The lock-delay after an unreleased lease holds the lock until then; null: none running. */
  lockDelayUntilMs: number | null;
}

interface Ask {
  askedAtMs: number;
  arrivedAtMs: number;
}

/** The timing a grant carries (protocol/belief.ts): when its holder asked, and how long after that
 * request arrived the promised lease ends on our clock. */
export const grantTiming = (ask: Ask, promisedUntilMs: number) => ({
  askedAtMs: ask.askedAtMs,
  leaseEndsInMs: promisedUntilMs - ask.arrivedAtMs,
});

type LockServiceEvent = { env: Env; from?: string } & (
  | { type: 'lock.request'; sentAtMs: number }
  | { type: 'lock.release'; grantId: number }
  | { type: 'lock.renew'; grantId: number; sentAtMs: number }
  | { type: 'lock.grantNext' }
  | { type: 'lease.expireNow' }
  | { type: 'node.crash' }
  | { type: 'node.restart' }
);

export const noLease = { holder: null, token: null, grantId: null, expiresAtMs: null, promisedUntilMs: null };

const lockServiceSetup = setup({
  types: {
    context: {} as LockServiceContext,
    events: {} as LockServiceEvent,
    input: {} as LockServiceInput,
  },
  actions: effectActions,
  guards: {
    isHolder: ({ context, event }) => event.from === context.holder,
    isCurrentGrant: ({ context, event }) =>
      (event.type === 'lock.release' || event.type === 'lock.renew') && event.grantId === context.grantId,
    hasWaiters: ({ context }) => context.waiters.length > 0,
    hasLockDelay: ({ context }) => context.lockDelayMs > 0,
  },
  delays: {
    keptLease: ({ context }) => context.keptMs,
    lockDelay: ({ context }) => context.lockDelayMs,
  },
});

type Args = EnqueueArgs<typeof lockServiceSetup>;

/** The lease is over on our clock (its timer, or "expire the lease now"): free at once, or after a lock-delay. */
const EXPIRE = [
  { guard: 'hasLockDelay', target: 'delayed', actions: 'startLockDelay' },
  { target: 'free', actions: { type: 'endLease', params: { kind: 'lease.expired' } } },
] as const;

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
        const expiresAtMs = env.nowMs + context.keptMs;
        const promisedUntilMs = env.nowMs + context.leaseTtlMs;
        enqueue.assign({
          counter: issued.counter,
          holder,
          token: issued.token,
          grantId: env.nextGrantId,
          expiresAtMs,
          promisedUntilMs,
          waiters: context.waiters.filter((w) => w !== holder),
          asks: { ...context.asks, [holder]: ask },
        });
        enqueue(
          effect.send(holder, {
            type: 'lock.grant',
            token: issued.token,
            grantId: env.nextGrantId,
            ...grantTiming(ask, promisedUntilMs),
          }),
        );
        enqueue(
          effect.note({
            kind: 'lock.granted',
            parties: [holder],
            holder,
            token: issued.token,
            grantId: env.nextGrantId,
            detail: { expiresAtMs, ...(context.keptMs !== context.leaseTtlMs ? { promisedUntilMs } : {}) },
          }),
        );
      }),
      /** The holder asks again (its answer was lost, or late): the same grant, with the time left. */
      resendGrant: lockServiceSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertMessage(self, event, 'lock.request');
        // The isHolder guard and the held state promise a current grant; anything else is a bug.
        if (!context.holder || context.grantId === null || context.promisedUntilMs === null)
          throw new Error('lockService: resendGrant with no current grant');
        const ask = { askedAtMs: event.sentAtMs, arrivedAtMs: event.env.nowMs };
        enqueue.assign({ asks: { ...context.asks, [context.holder]: ask } });
        enqueue(
          effect.send(context.holder, {
            type: 'lock.grant',
            token: context.token,
            grantId: context.grantId,
            ...grantTiming(ask, context.promisedUntilMs),
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
      ignoreRelease: lockServiceSetup.enqueueActions(({ event, enqueue }) =>
        enqueue(effect.note({ kind: 'release.ignored', parties: [event.from ?? ''] })),
      ),
      /** The holder renews its current grant (a keepalive): the lease starts again from now. */
      renew: lockServiceSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertMessage(self, event, 'lock.renew');
        const { nowMs } = event.env;
        enqueue.assign({
          expiresAtMs: nowMs + context.keptMs,
          promisedUntilMs: nowMs + context.leaseTtlMs,
          renewals: context.renewals + 1,
        });
        const ask = { askedAtMs: event.sentAtMs, arrivedAtMs: nowMs };
        const reply = { type: 'lock.renewed', grantId: event.grantId, quiet: true };
        enqueue(effect.send(event.from, { ...reply, ...grantTiming(ask, nowMs + context.leaseTtlMs) }));
      }),
      /** A renewal of a grant that is no longer current: the lease is gone, and its asker is told. */
      refuseRenewal: lockServiceSetup.enqueueActions(({ event, enqueue, self }) => {
        assertMessage(self, event, 'lock.renew');
        enqueue(effect.send(event.from, { type: 'lock.renewFailed', grantId: event.grantId }));
        enqueue(effect.note({ kind: 'renewal.refused', parties: [event.from], client: event.from }));
      }),
      enqueueWaiter: lockServiceSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertMessage(self, event, 'lock.request');
        const from = event.from;
        const asks = { ...context.asks, [from]: { askedAtMs: event.sentAtMs, arrivedAtMs: event.env.nowMs } };
        enqueue.assign({
          waiters: context.waiters.includes(from) ? context.waiters : [...context.waiters, from],
          asks,
        });
        const delayed =
          context.lockDelayUntilMs !== null ? { detail: { lockDelayUntilMs: context.lockDelayUntilMs } } : {};
        enqueue(effect.send(from, { type: 'lock.wait', holder: context.holder, ...delayed.detail }));
        enqueue(
          effect.note({
            kind: 'lock.queued',
            parties: [from],
            client: from,
            holder: context.holder ?? undefined,
            ...delayed,
          }),
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
      /** The lease ran out unreleased, and a lock-delay holds the lock back before anyone may take it. */
      startLockDelay: lockServiceSetup.enqueueActions(({ context, event, enqueue }) => {
        const lockDelayUntilMs = event.env.nowMs + context.lockDelayMs;
        enqueue(
          effect.note({
            kind: 'lease.expired',
            parties: context.holder ? [context.holder] : [],
            holder: context.holder ?? undefined,
            token: context.token,
            grantId: context.grantId ?? undefined,
            detail: { lockDelayMs: context.lockDelayMs, lockDelayUntilMs },
          }),
        );
        enqueue.assign({ ...noLease, lockDelayUntilMs });
      }),
      endLockDelay: lockServiceSetup.enqueueActions(({ context, enqueue }) => {
        enqueue(effect.note({ kind: 'lockDelay.ended' }));
        enqueue.assign({ lockDelayUntilMs: null });
        if (context.waiters.length > 0) enqueue(effect.self({ type: 'lock.grantNext' }));
      }),
    },
  })
  .createMachine({
    id: 'lockService',
    context: ({ input }) => ({
      ...input,
      counter: input.firstToken - 1,
      ...noLease,
      waiters: [],
      asks: {},
      renewals: 0,
      lockDelayUntilMs: null,
    }),
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
          'lock.release': { actions: 'ignoreRelease' },
          'lock.renew': { actions: 'refuseRenewal' },
        },
      },
      held: {
        after: { keptLease: EXPIRE },
        on: {
          'lock.request': [{ guard: 'isHolder', actions: 'resendGrant' }, { actions: 'enqueueWaiter' }],
          'lock.renew': [
            { guard: and(['isHolder', 'isCurrentGrant']), target: 'held', reenter: true, actions: 'renew' },
            { actions: 'refuseRenewal' },
          ],
          'lock.release': [
            {
              guard: 'isCurrentGrant',
              target: 'free',
              actions: { type: 'endLease', params: { kind: 'lock.released' } },
            },
            { actions: 'ignoreRelease' },
          ],
          'lease.expireNow': EXPIRE,
        },
      },
      // Free, but held back by a lock-delay: a request waits its turn.
      delayed: {
        after: { lockDelay: { target: 'free', actions: 'endLockDelay' } },
        on: {
          'lock.request': { actions: 'enqueueWaiter' },
          'lease.expireNow': { actions: { type: 'note', params: { kind: 'lease.none' } } },
          'lock.release': { actions: 'ignoreRelease' },
          'lock.renew': { actions: 'refuseRenewal' },
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
          assign({ ...noLease, waiters: [], asks: {}, lockDelayUntilMs: null }),
        ],
      },
    },
  });
