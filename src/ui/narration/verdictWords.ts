// The verdict's facts in plain words: each invariant by a name a newcomer can read, and the tokens
// issued said for what they are. Invariant: every invariant the oracle can report has a name here
// (the Record's key type makes a new one a type error), and a run that issued no token says so
// rather than listing "none" and calling it unordered.

import { formatToken, type InvariantId, type Verdict } from '../../engine';

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
  const list = tokens.map(formatToken).join(', ');
  const leases =
    tokens.length < issued.length
      ? `, and ${plural(issued.length - tokens.length, 'plain lease', 'plain leases')}`
      : '';
  if (tokens.every((t) => typeof t === 'string')) {
    return `Tokens issued: ${list}${leases} (random values: unique, but in no order)`;
  }
  return `Tokens issued: ${list}${leases} (${verdict.tokensMonotonic ? 'strictly increasing' : 'not strictly increasing'})`;
}
