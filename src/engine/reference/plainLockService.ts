// The lock service as a plain reducer: the same transitions and effects as machines/lockService.ts.

import type { Knobs } from '../core/scenario';
import type { Effect, PartyEvent, PartyLogic } from '../core/party';
import { grantTiming, noLease, type LockServiceContext } from '../machines/lockService';
import { counterAfterRestart, issueToken } from '../protocol/tokens';
import { lockServiceFields, lockServiceInput } from '../strategies/parties';
import { LEASE_TIMER, LOCK_DELAY_TIMER, note, plain, send, type Out, type Plain } from './plain';

type S = Plain<LockServiceContext>;
type Step = Out<LockServiceContext>;

const askOf = (e: PartyEvent) => ({ askedAtMs: e.sentAtMs as number, arrivedAtMs: e.env.nowMs });
const armLease = (c: LockServiceContext): Effect => ({
  type: 'arm',
  id: LEASE_TIMER,
  delayMs: c.keptMs,
  event: { type: LEASE_TIMER },
});

/** Grants the lock to `holder` (`exiting`: leaving held, whose lease timer is cancelled first). */
function grant(c: LockServiceContext, holder: string, e: PartyEvent, exiting: boolean): Step {
  const { env } = e;
  const ask = e.type === 'lock.request' ? askOf(e) : c.asks[holder]!;
  const issued = issueToken({ source: c.tokenSource, counter: c.counter, nowMs: env.nowMs, rand: env.rand });
  const expiresAtMs = env.nowMs + c.keptMs;
  const promisedUntilMs = env.nowMs + c.leaseTtlMs;
  const context = {
    ...c,
    counter: issued.counter,
    holder,
    token: issued.token,
    grantId: env.nextGrantId,
    expiresAtMs,
    promisedUntilMs,
    waiters: c.waiters.filter((w) => w !== holder),
    asks: { ...c.asks, [holder]: ask },
  };
  const msg = {
    type: 'lock.grant',
    token: issued.token,
    grantId: env.nextGrantId,
    ...grantTiming(ask, promisedUntilMs),
  };
  const effects: Effect[] = [
    ...(exiting ? [{ type: 'cancel', id: LEASE_TIMER } as const] : []),
    send(holder, msg),
    note({
      kind: 'lock.granted',
      parties: [holder],
      holder,
      token: issued.token,
      grantId: env.nextGrantId,
      detail: { expiresAtMs, ...(c.keptMs !== c.leaseTtlMs ? { promisedUntilMs } : {}) },
    }),
    armLease(c),
  ];
  return { state: { value: 'held', context }, effects };
}

const endLease = (c: LockServiceContext, kind: 'lease.expired' | 'lock.released'): Step => ({
  state: { value: 'free', context: { ...c, ...noLease } },
  effects: [
    { type: 'cancel', id: LEASE_TIMER },
    note({
      kind,
      parties: c.holder ? [c.holder] : [],
      holder: c.holder ?? undefined,
      token: c.token,
      grantId: c.grantId ?? undefined,
    }),
    ...(c.waiters.length > 0 ? [{ type: 'self', event: { type: 'lock.grantNext' } } as const] : []),
  ],
});

/** The lease ran out (or was expired by hand): free now, or after the lock-delay. */
function expire(c: LockServiceContext, e: PartyEvent): Step {
  if (c.lockDelayMs === 0) return endLease(c, 'lease.expired');
  const lockDelayUntilMs = e.env.nowMs + c.lockDelayMs;
  return {
    state: { value: 'delayed', context: { ...c, ...noLease, lockDelayUntilMs } },
    effects: [
      { type: 'cancel', id: LEASE_TIMER },
      note({
        kind: 'lease.expired',
        parties: c.holder ? [c.holder] : [],
        holder: c.holder ?? undefined,
        token: c.token,
        grantId: c.grantId ?? undefined,
        detail: { lockDelayMs: c.lockDelayMs, lockDelayUntilMs },
      }),
      { type: 'arm', id: LOCK_DELAY_TIMER, delayMs: c.lockDelayMs, event: { type: LOCK_DELAY_TIMER } },
    ],
  };
}

const ignoredRelease = (s: S, e: PartyEvent): Step => ({
  state: s,
  effects: [note({ kind: 'release.ignored', parties: [e.from ?? ''] })],
});

const refusedRenewal = (s: S, e: PartyEvent): Step => ({
  state: s,
  effects: [
    send(e.from!, { type: 'lock.renewFailed', grantId: e.grantId }),
    note({ kind: 'renewal.refused', parties: [e.from!], client: e.from! }),
  ],
});

function enqueue(s: S, e: PartyEvent & { from: string }): Step {
  const c = s.context;
  const waiters = c.waiters.includes(e.from) ? c.waiters : [...c.waiters, e.from];
  const delayed = c.lockDelayUntilMs !== null ? { detail: { lockDelayUntilMs: c.lockDelayUntilMs } } : {};
  return {
    state: { value: s.value, context: { ...c, waiters, asks: { ...c.asks, [e.from]: askOf(e) } } },
    effects: [
      send(e.from, { type: 'lock.wait', holder: c.holder, ...delayed.detail }),
      note({ kind: 'lock.queued', parties: [e.from], client: e.from, holder: c.holder ?? undefined, ...delayed }),
    ],
  };
}

/** A crash, in any state: down, the lease, queue and lock-delay forgotten. */
function crash(s: S): Step {
  const c = s.context;
  const timer = s.value === 'held' ? LEASE_TIMER : s.value === 'delayed' ? LOCK_DELAY_TIMER : null;
  const effects: Effect[] = [
    ...(timer ? [{ type: 'cancel', id: timer } as const] : []),
    note({
      kind: 'node.crashed',
      holder: c.holder ?? undefined,
      grantId: c.grantId ?? undefined,
      token: c.token,
    }),
  ];
  const context = { ...c, ...noLease, waiters: [], asks: {}, lockDelayUntilMs: null };
  return { state: { value: 'down', context }, effects };
}

function down(s: S, e: PartyEvent): Step | null {
  const c = s.context;
  if (e.type !== 'node.restart') return null;
  const counter = counterAfterRestart(c.tokenSource, c.counter, c.firstToken);
  return {
    state: { value: 'free', context: { ...c, counter } },
    effects: [note({ kind: 'node.restarted', detail: { counter, tokenSource: c.tokenSource } })],
  };
}

/** What free and delayed answer alike: no lease to expire, release or renew. */
function noHolder(s: S, e: PartyEvent): Step | null {
  if (e.type === 'lease.expireNow') return { state: s, effects: [note({ kind: 'lease.none' })] };
  if (e.type === 'lock.release') return ignoredRelease(s, e);
  if (e.type === 'lock.renew') return refusedRenewal(s, e);
  return null;
}

function free(s: S, e: PartyEvent): Step | null {
  const c = s.context;
  if (e.type === 'lock.request' && e.from) return grant(c, e.from, e, false);
  if (e.type === 'lock.grantNext' && c.waiters[0]) return grant(c, c.waiters[0], e, false);
  return noHolder(s, e);
}

function delayed(s: S, e: PartyEvent): Step | null {
  const c = s.context;
  if (e.type === LOCK_DELAY_TIMER) {
    return {
      state: { value: 'free', context: { ...c, lockDelayUntilMs: null } },
      effects: [
        { type: 'cancel', id: LOCK_DELAY_TIMER },
        note({ kind: 'lockDelay.ended' }),
        ...(c.waiters.length > 0 ? [{ type: 'self', event: { type: 'lock.grantNext' } } as const] : []),
      ],
    };
  }
  if (e.type === 'lock.request' && e.from) return enqueue(s, { ...e, from: e.from });
  return noHolder(s, e);
}

/** Held: the holder's renewal extends the lease; anyone else's is refused. */
function renew(s: S, e: PartyEvent): Step {
  const c = s.context;
  if (e.from !== c.holder || e.grantId !== c.grantId) return refusedRenewal(s, e);
  const { nowMs } = e.env;
  const context = {
    ...c,
    expiresAtMs: nowMs + c.keptMs,
    promisedUntilMs: nowMs + c.leaseTtlMs,
    renewals: c.renewals + 1,
  };
  const ask = { askedAtMs: e.sentAtMs as number, arrivedAtMs: nowMs };
  const reply = {
    type: 'lock.renewed',
    grantId: e.grantId,
    quiet: true,
    ...grantTiming(ask, nowMs + c.leaseTtlMs),
  };
  return {
    state: { value: 'held', context },
    effects: [{ type: 'cancel', id: LEASE_TIMER }, send(e.from, reply), armLease(c)],
  };
}

/** Held: the holder asking again gets its grant again; anyone else waits. */
function request(s: S, e: PartyEvent & { from: string }): Step {
  const c = s.context;
  if (e.from !== c.holder) return enqueue(s, e);
  const ask = askOf(e);
  const msg = {
    type: 'lock.grant',
    token: c.token,
    grantId: c.grantId,
    ...grantTiming(ask, c.promisedUntilMs!),
  };
  return {
    state: { value: 'held', context: { ...c, asks: { ...c.asks, [c.holder]: ask } } },
    effects: [
      send(c.holder, msg),
      note({
        kind: 'lock.regranted',
        parties: [c.holder],
        holder: c.holder,
        token: c.token,
        grantId: c.grantId ?? undefined,
      }),
    ],
  };
}

function held(s: S, e: PartyEvent): Step | null {
  const c = s.context;
  if (e.type === LEASE_TIMER || e.type === 'lease.expireNow') return expire(c, e);
  if (e.type === 'lock.release') return e.grantId === c.grantId ? endLease(c, 'lock.released') : ignoredRelease(s, e);
  if (e.type === 'lock.renew') return renew(s, e);
  if (e.type === 'lock.request' && e.from) return request(s, { ...e, from: e.from });
  return null;
}

const STATES: Record<string, (s: S, e: PartyEvent) => Step | null> = { down, free, delayed, held };

export function lockService(knobs: Knobs): PartyLogic<S> {
  const input = lockServiceInput(knobs);
  const initial: LockServiceContext = {
    ...input,
    counter: input.firstToken - 1,
    ...noLease,
    waiters: [],
    asks: {},
    renewals: 0,
    lockDelayUntilMs: null,
  };
  return plain<LockServiceContext>(
    initial,
    'free',
    (s, e) => (e.type === 'node.crash' ? crash(s) : STATES[s.value]!(s, e)),
    lockServiceFields,
  );
}
