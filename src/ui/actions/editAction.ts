// What can be edited on a timed action, and the action the edit makes: its time and every field
// its kind's definition offers for editing (all but a write's value). Field kinds and their checks
// are the add form's (fields.ts), so an edit accepts exactly what a new action would.
// Invariant: pure; editedAction() changes only the fields editFields() lists.

import { kindOf, type Action } from '../../engine';
import { valueFor, type FieldSpec } from './fields';

/** The fields an edit of `action` offers, each starting at the action's own value. */
export function editFields(action: Action): FieldSpec[] {
  const own = action as unknown as Record<string, string | number | undefined>;
  const at: FieldSpec = { name: 'atMs', label: 'Time (ms)', kind: 'ms', initial: String(action.atMs) };
  return [
    at,
    ...kindOf(action.type)
      .fields.filter((field) => field.editable !== false)
      .map(({ editable: _, ...field }) => ({
        ...field,
        initial: own[field.name] === undefined ? '' : String(own[field.name]),
      })),
  ];
}

/**
 * `action` with the edited values (texts the fields' checks accepted). An optional length left
 * empty is dropped: a pause until resumed, a crash that stays down.
 */
export function editedAction(action: Action, fields: FieldSpec[], values: Record<string, string>): Action {
  const next: Record<string, unknown> = { ...action };
  for (const field of fields) {
    const value = valueFor(field, (values[field.name] ?? field.initial).trim());
    if (value === undefined) delete next[field.name];
    else next[field.name] = value;
  }
  // Same kind, same keys, values the fields checked; the store validates it again before use.
  return next as unknown as Action;
}

/** Whether two actions say the same thing (an edit that changes nothing is not a change). */
export const sameAction = (a: Action, b: Action): boolean =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());
