// A step's mark and the run's verdict say the same of a write: a label that calls a write stale
// sits only on a write the oracle counts as stale, for every preset under every strategy it can be
// carried to (the labels of src/engine/presets, carried by comparison/carryLabels.ts).
import { describe, expect, it } from 'vitest';
import { PRESETS, STRATEGIES, carryTo, createSimulator, findPreset, type Trace } from '../index';
import { ALL_MODELS } from '../models/all';

const { simulate } = createSimulator(ALL_MODELS);

/** Words a label may use that say the write is a superseded holder's. */
const STALE_WORDS = /^(stale|zombie)$/;

const carried = (presetId: string, strategy: string): Trace =>
  simulate(carryTo(findPreset(presetId)!.scenario, strategy).scenario);

describe('labels that call a write stale', () => {
  it('declare it, so the oracle decides where they go', () => {
    for (const preset of PRESETS)
      for (const label of preset.scenario.labels.filter((l) => STALE_WORDS.test(l.label)))
        expect(label.stale, `${preset.id}: ${label.label}`).toBe(true);
  });

  it('sit only on writes the verdict counts as stale, under every strategy', () => {
    for (const preset of PRESETS) {
      for (const strategy of STRATEGIES) {
        const trace = carried(preset.id, strategy.id);
        for (const step of trace.steps.filter((s) => s.label && STALE_WORDS.test(s.label)))
          expect(step.write?.stale, `${preset.id} under ${strategy.id}, step ${step.index}`).toBe(true);
      }
    }
  });

  it("leave unmarked the old owner's write that k8s-lease lets in while it still held the lease", () => {
    // Client1 sends at 1,600 ms as it gives up by renewDeadline; nobody else holds the lease until
    // Client2 takes it at 2,817 ms, so the write is no stale holder's.
    const trace = carried('temporal-shard-takeover', 'k8s-lease');
    const write = trace.steps.find((s) => s.write?.client === 'Client1')!;
    expect(write.write).toMatchObject({ verdict: 'accepted', stale: false });
    expect(write.label).toBeUndefined();
    expect(trace.verdict.staleWriteAccepted).toBeNull();
    expect(trace.steps.find((s) => s.write?.client === 'Client2')?.label).toBe('new');
  });
});
