// What the comparison's rows say about how the scenario was carried to their system, said once
// where rows say the same: a Redlock scenario's faults on single masters were left out, in the same
// sentence, by every one of the six other rows.

/**
 * The carry notes two rows or more give word for word, in the order first given: the table says
 * them once, above itself, and each of those rows points there.
 * @param rows the rows so far (a row still running is undefined); `carried` is a row's notes
 */
export function sharedCarryNotes(rows: readonly ({ carried: readonly string[] } | undefined)[]): string[] {
  const count = new Map<string, number>();
  for (const row of rows) for (const note of new Set(row?.carried ?? [])) count.set(note, (count.get(note) ?? 0) + 1);
  return [...count].filter(([, n]) => n >= 2).map(([note]) => note);
}

/**
 * What one row says of its carrying, `shared` (sharedCarryNotes) said above the table instead.
 * @returns the row's words, or null when it has nothing to say
 */
export function rowCarryWords(carried: readonly string[], shared: readonly string[]): string | null {
  const own = carried.filter((note) => !shared.includes(note));
  if (own.length === carried.length) return own.length ? own.join(' ') : null;
  return own.length ? `As the note above the table says, and: ${own.join(' ')}` : 'As the note above the table says.';
}
