// The what-if form's fields: what goes wrong, the design to open, when Client1 stops acting, the
// keepalive and the late write, and the times in seconds. Each field says what is wrong with it
// beside it; the form (./WhatIfForm.tsx) holds their values.

import { STRATEGIES, WHAT_IF_FAULTS, WHAT_IF_STOPS, type WhatIfFault, type WhatIfStop } from '../../engine';
import type { Choices } from './read';
import { FAULT_WORDS, HINTS, LABELS, STOP_WORDS, type Time } from './words';

/** What goes wrong in the what-if. */
export function FaultField({
  id,
  fault,
  onPick,
}: {
  id: string;
  fault: WhatIfFault;
  onPick: (v: WhatIfFault) => void;
}) {
  return (
    <div className="field whatif-fault">
      <label htmlFor={id}>What goes wrong</label>
      <select id={id} value={fault} onChange={(e) => onPick(e.currentTarget.value as WhatIfFault)}>
        {WHAT_IF_FAULTS.map((f) => (
          <option key={f} value={f}>
            {FAULT_WORDS[f].choice}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Which lock design the what-if opens under (the table compares them all). */
export function StrategyField({ id, strategy, onPick }: { id: string; strategy: string; onPick: (v: string) => void }) {
  return (
    <div className="field">
      <label htmlFor={id}>Lock design to open in the timeline</label>
      <select id={id} value={strategy} aria-describedby={`${id}-hint`} onChange={(e) => onPick(e.currentTarget.value)}>
        {STRATEGIES.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="hint">
        The table compares all {STRATEGIES.length} either way.
      </p>
    </div>
  );
}

interface ChoiceProps {
  id: string;
  fault: WhatIfFault;
  choices: Choices;
  onChoices: (value: Choices) => void;
}

/** When Client1's application stops acting on the lock. */
export function StopField({ id, choices, onChoices }: ChoiceProps) {
  return (
    <div className="field">
      <label htmlFor={`${id}-stop`}>When Client1 stops acting on the lock</label>
      <select
        id={`${id}-stop`}
        value={choices.stopActing}
        aria-describedby={`${id}-stop-hint`}
        onChange={(e) => onChoices({ ...choices, stopActing: e.currentTarget.value as WhatIfStop })}
      >
        {WHAT_IF_STOPS.map((s) => (
          <option key={s} value={s}>
            {STOP_WORDS[s]}
          </option>
        ))}
      </select>
      <p id={`${id}-stop-hint`} className="hint">
        Until then it still believes it holds the lock, and writes.
      </p>
    </div>
  );
}

/** Whether the lock library renews the lease, and whether Client1 writes once its lease has ended. */
export function CheckFields({ fault, choices, onChoices }: ChoiceProps) {
  return (
    <fieldset className="field whatif-checks">
      <legend className="visually-hidden">Renewals and the late write</legend>
      <label>
        <input
          type="checkbox"
          checked={choices.keepalive}
          onChange={(e) => onChoices({ ...choices, keepalive: e.currentTarget.checked })}
        />{' '}
        Its lock library renews the lease (a keepalive)
      </label>
      {fault !== 'slow-network' && (
        <label>
          <input
            type="checkbox"
            checked={choices.lateWrite}
            onChange={(e) => onChoices({ ...choices, lateWrite: e.currentTarget.checked })}
          />{' '}
          Client1 writes again after its lease has ended
        </label>
      )}
    </fieldset>
  );
}

interface TimeFieldProps {
  id: string;
  name: Time;
  fault: WhatIfFault;
  text: string;
  /** Why the field does not read, if it does not. */
  problem: string | undefined;
  inputRef: (el: HTMLInputElement | null) => void;
  onText: (value: string) => void;
}

/** One time of the what-if, in seconds, with its hint and what is wrong with it. */
export function TimeField({ id: fieldId, name, fault, text, problem, inputRef, onText }: TimeFieldProps) {
  const hint =
    name === 'faultMs' && fault.endsWith('clock-jump') ? 'Forward; a negative number jumps it back.' : HINTS[name];
  const describedBy = [hint && `${fieldId}-hint`, problem && `${fieldId}-problem`].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={fieldId}>
        {name === 'faultMs' ? FAULT_WORDS[fault].howLong : LABELS[name]}
        <span className="visually-hidden"> (seconds)</span>
      </label>
      <span className="whatif-seconds">
        <input
          id={fieldId}
          ref={inputRef}
          // Text, not number: a number input reads "abc" as empty instead of letting us say why.
          type="text"
          inputMode="decimal"
          value={text}
          onChange={(e) => onText(e.currentTarget.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        {/* The unit beside the number, where the eye reads it; the label says it to a screen reader. */}
        <span aria-hidden="true">seconds</span>
      </span>
      {hint && (
        <p id={`${fieldId}-hint`} className="hint">
          {hint}
        </p>
      )}
      {problem && (
        <p id={`${fieldId}-problem`} className="field-problem">
          {problem}
        </p>
      )}
    </div>
  );
}
