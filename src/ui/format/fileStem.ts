// The name an export is saved under, from the scenario it shows.

import { findPreset, type Scenario } from '../../engine';
import { presetOf } from '../store/code/presetOf';

/**
 * "the-canonical-race": the scenario's name in lower case, words joined by hyphens; `fallback`
 * for a name with no letters or digits. A preset carried to another strategy gets that strategy
 * after its name ("the-canonical-race-etcd"), so its exports do not overwrite the preset's own.
 */
export function fileStem(scenario: Pick<Scenario, 'name' | 'description' | 'strategy'>, fallback: string): string {
  const preset = findPreset(presetOf(scenario) ?? '');
  const carried = preset && preset.scenario.strategy !== scenario.strategy ? ` ${scenario.strategy}` : '';
  return (
    `${scenario.name}${carried}`
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || fallback
  );
}
