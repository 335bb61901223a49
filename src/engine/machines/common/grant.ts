// A client's grant from the wait to the letting go: what it notes while it waits, what it does
// while it holds the grant, and how it lets go: on release, when a store refuses its current grant
// (someone newer has written), and when a grant arrives for a wait it has given up. The messages
// to the lock service are each system's own.
// Invariant: whatever the reason, the client stops believing it holds the lock at that step.

import type { TokenValue } from '../../core/trace';
import type { Message, Note } from '../../core/party';
import type { DetailOf } from '../../core/vocabulary';
import { type Enqueue, effect } from '../effects';
import { type WriterFields, noteFencedReply } from './writer';

/** The lock is someone else's (`holder`, where the service says): the client waits its turn. */
export const waitingNote = (server: string, holder: string | null, detail?: DetailOf<'lock.waiting'>): Note => ({
  kind: 'lock.waiting',
  parties: [server],
  holder: holder ?? undefined,
  ...(detail ? { detail } : {}),
});

/** The client lets a grant go: its own (on release) or one that came after it stopped waiting. */
function releasingNote(
  parties: string[],
  token: TokenValue,
  grantId: number | null,
  detail?: DetailOf<'lock.releasing'>,
): Note {
  return { kind: 'lock.releasing', parties, token, grantId: grantId ?? undefined, ...(detail ? { detail } : {}) };
}

const unwantedDetail = { unwanted: true };

/** A grant for a wait the client has given up: hand it straight back to `to`, and say so. */
export function handBack(
  enqueue: Enqueue<WriterFields>,
  to: string,
  msg: Message,
  grant: { token: TokenValue; grantId: number | null },
): void {
  enqueue(effect.send(to, msg));
  enqueue(effect.note(releasingNote([to], grant.token, grant.grantId, unwantedDetail)));
}

/**
 * Release: send `msg` to each of `to` (none for a writer that only stops writing), note it, and
 * stop believing with `forget` (the grant's fields and the client's own).
 */
export function enqueueRelease<C extends WriterFields>(
  enqueue: Enqueue<C>,
  context: C,
  to: string[],
  msg: Message | null,
  forget: Partial<C>,
): void {
  if (msg) for (const party of to) enqueue(effect.send(party, msg));
  enqueue(effect.note(releasingNote(to, context.token, context.grantId)));
  enqueue.assign(forget);
}

/** A reply about the grant the client holds now, not an older one. */
export const isCurrentGrant = ({ context, event }: { context: WriterFields; event: object }): boolean =>
  'grantId' in event && event.grantId === context.grantId;

/** Holding: a write goes out (the machine's `write`) and a release lets the grant go (`release`). */
export const holdingOn = {
  'cmd.write': { actions: 'write' },
  'cmd.release': { target: 'idle', actions: 'release' },
} as const;

/**
 * Holding, where a store's refusal of the current grant is news: someone newer has written, so
 * the client stops believing (the machine's `forgetGrant`).
 */
export const fencedHoldingOn = {
  ...holdingOn,
  'write.nack': { guard: 'isCurrentGrant', target: 'idle', actions: [noteFencedReply, 'forgetGrant'] },
} as const;
