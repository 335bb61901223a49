// The presets a lesson's runs name, read from a lesson file before it is checked: the build's runs
// of those are fetched as the lesson opens.
import { describe, expect, it } from 'vitest';
import { findPreset } from '../../engine';
import { LESSONS } from '../../engine/surfaces/lessons';
import { presetRunsOf } from './lessonRuns';

describe('presetRunsOf', () => {
  it('names each preset the shipped lesson runs under its own strategy, once, and no carried one', () => {
    const found = presetRunsOf(LESSONS[0]);
    const ids = found.map((s) => s.name);
    expect(new Set(ids).size).toBe(ids.length);
    expect(found).toContain(findPreset('canonical-race')!.scenario);
    expect(found).toContain(findPreset('slow-network')!.scenario); // also named carried to lease-trust
    expect(found.length).toBe(25);
  });

  it('passes over what is not a preset run, in a file of any shape, without throwing', () => {
    for (const raw of [null, 7, 'x', {}, { chapters: 3 }, { chapters: [null, { steps: {} }] }])
      expect(presetRunsOf(raw)).toEqual([]);
    const odd = {
      chapters: [
        {
          steps: [
            null,
            { run: { preset: 'no-such-preset' } },
            { run: { preset: 'etcd-race', strategy: 'fencing' } },
            { run: { preset: 42 } },
            { run: { preset: 'etcd-race', strategy: 'etcd' } },
          ],
        },
      ],
    };
    expect(presetRunsOf(odd)).toEqual([findPreset('etcd-race')!.scenario]);
  });
});
