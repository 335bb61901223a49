// The engine's sentences in the words of a class that has not met max_seen yet (the walkthrough's
// first chapter runs a store that checks nothing).
import { describe, expect, it } from 'vitest';
import { createSimulator, findPreset } from '../index';
import { ALL_MODELS } from '../models/all';

const { simulate } = createSimulator(ALL_MODELS);

describe('the narration of a store that checks nothing', () => {
  it('says it remembers no token, not that it keeps no max_seen', () => {
    const trace = simulate(findPreset('lease-trust-race')!.scenario);
    const t6 = trace.steps.find((s) => s.label === 't6')!;
    expect(t6.text).toBe(
      "Storage checks Client1's write Y: no check -> ACCEPT (it remembers no token). That write came from a zombie: Client1's grant had been superseded.",
    );
    for (const step of trace.steps) expect(step.text).not.toContain('max_seen');
  });
});
