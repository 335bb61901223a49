// A Chubby cell serving one lock file: client sessions whose leases KeepAlives extend (on the
// master's clock), the lock's generation number, which grows each time the lock goes from free to
// held, the sequencer (lock name, mode, generation) handed to each holder, and the lock-delay:
// when a holder's session expires, nobody may take the lock until the delay has passed. The cell
// is modelled as one master.
// Invariant it protects: generations strictly increase, so a checking server can order holders;
// lock-delay only protects servers that do not check, and only for writes that land within it.

import { setup } from 'xstate';
import type { Env } from '../../core/party';
import { type EffectAction, type EnqueueArgs, effect, effectActions, timerEvent } from '../effects';
import { assertEvent, assertMessage } from '../assertEvent';

interface ChubbyInput {
  firstToken: number;
  leaseTtlMs: number;
  lockDelayMs: number;
  lockName: string;
}

interface ChubbyContext extends ChubbyInput {
  generation: number;
  holder: string | null;
  grantId: number | null;
  sessions: Record<string, number>;
  waiters: string[];
  lockDelayUntilMs: number | null;
}

type ChubbyEvent = { env: Env; from?: string } & (
  | { type: 'chubby.acquire'; sentAtMs: number }
  | { type: 'chubby.keepAlive'; sentAtMs: number }
  | { type: 'chubby.release'; grantId: number }
  | { type: 'session.expire'; client: string }
  | { type: 'lockDelay.end' }
  | { type: 'lease.expireNow' }
  | { type: 'node.crash' }
  | { type: 'node.restart' }
);

export const sequencerOf = (name: string, generation: number): string => `${name}:exclusive:${generation}`;

const sessionTimer = (client: string, delayMs: number) =>
  [timerEvent<ChubbyEvent>({ type: 'session.expire', client }), { id: `session:${client}`, delay: delayMs }] as const;

type Patch = Partial<ChubbyContext>;

/** Free to held: the next generation and a sequencer for the first waiter (or the asker). */
function grant(
  ctx: ChubbyContext,
  to: string,
  env: Env,
  sentAtMs: number | null,
): { patch: Patch; effects: EffectAction[] } {
  const generation = ctx.generation + 1;
  const sequencer = sequencerOf(ctx.lockName, generation);
  const grantId = env.nextGrantId;
  const afterLockDelay = ctx.lockDelayUntilMs !== null;
  return {
    patch: { generation, holder: to, grantId, waiters: ctx.waiters.filter((w) => w !== to), lockDelayUntilMs: null },
    effects: [
      effect.note({
        kind: 'lock.granted',
        parties: [to],
        holder: to,
        token: generation,
        grantId,
        detail: { sequencer, ...(afterLockDelay ? { lockDelayMs: ctx.lockDelayMs } : {}) },
      }),
      effect.send(to, { type: 'chubby.granted', token: generation, grantId, sequencer, sentAtMs }),
    ],
  };
}

/** After a release or the end of a lock-delay, the first waiter whose session lives gets the lock. */
function grantNext(ctx: ChubbyContext, env: Env): { patch: Patch; effects: EffectAction[] } {
  const next = ctx.waiters.find((w) => (ctx.sessions[w] ?? 0) > env.nowMs);
  return next ? grant(ctx, next, env, null) : { patch: {}, effects: [] };
}

const chubbySetup = setup({
  types: { context: {} as ChubbyContext, events: {} as ChubbyEvent, input: {} as ChubbyInput },
  actions: effectActions,
  guards: {
    /** Nobody holds the lock and no lock-delay is running: an Acquire takes it at once. */
    isLockFree: ({ context }) => context.holder === null && context.lockDelayUntilMs === null,
    /** The caller's session is alive by the master's clock. */
    isSessionAlive: ({ context, event }) => (context.sessions[event.from ?? ''] ?? 0) > event.env.nowMs,
    /** The release comes from the holder, for the grant it holds now. */
    isHolderRelease: ({ context, event }) =>
      event.type === 'chubby.release' && event.from === context.holder && event.grantId === context.grantId,
    /** The session is still due at its timer: no KeepAlive renewed it since the timer was armed. */
    isSessionOverdue: ({ context, event }) =>
      event.type === 'session.expire' && (context.sessions[event.client] ?? 0) <= event.env.nowMs,
    hasHolder: ({ context }) => context.holder !== null,
    /** The Acquire comes from the session that holds the lock (its client stopped believing and
     * asks again before that session expired): sessions are one per client here. */
    isHolderAcquire: ({ context, event }) => event.type === 'chubby.acquire' && event.from === context.holder,
  },
});

type Args = EnqueueArgs<typeof chubbySetup>;

/** Opening (or renewing) the session rides on the Acquire call: the sessions, renewed for `from`. */
function renewSession({ context, event, enqueue }: Args, from: string): Record<string, number> {
  enqueue.raise(...sessionTimer(from, context.leaseTtlMs));
  return { ...context.sessions, [from]: event.env.nowMs + context.leaseTtlMs };
}

/** `client`'s session is over: if it held the lock, the lock is free but held back for the lock-delay. */
function endSessionOf({ context, event, enqueue }: Args, client: string): void {
  const sessions = { ...context.sessions };
  delete sessions[client];
  const waiters = context.waiters.filter((w) => w !== client);
  enqueue.cancel(`session:${client}`);
  if (client !== context.holder) {
    enqueue.assign({ sessions, waiters });
    enqueue(effect.note({ kind: 'session.expired', parties: [client], client }));
    return;
  }
  // The holder became inaccessible: the lock is free, but nobody may take it for the lock-delay.
  const lockDelayUntilMs = event.env.nowMs + context.lockDelayMs;
  enqueue.assign({ sessions, waiters, holder: null, grantId: null, lockDelayUntilMs });
  enqueue.raise(timerEvent({ type: 'lockDelay.end' }), { id: 'lockDelay', delay: context.lockDelayMs });
  enqueue(
    effect.note({
      kind: 'lease.expired',
      parties: [client],
      holder: client,
      token: context.generation,
      grantId: context.grantId ?? undefined,
      detail: { lockDelayUntilMs, lockDelayMs: context.lockDelayMs },
    }),
  );
}

export const chubbyMachine = chubbySetup
  .extend({
    actions: {
      grantLock: chubbySetup.enqueueActions((args) => {
        const { context, event, enqueue, self } = args;
        assertMessage(self, event, 'chubby.acquire');
        const { env, from } = event;
        const sessions = renewSession(args, from);
        const out = grant({ ...context, sessions }, from, env, event.sentAtMs);
        enqueue.assign({ sessions, ...out.patch });
        for (const e of out.effects) enqueue(e);
      }),
      /** The holder's own session asks again: it holds the lock still, so it is told so again. */
      regrantHolder: chubbySetup.enqueueActions((args) => {
        const { context, event, enqueue, self } = args;
        assertMessage(self, event, 'chubby.acquire');
        const sessions = renewSession(args, event.from);
        enqueue.assign({ sessions });
        const token = context.generation;
        const sequencer = sequencerOf(context.lockName, token);
        const grantId = context.grantId!; // isHolderAcquire: a holder has a grant
        enqueue(
          effect.send(event.from, { type: 'chubby.granted', token, grantId, sequencer, sentAtMs: event.sentAtMs }),
        );
        enqueue(effect.note({ kind: 'lock.regranted', parties: [event.from], holder: event.from, token, grantId }));
      }),
      queueWaiter: chubbySetup.enqueueActions((args) => {
        const { context, event, enqueue, self } = args;
        assertMessage(self, event, 'chubby.acquire');
        const { from } = event;
        const sessions = renewSession(args, from);
        const waiters = context.waiters.includes(from) ? context.waiters : [...context.waiters, from];
        enqueue.assign({ sessions, waiters });
        const delayed: Record<string, number> =
          context.holder === null && context.lockDelayUntilMs !== null
            ? { lockDelayUntilMs: context.lockDelayUntilMs }
            : {};
        enqueue(
          effect.send(from, { type: 'chubby.wait', holder: context.holder, sentAtMs: event.sentAtMs, ...delayed }),
        );
        enqueue(
          effect.note({
            kind: 'lock.queued',
            parties: [from],
            client: from,
            holder: context.holder ?? undefined,
            detail: delayed,
          }),
        );
      }),
      /** A KeepAlive from a session that is gone: the client is told so. */
      reportSessionExpired: chubbySetup.enqueueActions(({ event, enqueue, self }) => {
        assertMessage(self, event, 'chubby.keepAlive');
        const { from } = event;
        enqueue(effect.send(from, { type: 'chubby.sessionExpired' }));
        enqueue(effect.note({ kind: 'session.unknown', parties: [from], client: from }));
      }),
      keepAlive: chubbySetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertMessage(self, event, 'chubby.keepAlive');
        const { env, from } = event;
        enqueue.assign({ sessions: { ...context.sessions, [from]: env.nowMs + context.leaseTtlMs } });
        enqueue.raise(...sessionTimer(from, context.leaseTtlMs));
        enqueue(effect.send(from, { type: 'chubby.keepAliveOk', sentAtMs: event.sentAtMs, quiet: true }));
      }),
      ignoreRelease: chubbySetup.enqueueActions(({ event, enqueue, self }) => {
        assertMessage(self, event, 'chubby.release');
        enqueue(effect.note({ kind: 'release.ignored', parties: [event.from] }));
      }),
      release: chubbySetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertMessage(self, event, 'chubby.release');
        // A release is not a failure: no lock-delay.
        enqueue(
          effect.note({
            kind: 'lock.released',
            parties: [event.from],
            holder: event.from,
            token: context.generation,
            grantId: context.grantId ?? undefined,
          }),
        );
        const freed = { ...context, holder: null, grantId: null };
        const out = grantNext(freed, event.env);
        enqueue.assign({ holder: null, grantId: null, ...out.patch });
        for (const e of out.effects) enqueue(e);
      }),
      expireSession: chubbySetup.enqueueActions((args) => {
        assertEvent(args.self, args.event, 'session.expire');
        endSessionOf(args, args.event.client);
      }),
      /** The scenario forces the holder's session to expire now. */
      revokeHolder: chubbySetup.enqueueActions((args) => {
        assertEvent(args.self, args.event, 'lease.expireNow');
        endSessionOf(args, args.context.holder!); // hasHolder
      }),
      endLockDelay: chubbySetup.enqueueActions(({ context, event, enqueue }) => {
        const ctx = { ...context, lockDelayUntilMs: null };
        const out = grantNext(ctx, event.env);
        enqueue.assign({ lockDelayUntilMs: null, ...out.patch });
        for (const e of out.effects) enqueue(e);
        if (out.effects.length === 0) enqueue(effect.note({ kind: 'lockDelay.ended' }));
      }),
      /** A new master: state is in the replicated database; every session gets a fresh lease. */
      failOver: chubbySetup.enqueueActions(({ context, event, enqueue }) => {
        const sessions: Record<string, number> = {};
        for (const client of Object.keys(context.sessions)) {
          sessions[client] = event.env.nowMs + context.leaseTtlMs;
          enqueue.raise(...sessionTimer(client, context.leaseTtlMs));
        }
        if (context.lockDelayUntilMs !== null) {
          const delay = Math.max(0, context.lockDelayUntilMs - event.env.nowMs);
          enqueue.raise(timerEvent({ type: 'lockDelay.end' }), { id: 'lockDelay', delay });
        }
        enqueue.assign({ sessions });
        enqueue(effect.note({ kind: 'node.restarted', detail: { generation: context.generation } }));
      }),
    },
  })
  .createMachine({
    id: 'chubby',
    context: ({ input }) => ({
      ...input,
      generation: input.firstToken - 1,
      holder: null,
      grantId: null,
      sessions: {},
      waiters: [],
      lockDelayUntilMs: null,
    }),
    initial: 'serving',
    states: {
      serving: {
        on: {
          'chubby.acquire': [
            { guard: 'isLockFree', actions: 'grantLock' },
            { guard: 'isHolderAcquire', actions: 'regrantHolder' },
            { actions: 'queueWaiter' },
          ],
          'chubby.keepAlive': [{ guard: 'isSessionAlive', actions: 'keepAlive' }, { actions: 'reportSessionExpired' }],
          'chubby.release': [{ guard: 'isHolderRelease', actions: 'release' }, { actions: 'ignoreRelease' }],
          // A session renewed since its timer was armed outlives the timer: nothing happens.
          'session.expire': { guard: 'isSessionOverdue', actions: 'expireSession' },
          'lease.expireNow': [
            { guard: 'hasHolder', actions: 'revokeHolder' },
            { actions: { type: 'note', params: { kind: 'lease.none' } } },
          ],
          'lockDelay.end': { actions: 'endLockDelay' },
          'node.crash': { target: 'down', actions: { type: 'note', params: { kind: 'node.crashed' } } },
        },
      },
      down: { on: { 'node.restart': { target: 'serving', actions: 'failOver' } } },
    },
  });
