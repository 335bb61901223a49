// The comparison says once what several rows would each say of how the scenario was carried.

import { describe, expect, it } from 'vitest';
import { PRESETS, STRATEGIES, carryTo } from '../../engine';
import { rowCarryWords, sharedCarryNotes } from './carried';

const LEFT_OUT = 'Left out, since one of the 5 Redis masters has no counterpart in a system without them: x.';

describe('sharedCarryNotes', () => {
  it('keeps the notes two rows or more give, in order, and not a row still running', () => {
    const rows = [
      { carried: [] },
      { carried: ['Carried: a.', LEFT_OUT] },
      undefined,
      { carried: [LEFT_OUT] },
      { carried: ['Carried: a.'] },
      { carried: ['Carried: b.'] },
    ];
    expect(sharedCarryNotes(rows)).toEqual(['Carried: a.', LEFT_OUT]);
    expect(sharedCarryNotes([{ carried: [LEFT_OUT, LEFT_OUT] }])).toEqual([]);
  });

  it("says a Redlock scenario's single-master faults once for the six other systems", () => {
    const scenario = PRESETS.find((p) => p.id === 'redlock-restart')!.scenario;
    const rows = STRATEGIES.map((s) => ({ carried: carryTo(scenario, s.id).notes }));
    const shared = sharedCarryNotes(rows);
    expect(shared).toHaveLength(1);
    expect(shared[0]).toMatch(/^Left out, since one of the 5 Redis masters has no counterpart/);
    const words = STRATEGIES.map((s, i) => [s.id, rowCarryWords(rows[i]!.carried, shared)]);
    expect(Object.fromEntries(words)).toMatchObject({ redlock: null, zookeeper: 'As the note above the table says.' });
  });
});

describe('rowCarryWords', () => {
  it("points to the note above the table, then gives the row's own notes", () => {
    expect(rowCarryWords([LEFT_OUT, 'Carried: a.'], [LEFT_OUT])).toBe(
      'As the note above the table says, and: Carried: a.',
    );
    expect(rowCarryWords([LEFT_OUT], [LEFT_OUT])).toBe('As the note above the table says.');
    expect(rowCarryWords(['Carried: a.'], [LEFT_OUT])).toBe('Carried: a.');
    expect(rowCarryWords([], [LEFT_OUT])).toBeNull();
  });
});
