// One paragraph on the open scenario: the preset's own summary, or the scenario's description.
// Once the run differs from its preset, it says so, since the preset's story may no longer be what
// happens, and offers the way back: undo the last change, or reopen the preset as it ships.

import { findPreset } from '../../engine';
import { useActions, useLab } from '../store/context';

export function ScenarioIntro() {
  const { presetId, name, description, edited, canUndo } = useLab((s) => ({
    presetId: s.presetId,
    name: s.scenario.name,
    description: s.scenario.description,
    edited: s.edited,
    canUndo: s.past.length > 0,
  }));
  const { undo, restorePreset } = useActions();
  const summary = (presetId && findPreset(presetId)?.summary) || description;
  const changedPreset = edited && presetId !== null;
  return (
    <div className="scenario-intro">
      <p>
        <strong>
          {name}
          {changedPreset ? ' (changed)' : ''}.
        </strong>{' '}
        {changedPreset && (
          <span className="changed-note">
            Your changes may lead elsewhere: the narration and the verdict follow your run. The preset as it ships:{' '}
          </span>
        )}
        {summary}
      </p>
      {(canUndo || changedPreset) && (
        <div className="intro-actions">
          <button type="button" onClick={undo} disabled={!canUndo} title="Undo the last change (Ctrl+Z)">
            Undo last change
          </button>
          {changedPreset && (
            <button type="button" onClick={restorePreset}>
              Back to the preset as it ships
            </button>
          )}
        </div>
      )}
    </div>
  );
}
