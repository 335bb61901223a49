// The comparison table as text, for the CLI's `--table`: one row per strategy, read off its run.
// Invariant: pure formatting of ComparisonRow fields.

import { COMPARISON_COLUMNS, HOLDER_REFUSED_WORDS, NO_TOKEN_WORDS, blockedOutcome } from './columns';
import type { ComparisonRow } from './compare';

type BlockedRow = Pick<ComparisonRow, 'staleWriteBlocked' | 'holderRefused' | 'warnings' | 'error' | 'cutShort'>;

/** The zombie's half of the blocked column: an untested row with a warning, or a run cut short,
 * is not left looking safe. */
function zombieWord(row: BlockedRow, outcome: ReturnType<typeof blockedOutcome>): string {
  switch (outcome) {
    case 'could-not-run':
      return 'could not run';
    case 'cut-short':
      return 'cut short, see warning';
    case 'no-then-cut-short':
      return 'No, then cut short';
    case 'not-tested':
      return row.warnings.length > 0 ? 'not tested, see warning' : 'not tested';
    case 'yes':
      return 'Yes';
    case 'no':
      return 'No';
  }
}

/** The blocked column in words: the zombie's outcome, and a run that refused the rightful
 * holder's own write says so whatever else it found (alone where no zombie wrote). */
export function blockedWord(row: BlockedRow): string {
  const outcome = blockedOutcome(row);
  if (!row.holderRefused || outcome === 'could-not-run') return zombieWord(row, outcome);
  if (outcome === 'not-tested') return HOLDER_REFUSED_WORDS.charAt(0).toUpperCase() + HOLDER_REFUSED_WORDS.slice(1);
  return `${zombieWord(row, outcome)}, ${outcome === 'yes' ? 'but' : 'and'} ${HOLDER_REFUSED_WORDS}`;
}

/** Everything a row says in its last column: why, the design's caveat, then warnings, then what
 * was carried, or its error. */
export function rowSentences(row: Pick<ComparisonRow, 'reason' | 'caveat' | 'warnings' | 'carried' | 'error'>): string {
  if (row.error) return row.error;
  return [
    row.reason,
    ...(row.caveat ? [row.caveat] : []),
    ...row.warnings.map((w) => `Warning: ${w}`),
    ...(row.carried.length > 0 ? [`How the run was carried here: ${row.carried.join(' ')}`] : []),
  ].join(' ');
}

/**
 * The table as text, a row a line, columns padded. `shown`: the id of the scenario's own strategy,
 * whose row alone runs with the scenario's token source and check (every other row runs with its
 * system's own, comparison/carry.ts): that row is starred and a footnote says so.
 */
export function formatComparisonText(rows: ComparisonRow[], shown?: string): string {
  const yes = (b: boolean | null) => (b === null ? NO_TOKEN_WORDS : b ? 'Yes' : 'No');
  const { approach, monotonic, blocked, why } = COMPARISON_COLUMNS;
  const header = [approach, monotonic, blocked, why];
  const body = rows.map((r) => [
    r.strategy === shown ? `${r.name} *` : r.name,
    r.error ? '-' : yes(r.monotonicToken),
    blockedWord(r),
    rowSentences(r),
  ]);
  const widths = [0, 1, 2].map((i) => Math.max(header[i]!.length, ...body.map((row) => row[i]!.length)));
  const fmt = (row: string[]) => row.map((cell, i) => (i < 3 ? cell.padEnd(widths[i]!) : cell)).join('  ');
  const starred = rows.find((r) => r.strategy === shown);
  const footnote = starred
    ? [
        '',
        `* The scenario's own strategy: its row runs with the scenario's token source and resource check. Every other row replays the same actions, seed and set knobs as far as its system has them (a row says what it could not carry), with its system's own token source and check; a knob left unset takes each system's own default (Chubby's lock-delay is its lease's length).`,
      ]
    : [];
  return [fmt(header), ...body.map(fmt), ...footnote].join('\n');
}
