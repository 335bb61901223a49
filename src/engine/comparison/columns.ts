// The comparison's column names, one set for the lab's table and the CLI's alike: an engineer
// reading both found two names for each column.

import type { ComparisonRow } from './compare';

/** In words a class can read: "monotonic" and "stale holder" were words a teacher had to explain. */
export const COMPARISON_COLUMNS = {
  approach: 'Approach',
  monotonic: 'Token always grows?',
  blocked: "Zombie's write kept out?",
  why: 'Why (from the run)',
} as const;

/** What the "token always grows" column says of a run that issued no token (a plain lease): the
 * article's "No", with why, not a No that reads as tokens going down. */
export const NO_TOKEN_WHY = 'it issues none';
export const NO_TOKEN_WORDS = `No (${NO_TOKEN_WHY})`;

/** What the "zombie's write kept out" column says of a row (blockedOutcome). */
type BlockedOutcome = 'could-not-run' | 'yes' | 'no' | 'no-then-cut-short' | 'cut-short' | 'not-tested';

/**
 * The blocked column's outcome, one for the CLI and the lab alike: `cut-short` for a run cut by
 * its event budget before a stale write got in (what came after the cut is unknown, so it is
 * neither safe nor untested), `no-then-cut-short` for one where a stale write had already got in
 * (that much is known); `not-tested` where no superseded holder wrote in a run that reached its end.
 */
export function blockedOutcome(row: Pick<ComparisonRow, 'staleWriteBlocked' | 'error' | 'cutShort'>): BlockedOutcome {
  if (row.error) return 'could-not-run';
  if (row.cutShort) return row.staleWriteBlocked === false ? 'no-then-cut-short' : 'cut-short';
  if (row.staleWriteBlocked === null) return 'not-tested';
  return row.staleWriteBlocked ? 'yes' : 'no';
}

/** What the blocked column says of a run whose store refused the rightful holder's own write
 * (ComparisonRow.holderRefused): its own verdict, never "not tested" nor a stale token. */
export const HOLDER_REFUSED_WORDS = "refused the holder's own write";
