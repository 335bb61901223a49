// The paragraph the intro shows for the open scenario: the preset's own summary while it is a
// preset, else the scenario's description (the Rename form starts from the same text).

import { findPreset } from '../../engine';

export function introText(presetId: string | null, description: string | undefined): string {
  return (presetId && findPreset(presetId)?.summary) || description || '';
}
