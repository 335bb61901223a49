// The generic strategies' parties written as plain reducer functions, without XState. They exist
// to measure what XState costs (npm run bench) and as a second, independent statement of the
// protocol: a differential test requires both to produce the same trace on random workloads.
// Invariant: for every event, the same state change and the same effects, in the same order, as
// the machines in ../machines (effect order matters: it decides message ids and tie-breaks).

import type { Knobs } from '../scenario/types';
import type { Effect, Message, PartyEvent, PartyLogic } from '../sim/logic';
import type { PartySpec } from '../strategies/types';
import type { LockServiceContext } from '../machines/lockService';
import type { ClientContext } from '../machines/client';
import type { ResourceContext } from '../machines/resource';
import { counterAfterRestart, issueToken } from '../protocol/tokens';
import { decideWrite } from '../protocol/check';
import {
  STORAGE,
  STORAGE2,
  clientFields,
  clientInput,
  lockServiceFields,
  lockServiceInput,
  mailerFields,
  partyInfo,
  resourceFields,
  resourceInput,
} from '../strategies/parties';

interface Plain<C> {
  value: string;
  context: C;
}

type Out<C> = { state: Plain<C>; effects: Effect[] };

const LEASE_TIMER = 'lease.timeout';
const BELIEF_TIMER = 'lease.belief';
const RETRY_TIMER = 'lock.retry';
const send = (to: string, msg: Message): Effect => ({ type: 'send', to, msg });
const note = (n: Extract<Effect, { type: 'note' }>['note']): Effect => ({ type: 'note', note: n });

function plain<C>(
  initial: C,
  value: string,
  step: (s: Plain<C>, e: PartyEvent) => Out<C> | null,
  fields: (c: C) => ReturnType<PartyLogic['view']>['fields'],
): PartyLogic<Plain<C>> {
  return {
    init: () => ({ state: { value, context: initial }, effects: [] }),
    // An event a state does not handle changes nothing, as in XState.
    step: (s, e) => step(s, e) ?? { state: s, effects: [] },
    view: (s) => ({ state: s.value, fields: fields(s.context) }),
  };
}

function lockService(knobs: Knobs): PartyLogic<Plain<LockServiceContext>> {
  const input = lockServiceInput(knobs);
  const noLease = { holder: null, token: null, grantId: null, expiresAtMs: null };
  const grant = (c: LockServiceContext, holder: string, e: PartyEvent, exiting: boolean): Out<LockServiceContext> => {
    const { env } = e;
    const issued = issueToken({ source: c.tokenSource, counter: c.counter, nowMs: env.nowMs, rand: env.rand });
    const expiresAtMs = env.nowMs + c.leaseTtlMs;
    const context = {
      ...c,
      counter: issued.counter,
      holder,
      token: issued.token,
      grantId: env.nextGrantId,
      expiresAtMs,
      waiters: c.waiters.filter((w) => w !== holder),
    };
    const msg = { type: 'lock.grant', token: issued.token, grantId: env.nextGrantId, ttlMs: c.leaseTtlMs };
    const effects: Effect[] = [
      ...(exiting ? [{ type: 'cancel', id: LEASE_TIMER } as const] : []),
      send(holder, msg),
      note({
        kind: 'lock.granted',
        parties: [holder],
        holder,
        token: issued.token,
        grantId: env.nextGrantId,
        detail: { expiresAtMs },
      }),
      { type: 'arm', id: LEASE_TIMER, delayMs: c.leaseTtlMs, event: { type: LEASE_TIMER } },
    ];
    return { state: { value: 'held', context }, effects };
  };
  const endLease = (c: LockServiceContext, kind: 'lease.expired' | 'lock.released'): Out<LockServiceContext> => ({
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
  const ignoredRelease = (s: Plain<LockServiceContext>, e: PartyEvent): Out<LockServiceContext> => ({
    state: s,
    effects: [note({ kind: 'release.ignored', parties: [e.from ?? ''] })],
  });
  const initial = { ...input, counter: input.firstToken - 1, ...noLease, waiters: [] };
  return plain<LockServiceContext>(
    initial,
    'free',
    (s, e) => {
      const c = s.context;
      if (e.type === 'node.crash') {
        const effects: Effect[] = [
          ...(s.value === 'held' ? [{ type: 'cancel', id: LEASE_TIMER } as const] : []),
          note({
            kind: 'node.crashed',
            holder: c.holder ?? undefined,
            grantId: c.grantId ?? undefined,
            token: c.token,
          }),
        ];
        return { state: { value: 'down', context: { ...c, ...noLease, waiters: [] } }, effects };
      }
      if (s.value === 'down') {
        if (e.type !== 'node.restart') return null;
        const counter = counterAfterRestart(c.tokenSource, c.counter, c.firstToken);
        return {
          state: { value: 'free', context: { ...c, counter } },
          effects: [note({ kind: 'node.restarted', detail: { counter, tokenSource: c.tokenSource } })],
        };
      }
      if (s.value === 'free') {
        if (e.type === 'lock.request' && e.from) return grant(c, e.from, e, false);
        if (e.type === 'lock.grantNext' && c.waiters[0]) return grant(c, c.waiters[0], e, false);
        if (e.type === 'lease.expireNow') return { state: s, effects: [note({ kind: 'lease.none' })] };
        if (e.type === 'lock.release') return ignoredRelease(s, e);
        return null;
      }
      // held
      if (e.type === LEASE_TIMER || e.type === 'lease.expireNow') return endLease(c, 'lease.expired');
      if (e.type === 'lock.release')
        return e.grantId === c.grantId ? endLease(c, 'lock.released') : ignoredRelease(s, e);
      if (e.type === 'lock.request' && e.from) {
        if (e.from === c.holder) {
          const msg = { type: 'lock.grant', token: c.token, grantId: c.grantId, ttlMs: c.leaseTtlMs };
          return {
            state: s,
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
        const waiters = c.waiters.includes(e.from) ? c.waiters : [...c.waiters, e.from];
        return {
          state: { value: 'held', context: { ...c, waiters } },
          effects: [
            send(e.from, { type: 'lock.wait', holder: c.holder }),
            note({ kind: 'lock.queued', parties: [e.from], client: e.from, holder: c.holder ?? undefined }),
          ],
        };
      }
      return null;
    },
    lockServiceFields,
  );
}

function client(knobs: Knobs): PartyLogic<Plain<ClientContext>> {
  const input = clientInput(knobs);
  const noGrant = { token: null, grantId: null, believedUntilMs: null, seq: 0 };
  const initial: ClientContext = { ...input, ...noGrant, ttlMs: 0, pendingWrites: [], lastValue: null };
  return plain<ClientContext>(
    initial,
    'idle',
    (s, e) => {
      const c = s.context;
      const detail = (extra: Record<string, string | boolean>) => ({ value: e.value as string, ...extra });
      if (e.type === 'lock.grant') {
        const believedUntilMs = e.env.nowMs + (e.ttlMs as number);
        const context = {
          ...c,
          token: e.token as number,
          grantId: e.grantId as number,
          ttlMs: e.ttlMs as number,
          believedUntilMs,
          seq: 0,
          pendingWrites: [],
        };
        const leaving = s.value === 'holding' ? BELIEF_TIMER : s.value === 'acquiring' ? RETRY_TIMER : null;
        return {
          state: { value: 'holding', context },
          effects: [
            ...(leaving ? [{ type: 'cancel', id: leaving } as const] : []),
            note({
              kind: 'lock.acquired',
              parties: [c.lockService],
              token: e.token as number,
              grantId: e.grantId as number,
              detail: { believedUntilMs },
            }),
            ...c.pendingWrites.map((value): Effect => ({ type: 'self', event: { type: 'cmd.write', value } })),
            { type: 'arm', id: BELIEF_TIMER, delayMs: e.ttlMs as number, event: { type: BELIEF_TIMER } },
          ],
        };
      }
      const refusal = (fenced: boolean) =>
        note({
          kind: 'write.refused',
          parties: [e.from ?? ''],
          token: e.token as number,
          grantId: e.grantId as number,
          detail: { reason: e.reason as string, value: e.value as string, ...(fenced ? { fenced } : {}) },
        });
      if (s.value === 'holding') {
        if (e.type === BELIEF_TIMER) {
          return {
            state: { value: 'idle', context: { ...c, ...noGrant } },
            effects: [
              { type: 'cancel', id: BELIEF_TIMER },
              note({ kind: 'lease.lapsed', token: c.token, grantId: c.grantId ?? undefined }),
            ],
          };
        }
        if (e.type === 'cmd.write') {
          const seq = c.seq + 1;
          const payload = { token: c.token, grantId: c.grantId, seq, value: e.value };
          return {
            state: { value: 'holding', context: { ...c, seq, lastValue: e.value as string } },
            effects: [
              ...c.resources.map((r) => send(r, { type: 'write.request', ...payload })),
              ...(c.mailer ? [send(c.mailer, { type: 'effect.request', ...payload })] : []),
              note({
                kind: 'write.sent',
                parties: [...c.resources, ...(c.mailer ? [c.mailer] : [])],
                token: c.token,
                grantId: c.grantId ?? undefined,
                detail: { value: e.value as string, seq },
              }),
            ],
          };
        }
        if (e.type === 'cmd.release') {
          return {
            state: { value: 'idle', context: { ...c, ...noGrant } },
            effects: [
              { type: 'cancel', id: BELIEF_TIMER },
              send(c.lockService, { type: 'lock.release', grantId: c.grantId }),
              note({
                kind: 'lock.releasing',
                parties: [c.lockService],
                token: c.token,
                grantId: c.grantId ?? undefined,
              }),
            ],
          };
        }
        if (e.type === 'write.nack' && e.grantId === c.grantId) {
          return {
            state: { value: 'idle', context: { ...c, ...noGrant } },
            effects: [{ type: 'cancel', id: BELIEF_TIMER }, refusal(true)],
          };
        }
      }
      if (s.value === 'idle') {
        if (e.type === 'cmd.acquire') {
          return {
            state: { value: 'acquiring', context: c },
            effects: [
              send(c.lockService, { type: 'lock.request' }),
              note({ kind: 'lock.requested', parties: [c.lockService] }),
              { type: 'arm', id: RETRY_TIMER, delayMs: c.retryMs, event: { type: RETRY_TIMER } },
            ],
          };
        }
        if (e.type === 'cmd.write') return { state: s, effects: [note({ kind: 'write.skipped', detail: detail({}) })] };
      }
      if (s.value === 'acquiring') {
        if (e.type === RETRY_TIMER) {
          return {
            state: s,
            effects: [
              { type: 'cancel', id: RETRY_TIMER },
              send(c.lockService, { type: 'lock.request' }),
              note({ kind: 'lock.retried', parties: [c.lockService] }),
              { type: 'arm', id: RETRY_TIMER, delayMs: c.retryMs, event: { type: RETRY_TIMER } },
            ],
          };
        }
        if (e.type === 'lock.wait') {
          return {
            state: s,
            effects: [
              note({
                kind: 'lock.waiting',
                parties: [c.lockService],
                holder: (e.holder as string | null) ?? undefined,
              }),
            ],
          };
        }
        if (e.type === 'cmd.write') {
          return {
            state: { value: 'acquiring', context: { ...c, pendingWrites: [...c.pendingWrites, e.value as string] } },
            effects: [note({ kind: 'write.queued', detail: detail({}) })],
          };
        }
      }
      // What every state answers the same way (the machine's root-level transitions).
      if (e.type === 'write.ack') {
        return {
          state: s,
          effects: [
            note({
              kind: 'write.acked',
              parties: [e.from ?? ''],
              token: e.token as number,
              grantId: e.grantId as number,
              detail: detail({}),
            }),
          ],
        };
      }
      if (e.type === 'write.nack') return { state: s, effects: [refusal(false)] };
      if (e.type === 'cmd.acquire') return { state: s, effects: [note({ kind: 'acquire.skipped' })] };
      if (e.type === 'cmd.release') return { state: s, effects: [note({ kind: 'release.skipped' })] };
      return null;
    },
    clientFields,
  );
}

function resource(knobs: Knobs, checks: boolean): PartyLogic<Plain<ResourceContext>> {
  const input = resourceInput(knobs, checks);
  const initial: ResourceContext = {
    ...input,
    maxSeen: input.initialMaxSeen,
    maxSeq: 0,
    value: null,
    accepted: 0,
    rejected: 0,
  };
  return plain<ResourceContext>(
    initial,
    'up',
    (s, e) => {
      const c = s.context;
      if (s.value === 'down') {
        if (e.type !== 'node.restart') return null;
        const context = c.maxSeenDurable ? c : { ...c, maxSeen: null, maxSeq: 0 };
        return {
          state: { value: 'up', context },
          effects: [
            note({ kind: 'node.restarted', detail: { maxSeenDurable: c.maxSeenDurable, maxSeenBefore: c.maxSeen } }),
          ],
        };
      }
      if (e.type === 'node.crash')
        return { state: { value: 'down', context: c }, effects: [note({ kind: 'node.crashed' })] };
      if (e.type !== 'write.request' || !e.from) return null;
      const token = e.token as number;
      const d = decideWrite(c.check, c.maxSeen, c.maxSeq, token, e.seq as number);
      const reply = { token, grantId: e.grantId, value: e.value };
      const context = d.accept
        ? { ...c, maxSeen: d.maxSeenAfter, maxSeq: d.maxSeqAfter, value: e.value as string, accepted: c.accepted + 1 }
        : { ...c, rejected: c.rejected + 1 };
      const write = {
        resource: '',
        client: e.from,
        value: e.value as string,
        token,
        seq: e.seq as number,
        verdict: d.accept ? ('accepted' as const) : ('rejected' as const),
        reason: d.reason,
        maxSeenBefore: c.maxSeen,
        maxSeenAfter: d.maxSeenAfter,
        comparison: d.comparison,
        grantId: e.grantId as number,
      };
      return {
        state: { value: 'up', context },
        effects: [
          send(e.from, d.accept ? { type: 'write.ack', ...reply } : { type: 'write.nack', ...reply, reason: d.reason }),
          note({
            kind: d.accept ? 'write.accepted' : 'write.rejected',
            parties: [e.from],
            token,
            grantId: e.grantId as number,
            client: e.from,
            write,
          }),
        ],
      };
    },
    resourceFields,
  );
}

function mailer(): PartyLogic<Plain<{ sent: number; lastValue: string | null }>> {
  return plain(
    { sent: 0, lastValue: null as string | null },
    'up',
    (s, e) => {
      if (s.value === 'down')
        return e.type === 'node.restart'
          ? { state: { ...s, value: 'up' }, effects: [note({ kind: 'node.restarted' })] }
          : null;
      if (e.type === 'node.crash') return { state: { ...s, value: 'down' }, effects: [note({ kind: 'node.crashed' })] };
      if (e.type !== 'effect.request') return null;
      const value = e.value as string;
      return {
        state: { value: 'up', context: { sent: s.context.sent + 1, lastValue: value } },
        effects: [
          note({
            kind: 'effect.sent',
            parties: [e.from ?? ''],
            client: e.from,
            token: e.token as number,
            grantId: e.grantId as number,
            detail: { value },
          }),
        ],
      };
    },
    mailerFields,
  );
}

const erase = <S>(logic: PartyLogic<S>): PartyLogic<unknown> => logic as PartyLogic<unknown>;

/** The same parties as strategies/parties.ts genericParties(), built from plain reducers. */
export function plainGenericParties(knobs: Knobs, clients: string[]): PartySpec[] {
  return [
    { info: partyInfo.lockService(), logic: erase(lockService(knobs)) },
    ...clients.map((id) => ({ info: partyInfo.client(id), logic: erase(client(knobs)) })),
    { info: partyInfo.resource(STORAGE, true), logic: erase(resource(knobs, true)) },
    ...(knobs.secondResource === 'unchecked'
      ? [{ info: partyInfo.resource(STORAGE2, false), logic: erase(resource(knobs, false)) }]
      : []),
    ...(knobs.sideEffect === 'email' ? [{ info: partyInfo.mailer(), logic: erase(mailer()) }] : []),
  ];
}
