// The what-if form's state: the fields as typed, and the last press of Run. A change to any field
// forgets the last answer and stops a search under way, so the status never speaks of other
// fields than the ones shown. Invariant: only the newest press can load a scenario.

import { useRef, useState, type FormEvent } from 'react';
import { EXAMPLE_WHAT_IF, type WhatIfFault } from '../../engine';
import { useActions } from '../store/context';
import type { EngineCode } from '../store/code/runs';
import type { RunStatus } from './parts';
import { readWhatIf, type Choices, type FormFields } from './read';
import { runWorstWhatIf } from './runWorst';
import { secondsOf } from './seconds';
import { CLIENT2_ASKS_AT_MS, KEEPALIVE_BY_DEFAULT, TIMES, type Time } from './words';

const FIRST_FIELDS: FormFields = {
  fault: EXAMPLE_WHAT_IF.fault,
  texts: {
    faultMs: secondsOf(EXAMPLE_WHAT_IF.faultMs),
    leaseTtlMs: secondsOf(EXAMPLE_WHAT_IF.leaseTtlMs),
    client2AsksAtMs: secondsOf(EXAMPLE_WHAT_IF.client2AsksAtMs),
  },
  strategy: EXAMPLE_WHAT_IF.strategy ?? 'fencing',
  choices: { stopActing: 'told', keepalive: KEEPALIVE_BY_DEFAULT(EXAMPLE_WHAT_IF.fault), lateWrite: false },
};

/** A new fault: a time or a keepalive still at the old fault's default moves to the new one's. */
function withFault(f: FormFields, fault: WhatIfFault): FormFields {
  const asks = f.texts.client2AsksAtMs === secondsOf(CLIENT2_ASKS_AT_MS[f.fault]);
  const renews = f.choices.keepalive === KEEPALIVE_BY_DEFAULT(f.fault);
  return {
    ...f,
    fault,
    texts: asks ? { ...f.texts, client2AsksAtMs: secondsOf(CLIENT2_ASKS_AT_MS[fault]) } : f.texts,
    choices: renews ? { ...f.choices, keepalive: KEEPALIVE_BY_DEFAULT(fault) } : f.choices,
  };
}

export function useWhatIfForm(code: EngineCode) {
  const { loadScenario } = useActions();
  const [fields, setFields] = useState<FormFields>(FIRST_FIELDS);
  const [status, setStatus] = useState<RunStatus>({ kind: 'idle' });
  /** The name of the what-if last loaded from these very fields, for the preview line. */
  const [loaded, setLoaded] = useState<string | null>(null);
  const press = useRef(0);
  const inputs = useRef<Partial<Record<Time, HTMLInputElement | null>>>({});
  const read = readWhatIf(fields);

  const change = (next: (f: FormFields) => FormFields) => {
    press.current++;
    setFields(next);
    setLoaded(null);
    setStatus({ kind: 'idle' });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!read.params) {
      const first = TIMES.find((name) => read.problems[name]);
      if (first) inputs.current[first]?.focus();
      setStatus({ kind: 'refused' });
      return;
    }
    const mine = ++press.current;
    const stale = () => press.current !== mine;
    setStatus({ kind: 'running' });
    runWorstWhatIf(read.params, code, stale).then(
      (worst) => {
        if (!worst || stale()) return;
        if (!worst.ok) return setStatus({ kind: 'failed', error: worst.error });
        if (!loadScenario(worst.scenario, { source: 'the what-if' })) return setStatus({ kind: 'idle' });
        setLoaded(worst.scenario.name);
        setStatus({ kind: 'loaded', answer: worst.answer });
      },
      (e: unknown) => !stale() && setStatus({ kind: 'failed', error: (e as Error).message }),
    );
  };

  return {
    fields,
    read,
    status,
    loaded,
    inputs,
    submit,
    pickFault: (fault: WhatIfFault) => change((f) => withFault(f, fault)),
    pickStrategy: (strategy: string) => change((f) => ({ ...f, strategy })),
    setChoices: (choices: Choices) => change((f) => ({ ...f, choices })),
    setText: (name: Time, text: string) => change((f) => ({ ...f, texts: { ...f.texts, [name]: text } })),
  };
}
