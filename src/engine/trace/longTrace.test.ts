// A long trace is read without spreading its steps into a call or recursing over them: every
// reader of a whole trace (the text trace, the verdict's words, the Mermaid export, where the
// verdict settles, the comparison's warnings, JSON) takes one of 150,000 steps, more than any
// call's arguments or any stack hold (a spread of about 125,000 overflowed the CLI's text trace).

import { describe, expect, it } from 'vitest';
import { createSimulator, findPreset, formatTraceText, verdictSettledAt, type Step, type Trace } from '../index';
import { formatMermaid } from '../surfaces/export';
import { warningsFrom } from '../surfaces/comparison';
import { ALL_MODELS } from '../models/all';

const STEPS = 150_000;

/** The canonical race's steps, repeated until there are STEPS of them, in time order. */
function longTrace(): Trace {
  const race = createSimulator(ALL_MODELS).simulate(findPreset('canonical-race')!.scenario);
  const n = race.steps.length;
  const span = race.endMs + 1;
  const steps: Step[] = [];
  for (let i = 0; i < STEPS; i++) {
    const base = race.steps[i % n]!;
    steps.push({ ...base, index: i, timeMs: base.timeMs + Math.floor(i / n) * span } as Step);
  }
  return { ...race, steps, endMs: steps[STEPS - 1]!.timeMs, truncated: true };
}

describe('a trace of 150,000 steps', () => {
  const trace = longTrace();

  it('is written as text, one line a step, and as JSON', () => {
    const lines = formatTraceText(trace).split('\n');
    expect(lines.length).toBeGreaterThan(STEPS);
    expect(lines).toContain('(stopped at the step limit before the run finished)');
    expect(JSON.parse(JSON.stringify(trace)).steps).toHaveLength(STEPS);
  });

  it('is drawn in Mermaid, and read for where its verdict settles and for its warnings', () => {
    expect(formatMermaid(trace).split('\n').length).toBeGreaterThan(STEPS / 3);
    expect(verdictSettledAt(trace)).toBe(STEPS - 1);
    expect(Array.isArray(warningsFrom(trace))).toBe(true);
  });
});
