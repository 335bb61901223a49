// Opens one of the engine's presets. Shows the preset the current scenario came from, marked
// "changed" once the user has intervened or turned a knob.

import { useId } from 'react';
import { PRESETS } from '../../engine';
import { useActions, useLab } from '../store/context';

export function PresetPicker() {
  const { presetId, changed } = useLab((s) => ({ presetId: s.presetId, changed: s.edited }));
  const { loadPreset } = useActions();
  const id = useId();
  return (
    <div className="preset-picker">
      <label htmlFor={id}>Scenario</label>
      <select
        id={id}
        value={presetId ?? ''}
        onChange={(e) => e.currentTarget.value && loadPreset(e.currentTarget.value)}
      >
        {presetId === null && <option value="">Your own scenario</option>}
        {PRESETS.map((p) => (
          <option key={p.id} value={p.id}>
            {p.title}
            {p.id === presetId && changed ? ' (changed)' : ''}
          </option>
        ))}
      </select>
    </div>
  );
}
