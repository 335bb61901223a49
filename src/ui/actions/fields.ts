// The lab's forms for timed actions, read off each kind's definition (the engine's ACTION_KINDS):
// the kinds the "What happens" list offers and in which order, the fields each asks for, the
// choices a party field has among the parties of the current run, and the action the typed values
// make. Invariant: newAction() returns an action the engine's validator accepts for those parties,
// whenever numberProblem() finds nothing wrong with the values.

import { kindOf, type ActionField, type ActionType, type NewAction, type PartyInfo } from '../../engine';

/** A field as a form shows it: the definition's, with the text it starts from. */
export interface FieldSpec extends Omit<ActionField, 'initial' | 'editable'> {
  initial: string;
}

/** The kinds the form offers, first the one it opens on: the faults the article is about, then
 * the commands, then a server's and the network's faults. Every kind, once (fields.test.ts). */
export const ACTION_MENU: readonly ActionType[] = [
  'pause',
  'resume',
  'expireLease',
  'acquire',
  'write',
  'release',
  'crash',
  'restart',
  'partition',
  'heal',
  'delay',
  'clockJump',
];

/** The fields of a new action of kind `type`, as the form to add one starts them. */
export const newActionFields = (type: ActionType): FieldSpec[] =>
  kindOf(type).fields.map(({ editable: _, ...field }) => ({ ...field, initial: field.initial ?? '' }));

/** The action of kind `type` that the form's values make (texts numberProblem accepts). */
export function newAction(type: ActionType, values: Record<string, string>): NewAction {
  const action: Record<string, unknown> = { type };
  for (const field of kindOf(type).fields) {
    const value = valueFor(field, values[field.name]);
    if (value !== undefined) action[field.name] = value;
  }
  // The kind's own fields, each of the kind its definition gives; the store validates it again.
  return action as unknown as NewAction;
}

/** A field's value from its text: a number for a length (none for an optional one left empty). */
export function valueFor(field: Pick<FieldSpec, 'kind'>, text: string | undefined): string | number | undefined {
  switch (field.kind) {
    case 'optionalMs':
      return text?.trim() ? Number(text) : undefined;
    case 'ms':
    case 'signedMs':
      return Number(text);
    default:
      return text ?? '';
  }
}

/** The choices for a party field, given the parties of the trace and the values chosen so far. */
export function optionsFor(field: FieldSpec, parties: PartyInfo[], values: Record<string, string>): string[] {
  const ids = parties.map((p) => p.id);
  switch (field.kind) {
    case 'client':
      return parties.filter((p) => p.kind === 'client').map((p) => p.id);
    case 'server':
      return parties.filter((p) => p.kind !== 'client').map((p) => p.id);
    case 'party':
      return ids;
    case 'otherParty': {
      const first = field.otherThan === undefined ? undefined : values[field.otherThan];
      return ids.filter((id) => id !== first);
    }
    default:
      return [];
  }
}

/** The value a field has: the user's choice if still valid, else its preferred or first option. */
export function valueOf(field: FieldSpec, parties: PartyInfo[], values: Record<string, string>): string {
  const chosen = values[field.name];
  const options = optionsFor(field, parties, values);
  if (options.length === 0) return chosen ?? field.initial;
  if (chosen !== undefined && options.includes(chosen)) return chosen;
  const kindOfParty = new Map(parties.map((p) => [p.id, p.kind]));
  return options.find((id) => field.prefer && kindOfParty.get(id) === field.prefer) ?? options[0]!;
}

/** A problem with a field's text, in words, or null. */
export function numberProblem(field: Pick<FieldSpec, 'kind'>, text: string): string | null {
  const t = text.trim();
  if (field.kind === 'text' && t === '') return 'Enter a value to write.';
  if (field.kind === 'optionalMs' && t === '') return null;
  if (field.kind === 'ms' || field.kind === 'optionalMs' || field.kind === 'signedMs') {
    if (!/^-?\d+$/.test(t)) return 'Enter a whole number of milliseconds.';
    const n = Number(t);
    if (field.kind === 'optionalMs' && n < 1) return 'Enter at least 1 ms, or leave it empty.';
    if (field.kind === 'ms' && n < 0) return 'Enter 0 ms or more.';
    if (Math.abs(n) > 100_000_000) return 'Enter at most 100,000,000 ms.';
  }
  return null;
}
