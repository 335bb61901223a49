// Token labels on message arrows: each token said once, where a reader looks for it.

import { describe, expect, it } from 'vitest';
import { createSimulator } from '../../engine';
import { traceSoFar } from '../store/reveal';
import { presetScenario as preset } from '../testing/timelineFixtures';
import { layoutTimeline } from './layout';
import { fitWindow } from './viewport';
import { ALL_MODELS } from '../../engine/surfaces/allModels';

const { simulate } = createSimulator(ALL_MODELS);

describe('token labels', () => {
  it("write a token sent to several parties at once a single time (an HDFS writer's edit read '33 33')", () => {
    // A lesson at t6 shows the run so far: the zombie's edits to JournalNodes 1 and 3 still on their way.
    const whole = simulate(preset('qjm-race'));
    const t6 = whole.steps.findIndex((s) => s.label === 't6');
    const trace = traceSoFar(whole, t6);
    for (const size of [
      { width: 819, height: 216 },
      { width: 1200, height: 420 },
    ]) {
      const layout = layoutTimeline(trace, fitWindow(whole), size);
      const byId = new Map(trace.messages.map((m) => [m.id, m]));
      const labels = layout.messages
        .filter((shape) => shape.tokenLabel?.text === '33')
        .map((shape) => byId.get(shape.id)!);
      expect(labels.length, `${size.width}x${size.height}`).toBe(1);
      expect(labels[0]!.from).toBe('Client1');
    }
  });
});
