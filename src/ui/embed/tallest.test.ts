// The steps a fitted embed measures to keep its narration (and so its timeline) one size for the
// whole run: the longest sentence, the longest write's, the longest stale write's, the write whose
// box beside the sentence says the most, and the three that look tallest with both weighed.
import { describe, expect, it } from 'vitest';
import { createSimulator, findPreset } from '../../engine';
import { boxLength, tallestCandidates } from './tallest';
import { ALL_MODELS } from '../../engine/surfaces/allModels';

const { simulate } = createSimulator(ALL_MODELS);

describe('tallestCandidates', () => {
  it("picks the canonical race's longest sentence and its writes' longest, at most seven, in order", () => {
    const trace = simulate(findPreset('canonical-race')!.scenario);
    const { steps } = trace;
    const picked = tallestCandidates(trace);
    expect(picked.length).toBeGreaterThan(0);
    expect(picked.length).toBeLessThanOrEqual(7);
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
    const trace = simulate(findPreset('qjm-missed-epoch')!.scenario);
    const stale = trace.steps.filter((s) => s.write?.stale);
    const longestStale = Math.max(...stale.map((s) => s.text.length));
    expect(tallestCandidates(trace).some((s) => s.write?.stale && s.text.length === longestStale)).toBe(true);
  });

  it("picks the write whose box says the most: a deposed writer's edit logged on one journal node", () => {
    // Found by a docs author: step 39 of this run (JN3 logs Client1's edit; its box says the edit
    // commits only once 2 journal nodes have logged it) was not measured, and a 640x360 frame
    // scrolled 16 px there.
    const trace = simulate(findPreset('qjm-missed-epoch')!.scenario);
    const step = trace.steps[39]!;
    expect(step.label).toBe('local');
    expect(boxLength(trace, step)).toBe(Math.max(...trace.steps.map((s) => boxLength(trace, s))));
    expect(tallestCandidates(trace).map((s) => s.index)).toContain(39);
  });

  it('has nothing to measure in a run with no steps', () => {
    expect(tallestCandidates({ ...simulate(findPreset('canonical-race')!.scenario), steps: [] })).toEqual([]);
  });
});
