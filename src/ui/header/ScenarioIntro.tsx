// One paragraph on the open scenario: the preset's own summary, or the scenario's description.

import { findPreset } from '../../engine';
import { useLab } from '../store/context';

export function ScenarioIntro() {
  const presetId = useLab((s) => s.presetId);
  const name = useLab((s) => s.scenario.name);
  const description = useLab((s) => s.scenario.description);
  const summary = (presetId && findPreset(presetId)?.summary) || description;
  return (
    <p className="scenario-intro">
      <strong>{name}.</strong> {summary}
    </p>
  );
}
