// Editing one timed action in place: its time, its length and its party (editAction.ts). Save puts
// it in the scenario through the store (undoable); if the scenario cannot hold it, the store's
// banner says why and the form stays open with what was typed. Cancel or Escape leaves it as it was.

import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Action } from '../../engine';
import { useActions, useLab } from '../store/context';
import { FieldControl } from './FieldControl';
import { editFields, editedAction, sameAction } from './editAction';
import { numberProblem, optionsFor, valueOf } from './fields';

export interface EditActionFormProps {
  action: Action;
  /** The action's place in scenario.actions. */
  index: number;
  /** The action in words, for the form's name. */
  text: string;
  onClose(): void;
}

export function EditActionForm({ action, index, text, onClose }: EditActionFormProps) {
  const parties = useLab((s) => s.trace.parties);
  // The trace on screen while a worker computes is the previous run's: wait for the new one.
  const computing = useLab((s) => s.computing);
  const { replaceAction } = useActions();
  const id = useId();
  const [values, setValues] = useState<Record<string, string>>({});
  const controls = useRef<(HTMLInputElement | HTMLSelectElement | null)[]>([]);
  // The form opens because the user asked to edit: start in its first field.
  useEffect(() => controls.current[0]?.focus(), []);

  const fields = editFields(action);
  const current: Record<string, string> = {};
  for (const field of fields)
    current[field.name] = valueOf(field, parties, { ...current, [field.name]: values[field.name] ?? field.initial });
  const problems = fields.map((f) => numberProblem(f, current[f.name] ?? ''));

  const save = (event: FormEvent) => {
    event.preventDefault();
    const bad = problems.findIndex(Boolean);
    if (bad >= 0) {
      controls.current[bad]?.focus();
      return;
    }
    const next = editedAction(action, fields, current);
    if (sameAction(next, action) || replaceAction(index, next)) onClose();
  };

  return (
    <form
      className="edit-action"
      aria-label={`Edit: ${text} at ${action.atMs} ms`}
      onSubmit={save}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
      noValidate
    >
      {fields.map((field, i) => (
        <FieldControl
          key={field.name}
          id={`${id}-${field.name}`}
          field={field}
          options={optionsFor(field, parties, current)}
          value={current[field.name] ?? ''}
          problem={problems[i]}
          onChange={(value) => setValues((v) => ({ ...v, [field.name]: value }))}
          controlRef={(el) => {
            controls.current[i] = el;
          }}
        />
      ))}
      <div className="edit-action-buttons">
        <button type="submit" className="primary" disabled={computing}>
          Save
        </button>
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
