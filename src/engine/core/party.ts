// The contract between the scheduler and a party's behaviour. A party is pure logic: given its
// state and one event it returns the next state and a list of effects as data (send a message,
// arm or cancel a timer, note something for the trace). The scheduler executes the effects.
// Invariant: logic never reads time or randomness except through the `env` on its event.

import type { FieldValue, TokenValue, WriteOutcome } from './trace';
import type { NoteDetails, StepKind } from './vocabulary';

/** What the scheduler tells a party with every event: its own clock and fresh entropy. */
export interface Env {
  /** The party's own clock (offset, drift and jumps applied), in ms. */
  nowMs: number;
  /** A uniformly random 32-bit unsigned integer from the party's own stream. */
  rand: number;
  /**
   * The id the next grant of the lock will carry. A lock authority stamps it on the grant it makes,
   * and parties use it as that grant's name: a release or a reply names the grant it is for, so an
   * old grant is told from the current one (a real server's session, lease or key does the same).
   * The invariant checker uses it as the grant's identity. No store decides a write with it: the
   * store sees only the token.
   */
  nextGrantId: number;
}

/** An event as a party receives it. `from` is set for messages. */
export interface PartyEvent {
  type: string;
  from?: string;
  env: Env;
  [field: string]: unknown;
}

/** A message payload, before the scheduler stamps `from` and `env` on it. */
export interface Message {
  type: string;
  token?: TokenValue;
  /** Routine traffic (a heartbeat): not recorded, and its delivery makes no step by itself. */
  quiet?: boolean;
  [field: string]: unknown;
}

/** The fields every note may carry, whatever its kind. */
interface NoteFields {
  parties?: string[];
  token?: TokenValue;
  /** Ghost: which grant this note is about. */
  grantId?: number;
  client?: string;
  holder?: string;
  write?: Omit<WriteOutcome, 'stale'> & { grantId: number };
  /**
   * Ghost, on a grant no single lock authority ends (Redlock's quorum of independent masters): how
   * long, from the grant, its holder was promised the lock. Its lease ends then or at its release,
   * whatever one master's expiry, deletion or crash does.
   */
  promisedMs?: number;
  /** Ghost, on a grant: it ends every earlier grant at the lock service (a quorum promised a newer epoch). */
  supersedes?: boolean;
}

/** A note of one kind, with that kind's detail (core/vocabulary.ts). */
export type NoteOf<K extends StepKind> = NoteFields & { kind: K; detail?: NoteDetails[K] };

/**
 * Something worth a trace step, in structured form; narration turns it into words. Discriminated
 * by `kind`: a `switch (note.kind)` narrows `detail` to what that kind carries.
 */
export type Note = { [K in StepKind]: NoteOf<K> }[StepKind];

export type Effect =
  | { type: 'send'; to: string; msg: Message }
  /** An event to itself, processed at the same virtual time right after this one. */
  | { type: 'self'; event: Message }
  | { type: 'arm'; id: string; delayMs: number; event: Message }
  | { type: 'cancel'; id: string }
  | { type: 'note'; note: Note };

export interface PartyLogic<S = unknown> {
  init(): { state: S; effects: Effect[] };
  step(state: S, event: PartyEvent): { state: S; effects: Effect[] };
  view(state: S): { state: string; fields: Record<string, FieldValue> };
}
