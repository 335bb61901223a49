// A Redlock client (antirez's algorithm, as in redlock-rb): take t1, `SET NX PX ttl` a random value
// on every master in parallel, and hold the lock iff a majority said OK and the validity time
// ttl - elapsed - (1% of ttl + 2 ms) is still positive; otherwise unlock everywhere and retry after
// a random delay, as often as its retry policy allows, then give up. It believes it holds the lock
// until the validity time runs out on its own clock.
// When the application stops acting is its stop policy: at the end of the validity time (the
// default, and the first doubt too: nothing renews it), a third of the TTL sooner, or never.
// Invariant it keeps: it writes only while its validity time lasts. Its token, the random value,
// is unique but unordered, so no store can tell its write from a newer holder's.

import { and, enqueueActions, setup } from 'xstate';
import { effect, effectActions, timerEvent } from '../effects';
import { assertEvent, assertMessage } from '../assertEvent';
import * as W from '../common/writer';
import * as G from '../common/grant';
import { lateReply, quorumOf } from '../common/quorum';
import { retryWaitMs, type RetryPolicy, type StopPolicy } from '../../core/defaults';

interface RedlockClientInput {
  self: string;
  masters: string[];
  resources: string[];
  mailer: string | null;
  ttlMs: number;
  /** How long it waits for the masters' answers (redlock: 5-50 ms per node). */
  roundTimeoutMs: number;
  /** How many more tries after a failed one, and how long it waits before each (the retry knobs). */
  retry: RetryPolicy;
  stopActing: StopPolicy;
}

interface RedlockClientContext extends RedlockClientInput, W.WriterFields {
  value: string | null;
  attempt: number;
  startedAtMs: number;
  yes: string[];
  no: string[];
  retried: number;
}

type RedlockEvent = W.ClientEvent<
  | { type: 'redis.ok'; value: string; attempt: number }
  | { type: 'redis.busy'; value: string; attempt: number }
  | { type: 'round.done'; attempt: number }
  | { type: 'timer.round'; attempt: number }
  | { type: 'timer.retry' }
  | { type: 'timer.validity' }
>;

export const driftMs = (ttlMs: number): number => Math.floor(ttlMs * 0.01) + 2;

/** What is left of the lock's time by the client's clock at `nowMs`, drift allowed for. */
const validityMs = (ctx: RedlockClientContext, nowMs: number): number =>
  ctx.ttlMs - (nowMs - ctx.startedAtMs) - driftMs(ctx.ttlMs);

const forgetGrant = { value: null, ...W.noGrant };

const redlockClientSetup = setup({
  types: { context: {} as RedlockClientContext, events: {} as RedlockEvent, input: {} as RedlockClientInput },
  actions: effectActions,
  guards: {
    isThisAttempt: ({ context, event }) => 'attempt' in event && event.attempt === context.attempt,
    isMajority: ({ context, event }) =>
      context.yes.length > context.masters.length / 2 && validityMs(context, event.env.nowMs) > 0,
    canRetry: ({ context }) => context.retried < context.retry.retryCount,
    carriesOn: W.carriesOn,
  },
});

export const redlockClientMachine = redlockClientSetup
  .extend({
    actions: {
      startAttempt: redlockClientSetup.enqueueActions(({ context, event, enqueue }) => {
        const attempt = context.attempt + 1;
        const value = event.env.rand.toString(16).padStart(8, '0');
        enqueue.assign({ attempt, value, startedAtMs: event.env.nowMs, yes: [], no: [] });
        for (const m of context.masters) {
          enqueue(effect.send(m, { type: 'redis.set', value, ttlMs: context.ttlMs, attempt }));
        }
        enqueue.raise(timerEvent({ type: 'timer.round', attempt }), { id: 'round', delay: context.roundTimeoutMs });
        enqueue(effect.note({ kind: 'lock.requested', parties: context.masters, detail: { value, attempt } }));
      }),
      tally: redlockClientSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertMessage(self, event, ['redis.ok', 'redis.busy']);
        const ok = event.type === 'redis.ok';
        const yes = ok ? [...context.yes, event.from] : context.yes;
        const no = ok ? context.no : [...context.no, event.from];
        enqueue.assign({ yes, no });
        const quorum = quorumOf(context.masters.length);
        enqueue(
          effect.note({
            kind: 'quorum.reply',
            parties: [event.from],
            token: event.value,
            detail: { round: 'SET NX', ok, yes: yes.length, quorum },
          }),
        );
        if (yes.length + no.length === context.masters.length)
          enqueue(effect.self({ type: 'round.done', attempt: context.attempt }));
      }),
      takeLock: redlockClientSetup.enqueueActions(({ context, event, enqueue }) => {
        enqueue.cancel('round');
        const validity = validityMs(context, event.env.nowMs);
        const believedUntilMs = event.env.nowMs + validity;
        const detail = { quorum: context.yes.join(', '), masters: context.masters.length, validityMs: validity };
        const grantId = event.env.nextGrantId;
        enqueue(
          effect.note({
            kind: 'lock.granted',
            parties: context.yes,
            holder: context.self,
            token: context.value,
            grantId,
            detail,
            // Five masters expire their copies each on its own clock; what Redlock promises the
            // holder is the validity time, so that is how long the grant lasts.
            promisedMs: validity,
          }),
        );
        // The timer runs to the validity's end, or to a renew deadline a third of the TTL before it.
        const until = W.actingUntil(context.stopActing, believedUntilMs, context.ttlMs);
        const timerAtMs = until ?? believedUntilMs;
        enqueue.raise(timerEvent({ type: 'timer.validity' }), {
          id: 'validity',
          delay: Math.max(0, timerAtMs - event.env.nowMs),
        });
        W.enqueueGrant(enqueue, context, W.takeGrant(context.value, grantId, until, context.yes, detail));
      }),
      /** No majority, or no validity left: unlock everywhere (even where SET failed), maybe retry. */
      giveUp: redlockClientSetup.enqueueActions(({ context, event, enqueue }) => {
        enqueue.cancel('round');
        for (const m of context.masters) enqueue(effect.send(m, { type: 'redis.del', value: context.value }));
        const retry = context.retried < context.retry.retryCount;
        const retryInMs = retryWaitMs(context.retry, event.env.rand);
        if (retry) enqueue.raise(timerEvent({ type: 'timer.retry' }), { id: 'retry', delay: retryInMs });
        enqueue.assign({ retried: context.retried + 1, ...(retry ? {} : { pendingWrites: [] }) });
        enqueue(
          effect.note({
            kind: 'lock.failed',
            parties: context.masters,
            token: context.value,
            detail: {
              round: 'SET NX',
              yes: context.yes.length,
              quorum: quorumOf(context.masters.length),
              validityMs: validityMs(context, event.env.nowMs),
              ...(retry ? { retryInMs } : {}),
            },
          }),
        );
        // Out of retries: a write it was holding for the lock will never go, and the trace says so.
        if (!retry) {
          const cause = `no lock after ${context.retried + 1} tries`;
          for (const note of W.dropQueuedWrites(context, cause)) enqueue(effect.note(note));
        }
      }),
      write: redlockClientSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertEvent(self, event, 'cmd.write');
        W.enqueueWrite(enqueue, context, event.value);
      }),
      queueWrite: redlockClientSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertEvent(self, event, 'cmd.write');
        W.enqueueQueuedWrite(enqueue, context, event.value);
      }),
      release: redlockClientSetup.enqueueActions(({ context, enqueue }) => {
        enqueue.cancel('validity');
        G.enqueueRelease(enqueue, context, context.masters, { type: 'redis.del', value: context.value }, forgetGrant);
      }),
      forgetGrant: redlockClientSetup.enqueueActions(({ enqueue }) => enqueue.assign(forgetGrant)),
    },
  })
  .createMachine({
    id: 'redlockClient',
    context: ({ input }) => ({
      ...input,
      ...W.writerDefaults,
      value: null,
      attempt: 0,
      startedAtMs: 0,
      yes: [],
      no: [],
      retried: 0,
    }),
    initial: 'idle',
    on: {
      'redis.ok': {
        actions: { type: 'note', params: ({ event }) => lateReply(event.from, true, { round: 'SET NX' }) },
      },
      'redis.busy': {
        actions: { type: 'note', params: ({ event }) => lateReply(event.from, false, { round: 'SET NX' }) },
      },
      ...W.clientOn,
    },
    states: {
      idle: {
        on: {
          'cmd.acquire': {
            target: 'acquiring',
            actions: [enqueueActions(({ enqueue }) => enqueue.assign({ retried: 0 })), 'startAttempt'],
          },
          'cmd.write': { actions: W.noteSkippedWrite },
        },
      },
      acquiring: {
        on: {
          'redis.ok': { guard: 'isThisAttempt', actions: 'tally' },
          'redis.busy': { guard: 'isThisAttempt', actions: 'tally' },
          'round.done': [
            { guard: and(['isThisAttempt', 'isMajority']), target: 'holding', actions: 'takeLock' },
            { guard: and(['isThisAttempt', 'canRetry']), target: 'retrying', actions: 'giveUp' },
            { guard: 'isThisAttempt', target: 'idle', actions: 'giveUp' },
          ],
          // A timeout noticed late (after a pause) still counts the answers that came in time.
          'timer.round': [
            { guard: 'isMajority', target: 'holding', actions: 'takeLock' },
            { guard: 'canRetry', target: 'retrying', actions: 'giveUp' },
            { target: 'idle', actions: 'giveUp' },
          ],
        },
      },
      retrying: {
        on: { 'timer.retry': { target: 'acquiring', actions: 'startAttempt' } },
      },
      holding: {
        on: {
          ...G.holdingOn,
          'timer.validity': [
            {
              guard: 'carriesOn',
              actions: { type: 'note', params: ({ context }) => W.lost(context, 'its validity time is over') },
            },
            {
              target: 'idle',
              actions: [
                {
                  type: 'note',
                  params: ({ context }) =>
                    W.lapse(
                      context,
                      context.stopActing === 'renew-deadline'
                        ? 'it stops a third of the TTL before its validity time is over, as a safety margin'
                        : 'its validity time is over',
                    ),
                },
                'forgetGrant',
              ],
            },
          ],
        },
      },
    },
  });
