// "Add an action at the cursor": pick what happens, to whom, and apply it. It becomes a timed
// action of the scenario 1 ms after the step at the cursor; the trace after it is recomputed (a fork).

import { useId, useState, type FormEvent } from 'react';
import { kindOf, noEffectAt, type ActionType } from '../../engine';
import { useActions, useLab } from '../store/context';
import { FieldControl } from './FieldControl';
import { ACTION_MENU, newAction, newActionFields, numberProblem, optionsFor, valueOf, type FieldSpec } from './fields';

/** Only this button follows the cursor, so the form does not re-render on every frame of play. */
function ApplyButton({ disabled }: { disabled: boolean }) {
  const atMs = useLab((s) => (s.trace.steps[s.cursor]?.timeMs ?? -1) + 1);
  return (
    <button type="submit" className="primary" disabled={disabled}>
      Apply at {atMs} ms
    </button>
  );
}

export function AddActionForm() {
  const parties = useLab((s) => s.trace.parties);
  // While a worker computes the run, the trace on screen is the one before the change: its
  // parties and times are not the new run's, so nothing is applied to it.
  const computing = useLab((s) => s.computing);
  const { addAction } = useActions();
  const [type, setType] = useState<ActionType>(ACTION_MENU[0]!);
  const [values, setValues] = useState<Record<string, string>>({});
  const id = useId();
  const fields = newActionFields(type);

  const current: Record<string, string> = {};
  for (const field of fields) {
    current[field.name] = valueOf(field, parties, {
      ...values,
      ...current,
      [field.name]: values[field.name] ?? field.initial,
    });
  }
  const problems = fields.map((f) => numberProblem(f, current[f.name] ?? ''));
  const invalid = problems.some(Boolean);
  const action = newAction(type, current);

  // An action that would change nothing at the cursor (its kind's noEffect) is said so, and cannot
  // be applied: it would only add a step that does nothing. The form re-renders when this changes
  // (a string or null), not on every step of play.
  const note = useLab((s) => {
    const step = s.trace.steps[s.cursor];
    return step ? noEffectAt(action, { trace: s.trace, snapshots: step.snapshots }) : null;
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (invalid || note !== null) return;
    addAction(action);
  };

  const input = (field: FieldSpec, i: number) => (
    <FieldControl
      key={field.name}
      id={`${id}-${field.name}`}
      field={field}
      options={optionsFor(field, parties, current)}
      value={current[field.name] ?? ''}
      problem={problems[i]}
      onChange={(value) => setValues((v) => ({ ...v, [field.name]: value }))}
    />
  );

  return (
    <form className="add-action" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Add an action at the cursor</h3>
      <div className="field">
        <label htmlFor={`${id}-kind`}>What happens</label>
        <select id={`${id}-kind`} value={type} onChange={(e) => setType(e.currentTarget.value as ActionType)}>
          {ACTION_MENU.map((t) => (
            <option key={t} value={t}>
              {kindOf(t).label}
            </option>
          ))}
        </select>
      </div>
      {fields.map(input)}
      {note && (
        <p className="field-note" role="note">
          {note}
        </p>
      )}
      <ApplyButton disabled={invalid || computing || note !== null} />
      {computing && <p className="hint">Wait for the changed run to finish, then add an action to it.</p>}
      <p className="hint">Everything up to the step you are on stays the same; what follows is recomputed.</p>
    </form>
  );
}
