// How a client with a session (etcd's lease, ZooKeeper's session, Chubby's) opens it and loses
// it. Each system decides *when* its session is over; what follows is the same everywhere: the
// lock went with it, so the client stops believing, and the trace says which of the two it lost.
// Invariant: a session that ends takes the grant and every queued write with it.

import type { FieldValue } from '../../core/trace';
import type { Note } from '../../core/party';
import { type Enqueue, effect } from '../effects';
import { type WriterFields, lapse, noGrant } from './writer';

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
  enqueue.assign({ ...session.forget, pendingWrites: [], ...noGrant });
}

/** A transition that ends the session (the machine's `endSession` action) and goes idle. */
export const endSessionOn = <G extends string>(guard: G, cause: string) =>
  ({ guard, target: '.idle', actions: { type: 'endSession', params: { cause } } }) as const;

/**
 * The server says a session is gone: ours, so it ends here; or one that already ended on our
 * side (our own timer was faster), which only confirms it.
 */
export const serverEndsSession = <G extends string>(guard: G, cause: string, confirmation: string) =>
  [
    endSessionOn(guard, cause),
    { actions: { type: 'note', params: { kind: 'session.lost', detail: { cause: confirmation, already: true } } } },
  ] as const;
