// The comparison's column names, one set for the lab's table and the CLI's alike: an engineer
// reading both found two names for each column.

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

/** What the blocked column says of a run whose store refused the rightful holder's own write
 * (ComparisonRow.holderRefused): its own verdict, never "not tested" nor a stale token. */
export const HOLDER_REFUSED_WORDS = "refused the holder's own write";
