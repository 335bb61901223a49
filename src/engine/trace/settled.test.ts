// When a run's verdict is settled: a lesson shows the whole run's verdict from there on, and
// refuses a part that asks for it earlier (it would never show).
import { describe, expect, it } from 'vitest';
import { createSimulator, findPreset, verdictSettledAt } from '../index';
import { LESSONS, validateLesson } from '../surfaces/lessons';
import { ALL_MODELS } from '../models/all';

const simulator = createSimulator(ALL_MODELS);
const { simulate } = simulator;

const run = (id: string) => simulate(findPreset(id)!.scenario);
const labelled = (trace: ReturnType<typeof run>, label: string) => trace.steps.findIndex((s) => s.label === label);

describe('verdictSettledAt', () => {
  it("settles the canonical race at t6, the store's refusal: only the zombie learning of it comes after", () => {
    const trace = run('canonical-race');
    expect(verdictSettledAt(trace)).toBe(labelled(trace, 't6'));
    expect(verdictSettledAt(trace)).toBeLessThan(trace.steps.length - 1);
    expect(trace.steps.slice(verdictSettledAt(trace) + 1).map((s) => s.kind)).toEqual(['write.refused']);
  });

  it('waits for a refusal still to come, and for a truncated run to end', () => {
    const trace = run('etcd-restore');
    const last = Math.max(
      ...trace.steps.filter((s) => s.kind === 'write.rejected' || s.kind === 'write.accepted').map((s) => s.index),
    );
    expect(verdictSettledAt(trace)).toBeGreaterThanOrEqual(last);
    expect(verdictSettledAt({ ...trace, truncated: true })).toBe(trace.steps.length - 1);
    expect(verdictSettledAt({ ...trace, steps: [] })).toBe(0);
  });
});

describe('a lesson that asks for the verdict before it is settled', () => {
  it('is refused, naming the part and the step where the verdict settles', () => {
    const result = validateLesson(
      {
        format: 'fencelab.lesson',
        version: 1,
        id: 'early-verdict',
        title: 'Early verdict',
        summary: 'A verdict asked for too soon.',
        chapters: [
          {
            id: 'one',
            title: 'One',
            steps: [{ run: { preset: 'canonical-race' }, at: 't4', say: 'Client2 writes.', show: ['verdict'] }],
          },
        ],
      },
      simulator,
    );
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.error).toMatch(
        /^chapters\[0\]\.steps\[0\]\.show: the "verdict" panel shows once the run's verdict is settled, at step 16, and this step stops before it, at step 9 \("t4"\)/,
      );
  });

  it('is not the shipped walkthrough: every part that shows the verdict stops where it is settled', () => {
    expect(validateLesson(LESSONS[0], simulator).ok).toBe(true);
  });
});
