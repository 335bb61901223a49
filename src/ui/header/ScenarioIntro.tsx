// One paragraph on the open scenario: the preset's own summary, or the scenario's description.

import { findPreset } from '../../engine';
import { useLab } from '../store/context';

export function ScenarioIntro() {
  const { presetId, name, description } = useLab((s) => ({
    presetId: s.presetId,
    name: s.scenario.name,
    description: s.scenario.description,
  }));
  const summary = (presetId && findPreset(presetId)?.summary) || description;
  return (
    <p className="scenario-intro">
      <strong>{name}.</strong> {summary}
    </p>
  );
}
