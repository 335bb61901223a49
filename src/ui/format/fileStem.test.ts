// The names exports are saved under: a preset's, a preset carried to another strategy, the user's.
import { describe, expect, it } from 'vitest';
import { carryTo, findPreset } from '../../engine';
import { fileStem } from './fileStem';

const race = () => findPreset('canonical-race')!.scenario;

describe('fileStem', () => {
  it("is the scenario's name, and a carried preset's strategy after it", () => {
    expect(fileStem(race(), 'timeline')).toBe('the-canonical-race');
    expect(fileStem(carryTo(race(), 'etcd').scenario, 'timeline')).toBe('the-canonical-race-etcd');
  });

  it("leaves a scenario of the user's own as named, and falls back for a name with no letters", () => {
    expect(fileStem({ ...race(), name: 'Zombie write, for the docs', strategy: 'etcd' }, 'scenario')).toBe(
      'zombie-write-for-the-docs',
    );
    expect(fileStem({ ...race(), name: '—', description: 'mine' }, 'scenario')).toBe('scenario');
  });
});
