// The comparison table as text, for the CLI's `--table`: one row per strategy, read off its run.
// Invariant: pure formatting of ComparisonRow fields.

import type { ComparisonRow } from './compare';

export function formatComparisonText(rows: ComparisonRow[]): string {
  const yes = (b: boolean | null) => (b === null ? 'n/a' : b ? 'Yes' : 'No');
  const header = ['Approach', 'Monotonic token?', 'Stale write blocked?', 'Why (from the run)'];
  const body = rows.map((r) => [r.name, yes(r.monotonicToken), yes(r.staleWriteBlocked), r.reason]);
  const widths = [0, 1, 2].map((i) => Math.max(header[i]!.length, ...body.map((row) => row[i]!.length)));
  const fmt = (row: string[]) => row.map((cell, i) => (i < 3 ? cell.padEnd(widths[i]!) : cell)).join('  ');
  return [fmt(header), ...body.map(fmt)].join('\n');
}
