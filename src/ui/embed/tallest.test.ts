// The steps a fitted embed measures to keep its narration (and so its timeline) one size for the
// whole run: the longest sentence, the longest write's, the longest stale write's, the widest
// comparison.
import { describe, expect, it } from 'vitest';
import { findPreset, simulate } from '../../engine';
import { tallestCandidates } from './tallest';

describe('tallestCandidates', () => {
  it("picks the canonical race's longest sentence and its writes' longest, at most four, in order", () => {
    const { steps } = simulate(findPreset('canonical-race')!.scenario);
    const picked = tallestCandidates(steps);
    expect(picked.length).toBeGreaterThan(0);
    expect(picked.length).toBeLessThanOrEqual(4);
    expect(picked.map((s) => s.index)).toEqual([...picked.map((s) => s.index)].sort((a, b) => a - b));
    const longest = Math.max(...steps.map((s) => s.text.length));
    expect(picked.some((s) => s.text.length === longest)).toBe(true);
    const writes = steps.filter((s) => s.write);
    const longestWrite = Math.max(...writes.map((s) => s.text.length));
    expect(picked.some((s) => s.write && s.text.length === longestWrite)).toBe(true);
    // t6, the stale write refused, is the write whose narration is the tallest in the article's race.
    expect(picked.map((s) => s.label)).toContain('t6');
  });

  it("picks a stale holder's longest write, whose box says what it meant, though another write's sentence is longer", () => {
    // HDFS: the journal node's local accept of a deposed writer's edit carries the longest note.
    const { steps } = simulate(findPreset('qjm-missed-epoch')!.scenario);
    const stale = steps.filter((s) => s.write?.stale);
    const longestStale = Math.max(...stale.map((s) => s.text.length));
    expect(tallestCandidates(steps).some((s) => s.write?.stale && s.text.length === longestStale)).toBe(true);
  });

  it('has nothing to measure in a run with no steps', () => {
    expect(tallestCandidates([])).toEqual([]);
  });
});
