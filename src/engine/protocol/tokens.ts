// Issue: how a lock service turns a grant into a token, for every token source a user can pick;
// and tokens as text.
// Invariant kept by 'durable-counter' only: every token is strictly larger than any issued before,
// across restarts. The other sources exist to show how that invariant breaks.

import type { TokenSource } from '../core/scenario';
import type { FieldValue, TokenValue, Verdict } from '../core/trace';

export interface IssueInput {
  source: TokenSource;
  /** The last counter value handed out (firstToken - 1 before the first grant). */
  counter: number;
  nowMs: number;
  rand: number;
}

export function issueToken({ source, counter, nowMs, rand }: IssueInput): {
  token: TokenValue;
  counter: number;
} {
  switch (source) {
    case 'durable-counter':
    case 'resetting-counter':
      return { token: counter + 1, counter: counter + 1 };
    case 'uuid':
      return { token: rand.toString(16).padStart(8, '0'), counter };
    case 'wall-clock':
      return { token: nowMs, counter };
    case 'none':
      return { token: null, counter };
  }
}

/** Whether a source's tokens carry an order a store can compare. Random values do not: a store
 * comparing them starts from nothing seen, since a number like 32 says nothing about them. */
export function isOrderedSource(source: TokenSource): boolean {
  return source !== 'uuid';
}

/** The counter a lock service holds after a restart: kept if persisted, else started over. */
export function counterAfterRestart(source: TokenSource, counter: number, firstToken: number): number {
  return source === 'resetting-counter' ? firstToken - 1 : counter;
}

/** Orders two tokens as a naive resource would: numbers by value, anything else as text. */
export function compareTokens(a: TokenValue, b: TokenValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const sa = String(a);
  const sb = String(b);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

export function formatToken(token: TokenValue): string {
  return token === null ? 'none' : String(token);
}

/** A card field read back as a token (a max_seen, a counter): fields hold tokens as numbers,
 * text or null; a yes/no field is no token. */
export function tokenField(value: FieldValue): TokenValue {
  return typeof value === 'boolean' ? null : value;
}

/** Up to this many tokens are listed one by one; a longer list is said by its ends and its length. */
export const TOKENS_LISTED = 8;

/**
 * Tokens as a reader takes them in: "33, 34, 35", or for a long run "33 … 514: 482 tokens".
 * A list of null tokens only (a plain lease issues none) is "", as an empty one is.
 */
export function tokenList(tokens: readonly TokenValue[]): string {
  // Grants without tokens (a plain lease) issued none: "" lets the caller say so once.
  if (tokens.every((t) => t === null)) return '';
  if (tokens.length <= TOKENS_LISTED) return tokens.map(formatToken).join(', ');
  return `${formatToken(tokens[0]!)} … ${formatToken(tokens[tokens.length - 1]!)}: ${tokens.length.toLocaleString('en-US')} tokens`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The tokens a run issued, in a sentence for a newcomer, as the lab's verdict and the CLI say it:
 * "Tokens issued: 33, 34 (strictly increasing)", random values for what they are, and a run that
 * issued none said so (never granted; granted as plain leases) rather than listed as "none" and
 * called unordered.
 */
export function tokensFact(verdict: Pick<Verdict, 'tokensIssued' | 'tokensMonotonic'>): string {
  const issued = verdict.tokensIssued;
  if (issued.length === 0) return 'Tokens issued: none, as the lock was never granted.';
  const tokens = issued.filter((t) => t !== null);
  if (tokens.length === 0) {
    const leases = issued.length === 1 ? 'a plain lease, which carries' : `${issued.length} plain leases, which carry`;
    return `Tokens issued: none. The lock was granted as ${leases} no token for a store to check.`;
  }
  const list = tokenList(tokens);
  const leases =
    tokens.length < issued.length
      ? `, and ${plural(issued.length - tokens.length, 'plain lease', 'plain leases')}`
      : '';
  if (tokens.every((t) => typeof t === 'string')) {
    return `Tokens issued: ${list}${leases} (random values: unique, but in no order)`;
  }
  return `Tokens issued: ${list}${leases} (${verdict.tokensMonotonic ? 'strictly increasing' : 'not strictly increasing'})`;
}
