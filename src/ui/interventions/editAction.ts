// What can be edited on a timed action, and the action the edit makes: its time, its length where
// its kind has one, and the party it acts on. Field kinds and their checks are the intervention
// form's (kinds.ts), so an edit accepts exactly what a new intervention would.
// Invariant: pure; editedAction() changes only the fields editFields() lists.

import type { Action } from '../../engine';
import type { FieldSpec } from './kinds';

const text = (n: number | undefined): string => (n === undefined ? '' : String(n));

/** The fields an edit of `action` offers, each starting at the action's own value. */
export function editFields(action: Action): FieldSpec[] {
  const at: FieldSpec = { name: 'atMs', label: 'Time (ms)', kind: 'ms', initial: String(action.atMs) };
  switch (action.type) {
    case 'acquire':
    case 'write':
    case 'release':
    case 'resume':
      return [at, { name: 'client', label: 'Client', kind: 'client', initial: action.client }];
    case 'pause':
      return [
        at,
        { name: 'client', label: 'Client', kind: 'client', initial: action.client },
        {
          name: 'durationMs',
          label: 'For (ms, empty = until resumed)',
          kind: 'optionalMs',
          initial: text(action.durationMs),
        },
      ];
    case 'crash':
      // A crash and a restart are a server's (the scenario format refuses a client's).
      return [
        at,
        { name: 'party', label: 'Server', kind: 'server', initial: action.party },
        {
          name: 'restartAfterMs',
          label: 'Restart after (ms, empty = stays down)',
          kind: 'optionalMs',
          initial: text(action.restartAfterMs),
        },
      ];
    case 'restart':
      return [at, { name: 'party', label: 'Server', kind: 'server', initial: action.party }];
    case 'clockJump':
      return [
        at,
        { name: 'party', label: 'Party', kind: 'party', initial: action.party },
        { name: 'deltaMs', label: 'By (ms, negative = back)', kind: 'signedMs', initial: String(action.deltaMs) },
      ];
    case 'delay':
      return [
        at,
        { name: 'from', label: 'From', kind: 'party', initial: action.from },
        { name: 'to', label: 'To', kind: 'party', initial: action.to },
        { name: 'extraMs', label: 'Extra delay (ms)', kind: 'ms', initial: String(action.extraMs) },
      ];
    case 'partition':
    case 'heal':
      return [
        at,
        { name: 'a', label: 'Between', kind: 'party', initial: action.a },
        { name: 'b', label: 'And', kind: 'party', initial: action.b },
      ];
    case 'expireLease':
      return [at];
  }
}

/**
 * `action` with the edited values (texts the fields' checks accepted). An optional length left
 * empty is dropped: a pause until resumed, a crash that stays down.
 */
export function editedAction(action: Action, fields: FieldSpec[], values: Record<string, string>): Action {
  const next: Record<string, unknown> = { ...action };
  for (const field of fields) {
    const value = (values[field.name] ?? field.initial).trim();
    switch (field.kind) {
      case 'optionalMs':
        if (value === '') delete next[field.name];
        else next[field.name] = Number(value);
        break;
      case 'ms':
      case 'signedMs':
        next[field.name] = Number(value);
        break;
      default:
        next[field.name] = value;
    }
  }
  // Same kind, same keys, values the fields checked; the store validates it again before use.
  return next as unknown as Action;
}

/** Whether two actions say the same thing (an edit that changes nothing is not a change). */
export const sameAction = (a: Action, b: Action): boolean =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());
