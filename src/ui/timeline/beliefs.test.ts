// A lesson's question "how many believe they hold the lock?" draws no client's belief while it is
// open (TimelineView's hideBeliefs): the frozen client's believed bar and zombie window would answer it.

import { describe, expect, it } from 'vitest';
import { createSimulator } from '../../engine';
import { withoutBeliefs } from './leases';
import { layoutWhole as full, presetScenario as preset } from '../testing/timelineFixtures';
import { ALL_MODELS } from '../../engine/surfaces/allModels';

const { simulate } = createSimulator(ALL_MODELS);

const race = simulate(preset('canonical-race'));

describe('withoutBeliefs', () => {
  it('draws no believed lease and no zombie window, and each lease as the lock service held it', () => {
    const before = full(race).leases;
    // The race itself has both: Client1 believes on, past its lease's end.
    expect(before.some((l) => l.believed !== null)).toBe(true);
    expect(before.some((l) => l.zombie !== null)).toBe(true);
    const after = full(withoutBeliefs(race)).leases;
    expect(after.map((l) => [l.key, l.believed, l.zombie])).toEqual(before.map((l) => [l.key, null, null]));
    expect(after.map((l) => l.held)).toEqual(before.map((l) => l.held));
    // Everything else of the run is the same run.
    expect(withoutBeliefs(race).steps).toBe(race.steps);
  });

  it('gives back the same run where no client believes in a lease (a plain run is not copied)', () => {
    const none = withoutBeliefs(race);
    expect(withoutBeliefs(none)).toBe(none);
  });
});
