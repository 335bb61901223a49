// How a client with a session (etcd's lease, ZooKeeper's session, Chubby's) opens it and loses
// it. Each system decides *when* its session is over; what follows is the same everywhere: the
// lock went with it, so the client stops believing, and the trace says which of the two it lost.
// Unless the application is never told (stop policy `never`): then the session goes, the grant's
// token stays, and the application goes on writing with it.
// Invariant: a session that ends takes the grant and every queued write with it, or, for an
// application that is never told, the trace says it carries on.

import type { FieldValue } from '../../core/trace';
import type { Note } from '../../core/party';
import { type Enqueue, effect } from '../effects';
import { type WriterFields, dropQueuedWrites, lapse, lost, noGrant } from './writer';

/** The session is up: `id` names it (etcd's lease, ZooKeeper's session id). */
export const sessionReady = (server: string, id: Record<string, FieldValue>): Note => ({
  kind: 'session.ready',
  parties: [server],
  detail: id,
});

/**
 * The session is over: stop its timers, say what ended (the belief in a grant, or only the
 * session), and forget the session (`forget`), the grant and the writes queued for it.
 */
export function enqueueSessionEnd<C extends WriterFields>(
  enqueue: Enqueue<C>,
  context: C,
  cause: string,
  session: { server: string; timers: string[]; id?: Record<string, FieldValue>; forget: Partial<C> },
): void {
  for (const timer of session.timers) enqueue.cancel(timer);
  enqueue(
    effect.note(
      context.grantId !== null
        ? lapse(context, cause)
        : { kind: 'session.lost', parties: [session.server], detail: { ...session.id, cause } },
    ),
  );
  for (const note of dropQueuedWrites(context, cause)) enqueue(effect.note(note));
  enqueue.assign({ ...session.forget, pendingWrites: [], ...noGrant });
}

/**
 * The session is over for an application that is never told (stop policy `never`): stop its
 * timers and forget it (`forget`, the session's own fields), but keep the grant, and say so.
 */
export function enqueueSessionLoss<C extends WriterFields>(
  enqueue: Enqueue<C>,
  context: C,
  cause: string,
  session: { server: string; timers: string[]; forget: Partial<C> },
): void {
  for (const timer of session.timers) enqueue.cancel(timer);
  enqueue(effect.note(lost(context, cause, [session.server])));
  enqueue.assign(session.forget);
}

/**
 * Transitions that end the session: for a holder that is never told, the machine's `loseSession`
 * (it stays holding); otherwise its `endSession`, and idle. The machine defines
 * `carriesOnSession`: W.carriesOn, and the event is about its live session (what `guard` checks).
 */
export const endSessionOn = <G extends string>(guard: G, cause: string) =>
  [
    { guard: 'carriesOnSession', actions: { type: 'loseSession', params: { cause } } },
    { guard, target: '.idle', actions: { type: 'endSession', params: { cause } } },
  ] as const;

/**
 * The server says a session is gone: ours, so it ends here; or one that already ended on our
 * side (our own timer was faster), which only confirms it.
 */
export const serverEndsSession = <G extends string>(guard: G, cause: string, confirmation: string) =>
  [
    ...endSessionOn(guard, cause),
    { actions: { type: 'note', params: { kind: 'session.lost', detail: { cause: confirmation, already: true } } } },
  ] as const;

/** A session client's first doubt: it holds a grant, and the heartbeat it sent last has had no answer. */
export const isInDoubt = ({ context }: { context: WriterFields & { unansweredSinceMs: number | null } }): boolean =>
  context.stopActing === 'first-doubt' && context.grantId !== null && context.unansweredSinceMs !== null;

/** A session client that holds a grant and stops at its renew deadline. */
export const hasRenewDeadline = ({ context }: { context: WriterFields }): boolean =>
  context.stopActing === 'renew-deadline' && context.grantId !== null;

/**
 * Holding, for a client whose keepalive timer is `timer.keepAlive`: it stops before its session
 * ends at the first heartbeat left unanswered, or at its renew deadline (the machine arms
 * `timer.renewDeadline`), ending its session on its side (the machine's `endSession`) with `causes`.
 */
export const earlyStopOn = (causes: { 'first-doubt': string; 'renew-deadline': string }) =>
  ({
    'timer.keepAlive': {
      guard: 'isInDoubt',
      target: 'idle',
      actions: { type: 'endSession', params: { cause: causes['first-doubt'] } },
    },
    'timer.renewDeadline': {
      guard: 'hasRenewDeadline',
      target: 'idle',
      actions: { type: 'endSession', params: { cause: causes['renew-deadline'] } },
    },
  }) as const;
