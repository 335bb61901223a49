// A preset as written and as the validator gives it back (defaults filled in, as the lab holds it)
// are the same run: the build ships the checked form's run (scripts/shipped-runs.ts), and a lesson,
// which names presets as written, takes it as theirs (ui/lessons/lessonRuns.ts).
import { describe, expect, it } from 'vitest';
import { createSimulator, PRESETS, validateScenario } from '../index';
import { ALL_MODELS } from '../models/all';

const { simulate } = createSimulator(ALL_MODELS);

describe('a preset as written and as checked', () => {
  it.each(PRESETS.map((p) => [p.id, p.scenario] as const))('%s: the same steps', (_, scenario) => {
    const checked = validateScenario(scenario);
    if (!checked.ok) throw new Error(JSON.stringify(checked.error));
    const asWritten = simulate(scenario);
    const asChecked = simulate(checked.scenario);
    expect(asChecked.steps).toEqual(asWritten.steps);
    expect(asChecked.leases).toEqual(asWritten.leases);
    expect(asChecked.endMs).toBe(asWritten.endMs);
  });
});
