// Opening a lesson takes the runs a page already has (the build's, for its presets) instead of
// computing them again, and computes each other run once: the lesson resolves exactly as it
// does computing everything.
import { describe, expect, it } from 'vitest';
import { createSimulator, type Scenario } from '../index';
import { LESSONS, scenarioOfRun, validateLesson } from '../surfaces/lessons';
import { ALL_MODELS } from '../models/all';

const simulator = createSimulator(ALL_MODELS);
const { simulate } = simulator;

describe('a lesson resolved with runs at hand', () => {
  it('uses the runs it is given, computes the others, asks for each distinct run once, and resolves the same', () => {
    const lesson = LESSONS[0]!;
    const computed = validateLesson(lesson, simulator);
    const asked: Scenario[] = [];
    let given = 0;
    const withKnown = validateLesson(lesson, simulator, (scenario) => {
      asked.push(scenario);
      // Every other run is at hand, as on a page whose build shipped some presets' runs.
      if (asked.length % 2 === 0) return null;
      given += 1;
      return simulate(scenario);
    });
    expect(withKnown).toEqual(computed);
    const texts = asked.map((s) => JSON.stringify(s));
    expect(new Set(texts).size).toBe(texts.length);
    const named = lesson.chapters.flatMap((c) => c.steps.flatMap((s) => (s.run ? [s.run] : [])));
    const distinct = new Set(named.map((run) => JSON.stringify(scenarioOfRun(run).scenario)));
    expect(asked.length).toBe(distinct.size);
    expect(distinct.size).toBeLessThan(named.length); // the lesson does name runs twice
    expect(given).toBeGreaterThan(0);
  });
});
