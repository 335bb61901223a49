// One labelled field of a timed action, as the add form and the edit form both show it:
// a select where the field has choices (a client, a party), a text box otherwise, and the problem
// with what was typed beside it.

import type { Ref } from 'react';
import { ACTION_TEXT_CHARS } from '../../engine';
import type { FieldSpec } from './fields';

export interface FieldControlProps {
  id: string;
  field: FieldSpec;
  /** The choices; none: a text box. */
  options: readonly string[];
  value: string;
  problem: string | null | undefined;
  onChange(value: string): void;
  controlRef?: Ref<HTMLSelectElement & HTMLInputElement>;
}

export function FieldControl({ id, field, options, value, problem, onChange, controlRef }: FieldControlProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{field.label}</label>
      {options.length > 0 ? (
        <select id={id} ref={controlRef} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
          {options.map((o) => (
            <option key={o}>{o}</option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          ref={controlRef}
          // Plain text even for numbers: a number input reports "abc" as empty, which for an
          // optional duration would silently mean "until resumed" instead of a message.
          type="text"
          inputMode={field.kind === 'ms' || field.kind === 'optionalMs' ? 'numeric' : 'text'}
          maxLength={field.kind === 'text' ? ACTION_TEXT_CHARS : undefined}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
        />
      )}
      {problem && (
        <p id={`${id}-problem`} className="field-problem">
          {problem}
        </p>
      )}
    </div>
  );
}
