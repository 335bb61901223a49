// What the clients that gather a quorum of independent servers share (Redlock's masters, a QJM
// writer's journal nodes): how many make a majority, and what an answer that comes too late says.
// Invariant: two majorities of the same servers always share at least one.

import type { Note } from '../../core/party';
import type { DetailOf } from '../../core/vocabulary';

export const quorumOf = (servers: number): number => Math.floor(servers / 2) + 1;

/** An answer to a round already decided (or abandoned): it changes nothing, the trace notes it. */
export const lateReply = (from: string | undefined, ok: boolean, detail: DetailOf<'quorum.reply'> = {}): Note => ({
  kind: 'quorum.reply',
  parties: [from ?? ''],
  detail: { ...detail, ok, late: true },
});
