// Opening a lesson takes the runs a page already has (the build's, for its presets) instead of
// computing them again, and computes each other run once: the lesson resolves exactly as it
// does computing everything.
import { describe, expect, it } from 'vitest';
import { simulate, type Scenario, type Trace } from '../index';
import { LESSONS, validateLesson } from '../surfaces/lessons';

describe('a lesson resolved with runs at hand', () => {
  it('uses the runs it is given, computes the others once each, and resolves every step the same', () => {
    const lesson = LESSONS[0]!;
    const computed = validateLesson(lesson);
    const asked: Scenario[] = [];
    const at = new Map<Scenario, Trace>();
    const withKnown = validateLesson(lesson, (scenario) => {
      asked.push(scenario);
      // Every other run is at hand, as on a page whose build shipped some presets' runs.
      if (asked.length % 2 === 0) return null;
      const trace = simulate(scenario);
      at.set(scenario, trace);
      return trace;
    });
    expect(withKnown).toEqual(computed);
    expect(new Set(asked).size).toBe(asked.length); // each scenario is asked for once
    const runs = lesson.chapters.flatMap((c) => c.steps.filter((s) => s.run));
    expect(asked.length).toBeLessThan(runs.length); // a run named twice is not asked for twice
    expect(at.size).toBeGreaterThan(0);
  });

  it('gives an error from the runs at hand as it would from computed ones', () => {
    const broken = structuredClone(LESSONS[0]!) as { chapters: { steps: { at: string }[] }[] };
    broken.chapters[2]!.steps[0]!.at = 't9';
    const result = validateLesson(broken, (scenario) => simulate(scenario));
    expect(result).toEqual(validateLesson(broken));
    expect(result.ok).toBe(false);
  });
});
