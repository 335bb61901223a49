// The verdict's facts in plain words: each invariant by a name a newcomer can read, and the tokens
// issued said for what they are. Invariant: every invariant the oracle can report has a name here
// (the Record's key type makes a new one a type error), and a run that issued no token says so
// rather than listing "none" and calling it unordered.

import { tokenList, type InvariantId, type Verdict } from '../../engine';

export const INVARIANT_WORDS: Record<InvariantId, string> = {
  'issued-tokens-increase': 'Tokens issued strictly increase',
  'one-grant-at-a-time': 'One holder at a time',
  'accepted-writes-in-grant-order': 'Accepted writes follow the order of the grants',
  'max-seen-never-decreases': 'max_seen never decreases',
  'no-stale-side-effect': 'No stale side effect escapes',
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "Tokens issued: 33, 34 (strictly increasing)", or why there is nothing to order. */
export function tokensFact(verdict: Pick<Verdict, 'tokensIssued' | 'tokensMonotonic'>): string {
  const issued = verdict.tokensIssued;
  if (issued.length === 0) return 'Tokens issued: none, as the lock was never granted.';
  const tokens = issued.filter((t) => t !== null);
  if (tokens.length === 0) {
    return `Tokens issued: none. The lock was granted as ${plural(issued.length, 'plain lease', 'plain leases')}, which carry no token for a store to check.`;
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

export interface Headline {
  /** ok: all well; warn: safe, but the fence also stopped the current holder; broken: not safe. */
  tone: 'ok' | 'warn' | 'broken';
  glyph: string;
  text: string;
}

/**
 * The verdict in one line. A stale write can get in without breaking an invariant (the zombie
 * writes before the new holder's token reaches the store), and a fence can refuse everyone (a
 * check with no token to order): neither is "all is well".
 */
export function verdictHeadline(
  verdict: Pick<Verdict, 'ok' | 'violations' | 'staleWriteAccepted' | 'rightfulWriteRejected'>,
): Headline {
  if (!verdict.ok) {
    // "Invariant" is the field's word; a class reads "safety rule" first.
    const text = `${plural(verdict.violations.length, 'safety rule (invariant) broken', 'safety rules (invariants) broken')}.`;
    return { tone: 'broken', glyph: '✕', text };
  }
  const stale = verdict.staleWriteAccepted;
  if (stale) {
    return {
      tone: 'broken',
      glyph: '✕',
      text: `A stale holder's write got in (${stale.client} at ${stale.resource}).`,
    };
  }
  const refused = verdict.rightfulWriteRejected;
  if (refused) {
    return {
      tone: 'warn',
      glyph: '⚠',
      text: `No stale write got in, but the store also refused the current holder's write (${refused.client} at ${refused.resource}).`,
    };
  }
  return { tone: 'ok', glyph: '✓', text: 'Every safety rule (invariant) held; no stale write got in.' };
}
