// The "Can you break it?" chapter tells the class how many schedules the search tried on fencing
// before it gave its bound. That count is the search's, not the lesson's: this runs the same
// search the chapter names and holds the lesson's words to its answer.

import { expect, it } from 'vitest';
import { findPreset } from '../index';
import { ALL_MODELS } from '../models/all';
import { search } from '../search/search';
import { breakItChapter } from './fencing101/breakit';

it('the fencing part states the count the search really explores with 2 pauses or cuts, and that it held', () => {
  const scenario = findPreset('canonical-race')!.scenario;
  const r = search({ scenario, faults: ['pause', 'partition'], maxFaults: 2 }, ALL_MODELS);
  expect(r.kind).toBe('held');
  if (r.kind !== 'held') return;
  const part = breakItChapter.steps.find((s) => s.id === 'break-fencing')!;
  const words = JSON.stringify(part);
  const counts = [...words.matchAll(/(\d{1,3}(?:,\d{3})+) schedules|in any of the (\d{1,3}(?:,\d{3})+)/g)].map(
    (m) => m[1] ?? m[2],
  );
  expect(counts.length).toBeGreaterThan(0);
  for (const c of counts) expect(c).toBe(r.tried.toLocaleString('en-US'));
}, 300_000);
