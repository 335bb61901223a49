// The client as a plain reducer: the same transitions and effects as machines/client.ts.

import type { Knobs } from '../core/scenario';
import type { TokenValue } from '../core/trace';
import type { Effect, PartyEvent, PartyLogic } from '../core/party';
import {
  CHECK_HELD_BACK,
  FENCE_REFUSED,
  FENCE_UNANSWERED,
  fenceAckedNote,
  LAPSE_CAUSE,
  belief,
  leaseCheck,
  type ClientContext,
} from '../machines/client';
import { clientFields, clientInput } from '../strategies/parties';
import { BELIEF_TIMER, RENEW_TIMER, RETRY_TIMER, note, plain, send, type Out, type Plain } from './plain';
import { judgeGrant } from '../protocol/belief';
import { EARLY_STOP } from '../machines/common/writer';

type S = Plain<ClientContext>;
/** A state's answer to an event: its step; null, handled with nothing changed; undefined, not
 * this state's event (the answers every state shares come next). */
type Answer = Out<ClientContext> | null | undefined;

const noGrant = { token: null, grantId: null, believedUntilMs: null };
const cancelRenew: Effect = { type: 'cancel', id: RENEW_TIMER };
const armRenew = (delayMs: number): Effect => ({ type: 'arm', id: RENEW_TIMER, delayMs, event: { type: RENEW_TIMER } });
const armBelief = (delayMs: number): Effect => ({
  type: 'arm',
  id: BELIEF_TIMER,
  delayMs,
  event: { type: BELIEF_TIMER },
});
const armRetry = (c: ClientContext): Effect => ({
  type: 'arm',
  id: RETRY_TIMER,
  delayMs: c.retryMs,
  event: { type: RETRY_TIMER },
});

/** An event's value, with `extra`, as a note's detail. */
const detail = (e: PartyEvent, extra: Record<string, string | boolean> = {}) => ({
  value: e.value as string,
  ...extra,
});

/** A store's refusal of a write, noted (`fenced`: the client stops holding because of it). */
const refusal = (e: PartyEvent, fenced: boolean): Effect =>
  note({
    kind: 'write.refused',
    parties: [e.from ?? ''],
    token: e.token as number,
    grantId: e.grantId as number,
    detail: { reason: e.reason as string, value: e.value as string, ...(fenced ? { fenced } : {}) },
  });

/** Writes held for an unanswered fence, dropped a step each as the grant ends. */
const dropFenced = (c: ClientContext): Effect[] =>
  c.fencing
    ? c.pendingWrites.map((value) => note({ kind: 'write.skipped', detail: { value, cause: FENCE_UNANSWERED } }))
    : [];

/** Leave holding for idle, with `said` (and any writes held for a fence, dropped) noted between
 * the belief timer's cancel and the keepalive's. */
const stop = (c: ClientContext, said: Effect[]): Out<ClientContext> => ({
  state: {
    value: 'idle',
    context: { ...c, ...noGrant, ...(c.fencing ? { fencing: false, pendingWrites: [] } : {}) },
  },
  effects: [{ type: 'cancel', id: BELIEF_TIMER }, ...said, ...dropFenced(c), cancelRenew],
});

const lapsed = (c: ClientContext, cause?: string): Effect =>
  note({
    kind: 'lease.lapsed',
    token: c.token,
    grantId: c.grantId ?? undefined,
    ...(cause !== undefined ? { detail: { cause } } : {}),
  });

/** The library lost the lease; the application, never told, carries on holding. */
const lost = (s: S, cause: string, told: boolean): Out<ClientContext> => ({
  state: { value: s.value, context: { ...s.context, renewing: false, lostNoted: true } },
  effects: [
    note({
      kind: 'lease.lost',
      parties: told ? [s.context.lockService] : [],
      token: s.context.token,
      grantId: s.context.grantId ?? undefined,
      detail: { cause },
    }),
    cancelRenew,
  ],
});

const carriesOn = (c: ClientContext) => c.stopActing === 'never' && c.grantId !== null;

/** A grant, in any state: taken (holding, its pending writes sent) or ignored as stale. */
function onGrant(s: S, e: PartyEvent, renewEveryMs: number): Out<ClientContext> {
  const c = s.context;
  const timing = { askedAtMs: e.askedAtMs as number, leaseEndsInMs: e.leaseEndsInMs as number };
  const judged = judgeGrant({ ...timing, grantId: e.grantId as number }, c.newestGrantId, e.env.nowMs);
  if (!judged.take) {
    const detail = { type: 'lock.grant', reason: judged.reason, believedUntilMs: judged.believedUntilMs };
    return {
      state: s,
      effects: [note({ kind: 'message.ignored', parties: [c.lockService], token: e.token as number, detail })],
    };
  }
  const b = belief(c, judged.believedUntilMs, e.env.nowMs);
  const context = {
    ...c,
    ...b,
    token: e.token as number,
    grantId: e.grantId as number,
    newestGrantId: e.grantId as number,
    // Fenced at takeover, the queued writes wait for the store's answer.
    pendingWrites: c.fenceAtTakeover ? c.pendingWrites : [],
    unansweredSinceMs: null,
    renewing: c.keepalive,
    lostNoted: false,
    fencing: c.fenceAtTakeover,
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
        detail: b.believedUntilMs !== null ? { believedUntilMs: b.believedUntilMs } : {},
      }),
      ...(c.fenceAtTakeover
        ? [send(c.resources[0]!, { type: 'fence.request', token: e.token as TokenValue, grantId: e.grantId })]
        : c.pendingWrites.map((value): Effect => ({ type: 'self', event: { type: 'cmd.write', value } }))),
      ...(c.keepalive ? [armRenew(renewEveryMs)] : []),
      armBelief(b.ttlMs),
    ],
  };
}

/** Holding: the belief and keepalive timers, and the lock service's answers to a renewal. */
function holdingLease(s: S, e: PartyEvent, renewEveryMs: number): Answer {
  const c = s.context;
  if (e.type === BELIEF_TIMER) {
    if (carriesOn(c)) return c.lostNoted ? null : lost(s, LAPSE_CAUSE.ranOut, false);
    const cause = EARLY_STOP[c.keepalive ? 'renew-deadline' : 'margin'];
    return stop(c, [lapsed(c, c.stopActing === 'renew-deadline' ? cause : undefined)]);
  }
  if (e.type === RENEW_TIMER) {
    if ((c.libraryUntilMs ?? 0) <= e.env.nowMs) return null;
    if (c.stopActing === 'first-doubt' && c.unansweredSinceMs !== null)
      return stop(c, [lapsed(c, LAPSE_CAUSE.unanswered)]);
    if (!c.renewing) return null;
    const sentAtMs = e.env.nowMs;
    return {
      state: {
        value: 'holding',
        context: { ...c, renewalsSent: c.renewalsSent + 1, unansweredSinceMs: c.unansweredSinceMs ?? sentAtMs },
      },
      effects: [
        send(c.lockService, { type: 'lock.renew', grantId: c.grantId, sentAtMs, quiet: true }),
        armRenew(renewEveryMs),
      ],
    };
  }
  if (e.type === 'lock.renewed' && e.grantId === c.grantId) {
    const until = Math.max(c.libraryUntilMs ?? 0, (e.askedAtMs as number) + (e.leaseEndsInMs as number));
    const b = belief(c, until, e.env.nowMs);
    return {
      state: { value: 'holding', context: { ...c, ...b, unansweredSinceMs: null, lostNoted: false } },
      effects: [{ type: 'cancel', id: BELIEF_TIMER }, armBelief(b.ttlMs)],
    };
  }
  if (e.type === 'lock.renewFailed' && e.grantId === c.grantId) {
    if (carriesOn(c)) return c.lostNoted ? null : lost(s, LAPSE_CAUSE.refused, true);
    return stop(c, [lapsed(c, LAPSE_CAUSE.refused)]);
  }
  return undefined;
}

/** Holding: the application's writes and release, and a store's fencing refusal. */
function holdingWork(s: S, e: PartyEvent): Answer {
  const c = s.context;
  if (e.type === 'cmd.write' && c.fencing) {
    return {
      state: { value: 'holding', context: { ...c, pendingWrites: [...c.pendingWrites, e.value as string] } },
      effects: [note({ kind: 'write.queued', detail: detail(e) })],
    };
  }
  if (e.type === 'fence.ack' && e.grantId === c.grantId) {
    if (!e.accepted) return stop(c, [lapsed(c, FENCE_REFUSED)]);
    return {
      state: { value: 'holding', context: { ...c, fencing: false, pendingWrites: [] } },
      effects: [
        note(fenceAckedNote(c)),
        ...c.pendingWrites.map((value): Effect => ({ type: 'self', event: { type: 'cmd.write', value } })),
      ],
    };
  }
  if (e.type === 'cmd.write' && c.checkLeaseBeforeWrite) {
    const checked = leaseCheck(c, e.value as string, e.env.nowMs);
    return {
      state: s,
      effects: [
        note(checked.note),
        checked.goAhead
          ? { type: 'self', event: { type: 'write.go', value: e.value } }
          : note({ kind: 'write.skipped', detail: detail(e, { cause: CHECK_HELD_BACK }) }),
      ],
    };
  }
  if (e.type === 'cmd.write' || e.type === 'write.go') {
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
    return stop(c, [
      send(c.lockService, { type: 'lock.release', grantId: c.grantId }),
      note({ kind: 'lock.releasing', parties: [c.lockService], token: c.token, grantId: c.grantId ?? undefined }),
    ]);
  }
  if (e.type === 'write.nack' && e.grantId === c.grantId) return stop(c, [refusal(e, true)]);
  return undefined;
}

function idle(s: S, e: PartyEvent): Answer {
  const c = s.context;
  if (e.type === 'cmd.acquire') {
    return {
      state: { value: 'acquiring', context: c },
      effects: [
        send(c.lockService, { type: 'lock.request', sentAtMs: e.env.nowMs }),
        note({ kind: 'lock.requested', parties: [c.lockService] }),
        armRetry(c),
      ],
    };
  }
  if (e.type === 'cmd.write') return { state: s, effects: [note({ kind: 'write.skipped', detail: detail(e) })] };
  return undefined;
}

function acquiring(s: S, e: PartyEvent): Answer {
  const c = s.context;
  if (e.type === RETRY_TIMER) {
    return {
      state: s,
      effects: [
        { type: 'cancel', id: RETRY_TIMER },
        send(c.lockService, { type: 'lock.request', sentAtMs: e.env.nowMs }),
        note({ kind: 'lock.retried', parties: [c.lockService] }),
        armRetry(c),
      ],
    };
  }
  if (e.type === 'lock.wait') {
    const lockDelay = e.lockDelayUntilMs !== undefined ? { lockDelayUntilMs: e.lockDelayUntilMs as number } : null;
    return {
      state: s,
      effects: [
        note({
          kind: 'lock.waiting',
          parties: [c.lockService],
          holder: (e.holder as string | null) ?? undefined,
          ...(lockDelay ? { detail: lockDelay } : {}),
        }),
      ],
    };
  }
  if (e.type === 'cmd.write') {
    return {
      state: { value: 'acquiring', context: { ...c, pendingWrites: [...c.pendingWrites, e.value as string] } },
      effects: [note({ kind: 'write.queued', detail: detail(e) })],
    };
  }
  return undefined;
}

/** What every state answers the same way (the machine's root-level transitions). */
function anyState(s: S, e: PartyEvent): Out<ClientContext> | null {
  if (e.type === 'write.ack') {
    const acked = note({
      kind: 'write.acked',
      parties: [e.from ?? ''],
      token: e.token as number,
      grantId: e.grantId as number,
      detail: detail(e),
    });
    return { state: s, effects: [acked] };
  }
  if (e.type === 'write.nack') return { state: s, effects: [refusal(e, false)] };
  if (e.type === 'cmd.acquire') return { state: s, effects: [note({ kind: 'acquire.skipped' })] };
  if (e.type === 'cmd.release') return { state: s, effects: [note({ kind: 'release.skipped' })] };
  if (e.type === 'write.go') return { state: s, effects: [note({ kind: 'write.skipped', detail: detail(e) })] };
  return null;
}

export function client(knobs: Knobs, id: string): PartyLogic<S> {
  const input = clientInput(knobs, id);
  const initial: ClientContext = {
    ...input,
    ...noGrant,
    seq: 0,
    ttlMs: 0,
    newestGrantId: 0,
    libraryUntilMs: null,
    renewalsSent: 0,
    unansweredSinceMs: null,
    renewing: false,
    lostNoted: false,
    fencing: false,
    pendingWrites: [],
    lastValue: null,
  };
  const renewEveryMs = input.renewEveryMs;
  const own = (s: S, e: PartyEvent): Answer => {
    if (s.value === 'holding') {
      const answer = holdingLease(s, e, renewEveryMs);
      return answer === undefined ? holdingWork(s, e) : answer;
    }
    if (s.value === 'idle') return idle(s, e);
    if (s.value === 'acquiring') return acquiring(s, e);
    return undefined;
  };
  return plain<ClientContext>(
    initial,
    'idle',
    (s, e) => {
      if (e.type === 'lock.grant') return onGrant(s, e, renewEveryMs);
      const answer = own(s, e);
      return answer === undefined ? anyState(s, e) : answer;
    },
    clientFields,
  );
}
