// Issue 13, item 4: the article's labels stay on their steps when the strategy changes. A label
// the preset's own run shows is found under every other strategy, unless the event it names does
// not happen there at all (ZooKeeper's heartbeats keep a paused client's session, say).
import { describe, expect, it } from 'vitest';
import { createSimulator, PRESETS, STRATEGIES, findPreset, type Step, type StepLabel } from '../index';
import { withStrategy } from '../surfaces/comparison';
import { ALL_MODELS } from '../models/all';

const { simulate } = createSimulator(ALL_MODELS);

const ARTICLE = new Set(['t0', 't1', 't2', 't3', 't4', 't5', 't6']);
const labelsOf = (steps: readonly Step[]) => steps.flatMap((s) => (s.label && ARTICLE.has(s.label) ? [s.label] : []));

/** Whether a step after `from` could carry `label`: its event happened after the label before it. */
const happens = (steps: readonly Step[], label: StepLabel, from: number) =>
  steps.some(
    (s, i) =>
      i > from &&
      (s.kind === label.kind ||
        (label.anyVerdict === true && (s.kind === 'write.accepted' || s.kind === 'write.rejected'))) &&
      (label.party === undefined || s.party === label.party) &&
      (label.client === undefined || s.parties.includes(label.client)),
  );

describe('labels carried to another strategy', () => {
  it.each(PRESETS.map((p) => [p.id] as const))('%s: each of t0–t6 it shows is found under every strategy', (id) => {
    const scenario = findPreset(id)!.scenario;
    const own = labelsOf(simulate(scenario).steps);
    for (const strategy of STRATEGIES) {
      const carried = withStrategy(scenario, strategy.id);
      const steps = simulate(carried).steps;
      const found = labelsOf(steps);
      for (const name of own) {
        if (found.includes(name)) continue;
        // Labels are found in order: the missing one's event must not happen after the last found.
        const at = carried.labels.findIndex((l) => l.label === name);
        const before = carried.labels.slice(0, at).map((l) => steps.findIndex((s) => s.label === l.label));
        const from = Math.max(-1, ...before);
        const label = carried.labels[at]!;
        expect(happens(steps, label, from), `${id} as ${strategy.id}: ${name} (${JSON.stringify(label)})`).toBe(false);
      }
    }
  });

  it('the canonical race keeps t0–t6 under lease-trust, Redlock and HDFS epochs, on the same steps', () => {
    const race = findPreset('canonical-race')!.scenario;
    const kinds = (id: string) =>
      Object.fromEntries(simulate(withStrategy(race, id)).steps.flatMap((s) => (s.label ? [[s.label, s.kind]] : [])));
    expect(kinds('lease-trust')).toMatchObject({ t4: 'write.accepted', t6: 'write.accepted' });
    expect(kinds('redlock')).toMatchObject({ t6: 'write.accepted' });
    expect(kinds('qjm')).toMatchObject({ t2: 'epoch.promised', t6: 'write.rejected' });
    expect(kinds('zookeeper')).toMatchObject({ t4: 'write.accepted', t6: 'write.rejected' });
    const qjm = withStrategy(findPreset('qjm-race')!.scenario, 'fencing');
    expect(qjm.labels.find((l) => l.label === 't2')).toEqual({ label: 't2', kind: 'lease.expired' });
  });
});
