// A client of the generic strategies. It asks for the lock, believes it holds it until its own
// clock says the lease ran out (timed from when it asked: protocol/belief.ts), or a resource
// refuses it, and carries its token on every write. A grant older than one it has had, or whose
// lease is over when it arrives, is ignored. With keepalive on it renews its lease every
// renewEveryMs (a third of it unless set), as a watchdog does; when its application stops acting
// is its stop policy (W.actingUntil).
// Invariant it keeps: it only writes while it believes it holds the lock. That belief is exactly
// what a pause, a slow network or a skewed clock can make wrong; the resource is the real guard.

import { and, enqueueActions, setup } from 'xstate';
import type { TokenValue } from '../core/trace';
import type { NoteOf } from '../core/party';
import { type EnqueueArgs, effect, effectActions, timerEvent } from './effects';
import { assertEvent } from './assertEvent';
import * as W from './common/writer';
import * as G from './common/grant';
import { judgeGrant, type GrantTiming } from '../protocol/belief';
import type { StopPolicy } from '../core/defaults';

export interface ClientInput {
  lockService: string;
  /** How long to wait for an answer before asking again (a request or a grant can be lost). */
  retryMs: number;
  resources: string[];
  mailer: string | null;
  /** The lease length (ms): a renew deadline is a third of it before its end. */
  leaseMs: number;
  /** Whether it renews its lease while it holds the lock. */
  keepalive: boolean;
  /** How often it renews (ms, at least 1), while keepalive is on. */
  renewEveryMs: number;
  stopActing: StopPolicy;
  /** Whether its application checks its lease by its own clock right before each write. */
  checkLeaseBeforeWrite: boolean;
  /** Whether it fences the first store with its token when it takes the lock, and holds its
   * writes until the store has answered (Knobs.fenceAtTakeover). */
  fenceAtTakeover: boolean;
}

/** Its writer fields, the newest grant it has had (a late, older one is ignored), when its own
 * clock says the lease ends, and its renewals. */
export interface ClientContext extends ClientInput, W.WriterFields {
  /** The belief timer's delay, set each time it enters `holding` (ms). */
  ttlMs: number;
  newestGrantId: number;
  /** When the lease ends by its own clock: the last grant or renewal answered, timed from its asking. */
  libraryUntilMs: number | null;
  renewalsSent: number;
  /** When it sent a renewal that has had no answer yet; null when every renewal was answered. */
  unansweredSinceMs: number | null;
  /** Whether it still renews (a refused renewal stops the keepalive). */
  renewing: boolean;
  /** Whether its library has already noted the current grant lost (a never-told holder). */
  lostNoted: boolean;
  /** Whether it has fenced the store with its current grant and waits for the answer (its writes
   * wait with it). */
  fencing: boolean;
}

type ClientEvent = W.ClientEvent<
  | { type: 'lock.wait'; holder: string | null; lockDelayUntilMs?: number }
  | ({ type: 'lock.grant'; token: TokenValue } & GrantTiming)
  | ({ type: 'lock.renewed' } & GrantTiming)
  | { type: 'lock.renewFailed'; grantId: number }
  | { type: 'timer.renew' }
  | { type: 'write.go'; value: string }
  | { type: 'fence.ack'; grantId: number; accepted: boolean }
>;

export const LAPSE_CAUSE = {
  refused: 'the lock service refused its renewal: the lease is gone',
  unanswered: `its renewal went unanswered, and ${W.EARLY_STOP['first-doubt']}`,
  ranOut: 'its lease ran out by its own clock',
};

/** Why a holder lets go of a grant whose fence the store refused. */
export const FENCE_REFUSED = 'the store already knows a newer holder, so its fence was refused';

/** Why writes held for a fence are dropped when the grant ends first. */
export const FENCE_UNANSWERED = 'its grant ended before the store answered its fence';

/** Why a write its own check held back does not go. */
export const CHECK_HELD_BACK = 'its own check found the lease over by its clock';

/**
 * The application's check of its lease right before writing `value` (knob
 * `checkLeaseBeforeWrite`), at `nowMs` on the client's own clock, against `libraryUntilMs`, the
 * lease's end by that clock: the step's note, and whether the write goes ahead (time is left).
 * A `write.go` to itself sends it as a step of its own, so a pause can come in between.
 */
export function leaseCheck(
  ctx: Pick<ClientContext, 'token' | 'grantId' | 'libraryUntilMs'>,
  value: string,
  nowMs: number,
): { note: NoteOf<'lease.checked'>; goAhead: boolean } {
  const untilMs = ctx.libraryUntilMs ?? nowMs;
  const leftMs = untilMs - nowMs;
  const goAhead = leftMs > 0;
  return {
    note: {
      kind: 'lease.checked',
      token: ctx.token,
      grantId: ctx.grantId ?? undefined,
      detail: { value, ownClockMs: nowMs, untilMs, leftMs, goAhead },
    },
    goAhead,
  };
}

/** The belief a lease that ends at `libraryUntilMs` (its own clock, ms) gives at `nowMs`: the
 * card's deadline (null: none), the belief timer's delay, and the lease's end itself. */
export function belief(
  ctx: Pick<ClientContext, 'stopActing' | 'leaseMs'>,
  libraryUntilMs: number,
  nowMs: number,
): { believedUntilMs: number | null; ttlMs: number; libraryUntilMs: number } {
  const acting = W.actingUntil(ctx.stopActing, libraryUntilMs, ctx.leaseMs);
  // A client that never stops still has its library's timer: it notes the lease running out.
  return { believedUntilMs: acting, ttlMs: Math.max(0, (acting ?? libraryUntilMs) - nowMs), libraryUntilMs };
}

/** The step a holder notes when the store took its fence: its held writes leave now. */
export const fenceAckedNote = (c: ClientContext): NoteOf<'fence.acked'> => ({
  kind: 'fence.acked',
  parties: [c.resources[0]!],
  token: c.token,
  grantId: c.grantId ?? undefined,
  detail: { held: c.pendingWrites.length },
});

/** A grant that ends while its fence is unanswered drops the writes that waited for it, a step each. */
function dropFencedWrites(enqueue: EnqueueArgs<typeof clientSetup>['enqueue'], context: ClientContext): void {
  if (!context.fencing) return;
  for (const n of W.dropQueuedWrites(context, FENCE_UNANSWERED)) enqueue(effect.note(n));
  enqueue.assign({ fencing: false, pendingWrites: [] });
}

const clientSetup = setup({
  types: {
    context: {} as ClientContext,
    events: {} as ClientEvent,
    input: {} as ClientInput,
  },
  actions: effectActions,
  guards: {
    isCurrentGrant: G.isCurrentGrant,
    /** A grant older than one already had, or over before it came: believing it would make a
     * zombie of a client that did nothing wrong. */
    isGrantToIgnore: ({ context, event }) =>
      event.type === 'lock.grant' && !judgeGrant(event, context.newestGrantId, event.env.nowMs).take,
    carriesOn: W.carriesOn,
    /** First-doubt: the renewal it sent last time has had no answer. */
    isInDoubt: ({ context }) => context.stopActing === 'first-doubt' && context.unansweredSinceMs !== null,
    /** It renews while its library still counts the lease its own: a renewal timer that fires
     * late (after a pause) past the lease's end sends nothing. */
    isRenewing: ({ context, event }) => context.renewing && (context.libraryUntilMs ?? 0) > event.env.nowMs,
    /** Its library's own clock says the lease is over: the belief timer, not a renewal, decides. */
    isLeaseOver: ({ context, event }) => (context.libraryUntilMs ?? 0) <= event.env.nowMs,
    /** A never-told holder whose library has not yet noted this grant lost. */
    notesLoss: ({ context }) => W.carriesOn({ context }) && !context.lostNoted,
    checksLease: ({ context }) => context.checkLeaseBeforeWrite,
    /** Fenced at takeover: a write waits until the store has taken the holder's token, so it
     * can never arrive before the fence that protects it. */
    isFencing: ({ context }) => context.fencing,
    isFenceTaken: ({ event }) => event.type === 'fence.ack' && event.accepted,
  },
  delays: {
    leaseBelief: ({ context }) => context.ttlMs,
    acquireRetry: ({ context }) => context.retryMs,
  },
});

type Args = EnqueueArgs<typeof clientSetup>;

export const clientMachine = clientSetup
  .extend({
    actions: {
      requestLock: clientSetup.enqueueActions(({ context, event, enqueue }) => {
        enqueue(effect.send(context.lockService, { type: 'lock.request', sentAtMs: event.env.nowMs }));
        enqueue(effect.note({ kind: 'lock.requested', parties: [context.lockService] }));
      }),
      write: clientSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertEvent(self, event, 'cmd.write');
        W.enqueueWrite(enqueue, context, event.value);
      }),
      /** Check the lease by its own clock; if time is left, the write leaves as the next step. */
      checkLease: clientSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertEvent(self, event, 'cmd.write');
        const checked = leaseCheck(context, event.value, event.env.nowMs);
        enqueue(effect.note(checked.note));
        if (checked.goAhead) enqueue(effect.self({ type: 'write.go', value: event.value }));
        else enqueue(effect.note({ kind: 'write.skipped', detail: { value: event.value, cause: CHECK_HELD_BACK } }));
      }),
      /** The write its check let through leaves now, whatever happened since the check. */
      sendChecked: clientSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertEvent(self, event, 'write.go');
        W.enqueueWrite(enqueue, context, event.value);
      }),
      queueWrite: clientSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertEvent(self, event, 'cmd.write');
        W.enqueueQueuedWrite(enqueue, context, event.value);
      }),
      takeGrant: clientSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertEvent(self, event, 'lock.grant');
        const judged = judgeGrant(event, context.newestGrantId, event.env.nowMs);
        const b = belief(context, judged.believedUntilMs, event.env.nowMs);
        const g = W.takeGrant(event.token, event.grantId, b.believedUntilMs, context.lockService);
        const fields = {
          ...b,
          newestGrantId: event.grantId,
          unansweredSinceMs: null,
          renewing: context.keepalive,
          lostNoted: false,
          fencing: context.fenceAtTakeover,
        };
        if (context.fenceAtTakeover) {
          // Its queued writes wait for the store's answer (fenceTaken sends them).
          enqueue.assign({ ...g.patch, ...fields });
          for (const e of g.effects) enqueue(e);
          const fence = { type: 'fence.request', token: event.token, grantId: event.grantId };
          enqueue(effect.send(context.resources[0]!, fence));
        } else W.enqueueGrant(enqueue, context, g, fields);
        if (context.keepalive)
          enqueue.raise(timerEvent({ type: 'timer.renew' }), { id: 'renew', delay: context.renewEveryMs });
      }),
      ignoreGrant: clientSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertEvent(self, event, 'lock.grant');
        const judged = judgeGrant(event, context.newestGrantId, event.env.nowMs);
        enqueue(
          effect.note({
            kind: 'message.ignored',
            parties: [context.lockService],
            token: event.token,
            detail: {
              type: 'lock.grant',
              reason: judged.take ? '' : judged.reason,
              believedUntilMs: judged.believedUntilMs,
            },
          }),
        );
      }),
      /** A keepalive: ask the lock service to start the lease again, and time the next one. */
      renew: clientSetup.enqueueActions(({ context, event, enqueue }) => {
        const sentAtMs = event.env.nowMs;
        enqueue(
          effect.send(context.lockService, { type: 'lock.renew', grantId: context.grantId, sentAtMs, quiet: true }),
        );
        enqueue.assign({
          renewalsSent: context.renewalsSent + 1,
          unansweredSinceMs: context.unansweredSinceMs ?? sentAtMs,
        });
        enqueue.raise(timerEvent({ type: 'timer.renew' }), { id: 'renew', delay: context.renewEveryMs });
      }),
      /** The lock service renewed the lease: it ends a lease after this renewal was sent. */
      extendLease: clientSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertEvent(self, event, 'lock.renewed');
        const until = Math.max(context.libraryUntilMs ?? 0, event.askedAtMs + event.leaseEndsInMs);
        enqueue.assign({ ...belief(context, until, event.env.nowMs), unansweredSinceMs: null, lostNoted: false });
      }),
      /** The library has lost the lease, but the application is never told and carries on. Its
       * keepalive goes on until the lock service itself refuses a renewal (`told`). */
      noteLost: enqueueActions(({ context, enqueue }: Args, params: { cause: string; told: boolean }) => {
        enqueue(effect.note(W.lost(context, params.cause, params.told ? [context.lockService] : [])));
        enqueue.cancel('renew');
        enqueue.assign({ renewing: false, lostNoted: true });
      }),
      /** The application stops acting: it stops believing (and renewing). */
      lapse: enqueueActions(({ context, enqueue }: Args, params: { cause?: string }) => {
        const note = W.lapse(context, params.cause ?? '');
        enqueue(effect.note(params.cause === undefined ? { ...note, detail: undefined } : note));
      }),
      release: clientSetup.enqueueActions(({ context, enqueue }) => {
        const msg = { type: 'lock.release', grantId: context.grantId };
        G.enqueueRelease(enqueue, context, [context.lockService], msg, W.noGrant);
        dropFencedWrites(enqueue, context);
        enqueue.cancel('renew');
      }),
      forgetGrant: clientSetup.enqueueActions(({ context, enqueue }) => {
        enqueue.assign(W.noGrant);
        dropFencedWrites(enqueue, context);
        enqueue.cancel('renew');
      }),
      /** The store took its fence: the writes that waited for it leave now. */
      fenceTaken: clientSetup.enqueueActions(({ context, enqueue }) => {
        enqueue.assign({ fencing: false, pendingWrites: [] });
        enqueue(effect.note(fenceAckedNote(context)));
        for (const value of context.pendingWrites) enqueue(effect.self({ type: 'cmd.write', value }));
      }),
    },
  })
  .createMachine({
    id: 'client',
    context: ({ input }) => ({
      ...input,
      ...W.writerDefaults,
      ttlMs: 0,
      newestGrantId: 0,
      libraryUntilMs: null,
      renewalsSent: 0,
      unansweredSinceMs: null,
      renewing: false,
      lostNoted: false,
      fencing: false,
    }),
    initial: 'idle',
    on: {
      'lock.grant': [
        { guard: 'isGrantToIgnore', actions: 'ignoreGrant' },
        { target: '.holding', reenter: true, actions: 'takeGrant' },
      ],
      // Replies are noted, a write asked for while acquiring is queued (see W.clientOn).
      ...W.clientOn,
      // A checked write whose grant is gone by the time it would leave: the token went with it.
      'write.go': { actions: W.noteSkippedWrite },
      // The store's answer to a fence of a grant the client no longer holds: nothing to do.
      'fence.ack': {},
    },
    states: {
      idle: {
        on: {
          'cmd.acquire': { target: 'acquiring', actions: 'requestLock' },
          'cmd.write': { actions: W.noteSkippedWrite },
        },
      },
      acquiring: {
        // Asking again is safe: the lock service re-sends a grant to its holder and keeps one
        // place in the queue per client.
        after: {
          acquireRetry: {
            target: 'acquiring',
            reenter: true,
            actions: enqueueActions(({ context, event, enqueue }) => {
              enqueue(effect.send(context.lockService, { type: 'lock.request', sentAtMs: event.env.nowMs }));
              enqueue(effect.note({ kind: 'lock.retried', parties: [context.lockService] }));
            }),
          },
        },
        on: {
          'lock.wait': {
            actions: {
              type: 'note',
              params: ({ context, event }) =>
                G.waitingNote(
                  context.lockService,
                  event.holder,
                  event.lockDelayUntilMs !== undefined ? { lockDelayUntilMs: event.lockDelayUntilMs } : undefined,
                ),
            },
          },
        },
      },
      holding: {
        // The client's belief: until when it asked plus the lease the grant (or its last renewal)
        // reports, on its own clock; a third sooner with a renew deadline; never, for one that
        // is never told (its library still notes the lease running out).
        after: {
          leaseBelief: [
            { guard: 'notesLoss', actions: { type: 'noteLost', params: { cause: LAPSE_CAUSE.ranOut, told: false } } },
            { guard: 'carriesOn' },
            {
              target: 'idle',
              actions: [
                {
                  type: 'lapse',
                  params: ({ context }) =>
                    context.stopActing === 'renew-deadline'
                      ? { cause: W.EARLY_STOP[context.keepalive ? 'renew-deadline' : 'margin'] }
                      : {},
                },
                'forgetGrant',
              ],
            },
          ],
        },
        on: {
          ...G.fencedHoldingOn,
          'cmd.write': [
            { guard: 'isFencing', actions: 'queueWrite' },
            { guard: 'checksLease', actions: 'checkLease' },
            { actions: 'write' },
          ],
          'fence.ack': [
            { guard: and(['isCurrentGrant', 'isFenceTaken']), actions: 'fenceTaken' },
            {
              guard: 'isCurrentGrant',
              target: 'idle',
              actions: [{ type: 'lapse', params: { cause: FENCE_REFUSED } }, 'forgetGrant'],
            },
          ],
          'write.go': { actions: 'sendChecked' },
          'timer.renew': [
            { guard: 'isLeaseOver' },
            {
              guard: 'isInDoubt',
              target: 'idle',
              actions: [{ type: 'lapse', params: { cause: LAPSE_CAUSE.unanswered } }, 'forgetGrant'],
            },
            { guard: 'isRenewing', actions: 'renew' },
          ],
          'lock.renewed': { guard: 'isCurrentGrant', target: 'holding', reenter: true, actions: 'extendLease' },
          'lock.renewFailed': [
            {
              guard: and(['isCurrentGrant', 'notesLoss']),
              actions: { type: 'noteLost', params: { cause: LAPSE_CAUSE.refused, told: true } },
            },
            { guard: and(['isCurrentGrant', 'carriesOn']) },
            {
              guard: 'isCurrentGrant',
              target: 'idle',
              actions: [{ type: 'lapse', params: { cause: LAPSE_CAUSE.refused } }, 'forgetGrant'],
            },
          ],
        },
      },
    },
  });
