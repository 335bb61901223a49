// A write question is posed from the step it is about: its prompt names the token the write
// carries, in words a class can read, and its right answer is the store's own verdict.
import { describe, expect, it } from 'vitest';
import { createSimulator, findPreset } from '../index';
import { withStrategy } from '../surfaces/comparison';
import { poseQuestion } from './questions';
import { ALL_MODELS } from '../models/all';

const { simulate } = createSimulator(ALL_MODELS);

/** The write question posed at the step labelled `label` of a preset's run under `strategy`. */
function writeQuestionAt(presetId: string, label: string, strategy?: string) {
  const preset = findPreset(presetId)!.scenario;
  const trace = simulate(strategy ? withStrategy(preset, strategy) : preset);
  const at = trace.steps.findIndex((s) => s.label === label);
  return poseQuestion({ kind: 'write', why: 'x' }, trace, at);
}

describe('a write question', () => {
  it("names the write's token and takes its answer from the store", () => {
    const posed = writeQuestionAt('canonical-race', 't6');
    expect(posed.prompt).toBe('Client1 writes Y with token 33. Will Storage accept it?');
    expect(posed.answer).toBe(1);
  });

  it('says "with no token" for a write that carries none, never "token none"', () => {
    const posed = writeQuestionAt('canonical-race', 't6', 'lease-trust');
    expect(posed.prompt).toBe('Client1 writes Y with no token. Will Storage accept it?');
    expect(posed.answer).toBe(0);
  });
});
