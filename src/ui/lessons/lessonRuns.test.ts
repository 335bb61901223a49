// The runs a lesson opens with, taken from the build: which presets a lesson file names (read
// before it is checked), and the build's runs of those once fetched.
import { beforeAll, describe, expect, it } from 'vitest';
import { createSimulator, findPreset, validateScenario, type Scenario } from '../../engine';
import { LESSONS } from '../../engine/surfaces/lessons';
import { ENGINE_ID } from '../store/code/shippedRuns';
import { presetRunsOf, shippedLessonRuns } from './lessonRuns';
import { loadAllPresets } from '../store/code/presets';
import { ALL_MODELS } from '../../engine/surfaces/allModels';

const { simulate } = createSimulator(ALL_MODELS);

// As the lab and a lesson do before they open (main.tsx): every preset, not only the page's own.
beforeAll(() => loadAllPresets());

describe('presetRunsOf', () => {
  it('names each preset the shipped lesson runs under its own strategy, once', () => {
    const found = presetRunsOf(LESSONS[0]);
    const ids = found.map((s) => s.name);
    expect(new Set(ids).size).toBe(ids.length);
    expect(found).toContain(findPreset('canonical-race')!.scenario);
    expect(found.length).toBe(25);
  });

  it('passes over a preset carried to another strategy, and what is not a preset run, without throwing', () => {
    for (const raw of [null, 7, 'x', {}, { chapters: 3 }, { chapters: [null, { steps: {} }] }])
      expect(presetRunsOf(raw)).toEqual([]);
    const carried = { chapters: [{ steps: [{ run: { preset: 'etcd-race', strategy: 'fencing' } }] }] };
    expect(presetRunsOf(carried)).toEqual([]);
    const odd = {
      chapters: [
        {
          steps: [
            null,
            { run: { preset: 'no-such-preset' } },
            { run: { preset: 42 } },
            { run: { preset: 'etcd-race', strategy: 'etcd' } },
          ],
        },
      ],
    };
    expect(presetRunsOf(odd)).toEqual([findPreset('etcd-race')!.scenario]);
  });
});

describe('the build’s runs for a lesson', () => {
  const lesson = { chapters: [{ steps: [{ run: { preset: 'zookeeper-race' } }] }] };
  const scenario: Scenario = findPreset('zookeeper-race')!.scenario;
  /** A site serving the build's run of each preset, as scripts/shipped-runs.ts writes it. */
  const site: typeof fetch = async (url) => {
    const id = decodeURIComponent(/runs\/([^/?]+)\.json/.exec(String(url))![1]!);
    const checked = validateScenario(findPreset(id)!.scenario);
    if (!checked.ok) throw new Error(JSON.stringify(checked.error));
    return new Response(JSON.stringify({ engine: ENGINE_ID, trace: simulate(checked.scenario) }));
  };

  it('gives a fetched preset’s run as the run of the scenario the lesson names', async () => {
    const runs = shippedLessonRuns(site, 'http://site.test/fencelab/');
    await runs.fetch(lesson);
    const known = runs.known(scenario);
    expect(known).not.toBeNull();
    expect(known!.scenario).toBe(scenario);
    expect(known!.steps).toEqual(simulate(scenario).steps);
    expect(runs.known(findPreset('chubby-race')!.scenario)).toBeNull(); // not fetched: computed instead
  });

  it('stops waiting for a network that hangs', async () => {
    const hangs: typeof fetch = () => new Promise(() => undefined);
    const runs = shippedLessonRuns(hangs, 'http://site.test/', 20);
    await expect(runs.fetch({ chapters: [{ steps: [{ run: { preset: 'qjm-race' } }] }] })).resolves.toBeUndefined();
    expect(runs.known(findPreset('qjm-race')!.scenario)).toBeNull();
  });
});
