// Opens one of the engine's presets. Shows the preset the current scenario came from, marked
// "changed" while it differs from the preset (the intro offers undo and the way back), or under
// which strategy it runs where it was carried to another and changed in nothing else.

import { useId, useRef } from 'react';
import { PRESET_GROUPS, findPreset } from '../../engine';
import { useActions, useLab } from '../store/context';
import { strategyName, useCarriedTo } from './carried';

export function PresetPicker() {
  const { presetId, changed, strategy } = useLab((s) => ({
    presetId: s.presetId,
    changed: s.edited,
    strategy: s.scenario.strategy,
  }));
  const carriedTo = useCarriedTo();
  // Under a strategy not the preset's own, the mark names it: carried and nothing else ("Under
  // Redlock …: "), or changed as well ("Changed, under Redlock …: "), never the title's own
  // system in brackets beside another's run.
  const own = presetId === null ? undefined : findPreset(presetId)?.scenario.strategy;
  const under = own !== undefined && own !== strategy ? strategy : null;
  const mark = under
    ? `${carriedTo ? 'Under' : 'Changed, under'} ${strategyName(under)}: `
    : changed
      ? 'Changed: '
      : '';
  const { loadPreset } = useActions();
  const id = useId();
  // A choice made with the pointer hands the keys back to the page, so the arrow keys step through
  // the run rather than on to the next preset. A keyboard user keeps the focus on the list.
  const byPointer = useRef(false);
  return (
    <div className="preset-picker">
      <label htmlFor={id}>Scenario</label>
      <select
        id={id}
        value={presetId ?? ''}
        onPointerDown={() => (byPointer.current = true)}
        onKeyDown={() => (byPointer.current = false)}
        onChange={(e) => {
          if (e.currentTarget.value) loadPreset(e.currentTarget.value);
          if (byPointer.current) e.currentTarget.blur();
        }}
      >
        {presetId === null && <option value="">Your own scenario</option>}
        {PRESET_GROUPS.map((group) => (
          <optgroup key={group.title} label={group.title}>
            {group.presets.map((p) => (
              <option key={p.id} value={p.id}>
                {/* In front, so a narrow list never cuts it off. */}
                {p.id === presetId ? mark : ''}
                {/* Carried, its title's own strategy in brackets would contradict the mark. */}
                {p.id === presetId && under ? p.scenario.name : p.title}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}
