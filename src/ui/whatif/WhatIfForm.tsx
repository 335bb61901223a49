// "Ask a what-if": the question an engineer brings ("a 30 s GC pause with a 10 s lease") as a few
// fields in seconds, built by the engine's buildWhatIf into the canonical race with that fault and
// loaded like any scenario (undoable); the comparison table below then runs it under every
// strategy. Invariant: nothing is loaded unless every field reads and the builder accepts them.

import { useId, useRef, useState, type FormEvent } from 'react';
import {
  EXAMPLE_WHAT_IF,
  STRATEGIES,
  WHAT_IF_FAULTS,
  WHAT_IF_STOPS,
  buildWhatIf,
  worstWhatIf,
  type WhatIfFault,
  type WhatIfStop,
} from '../../engine';
import { PAGE_CODE } from '../store/code/loading';
import { useActions } from '../store/context';
import { msFromSeconds, secondsOf, secondsProblem } from './seconds';
import '../styles/whatif.css';

/** What goes wrong, in words for a class that has never heard of fencing, and its length's label. */
const FAULT_WORDS: Record<WhatIfFault, { choice: string; howLong: string }> = {
  // Short enough to read whole in the picker on a phone (about 36 characters).
  pause: { choice: 'Client1 freezes (a GC pause)', howLong: 'How long Client1 freezes' },
  'slow-network': { choice: 'Client1’s write is slow to arrive', howLong: 'How long the write is held up' },
  'client-clock-jump': { choice: 'Client1’s clock jumps', howLong: 'How far Client1’s clock jumps' },
  'server-clock-jump': { choice: 'The lock server’s clock jumps', howLong: 'How far its clock jumps' },
  partition: { choice: 'Client1 can’t reach the lock server', howLong: 'How long Client1 is cut off' },
};

/**
 * When Client2 asks, by default, for each fault: after Client1's own lease would have run out
 * (EXAMPLE_WHAT_IF: 11 s with a 10 s lease), except for a jump of the lock server's clock, which
 * does harm only to a grant still running: Client2 then asks at 2 s, while Client1 still believes.
 */
const CLIENT2_ASKS_AT_MS: Record<WhatIfFault, number> = {
  pause: EXAMPLE_WHAT_IF.client2AsksAtMs,
  'slow-network': EXAMPLE_WHAT_IF.client2AsksAtMs,
  'client-clock-jump': EXAMPLE_WHAT_IF.client2AsksAtMs,
  'server-clock-jump': 2_000,
  partition: EXAMPLE_WHAT_IF.client2AsksAtMs,
};

/** What to expect of a fault, where the story needs it said; a clock's by the way it jumps. */
const FAULT_NOTES: Partial<Record<WhatIfFault | 'client-clock-back' | 'server-clock-back', string>> = {
  partition:
    ' Cut off from the lock server, Client1 writes again only if it still believes it holds the lock: by default it counts down its own lease and stops when the lease runs out, so most rows say the danger was not tested. To see a client that keeps going, set Client1 to “Never” under “When does each client stop acting on the lock?” (where the design has it) after running it.',
  'client-clock-jump':
    ' A client whose clock jumps ahead thinks its lease ends sooner than it does, and stops early: the safe direction. Expect no stale write to get in, under any design. A negative number jumps it back: the dangerous direction.',
  'client-clock-back':
    ' A client whose clock jumps back counts its lease out for that much longer where it times the lease by its wall clock (a plain lease, generic fencing, Redlock): it writes after the lock server has given the lock to Client2, and only a check at the store stops it. Under ZooKeeper, etcd and Chubby, Client1 keeps its session as before.',
  'server-clock-jump':
    ' A lock server that times leases by its wall clock (a plain lease, Redis) then thinks Client1’s lease is over long before Client1 does, and gives the lock to Client2 while Client1 still believes it holds it. ZooKeeper and etcd time leases on a clock that does not jump, and keep Client1’s. Client2 asks at 2 s by default, before Client1’s own count runs out.',
  'server-clock-back':
    ' A lock server that times leases by its wall clock (a plain lease, generic fencing, Redis) keeps Client1’s lease that much longer when the clock jumps back: the safe direction, at the cost of a lock nobody can take meanwhile. Under ZooKeeper, etcd and Chubby nothing changes.',
};

/** The story's note for the fault, and for a clock, the way it jumps (a negative number is back). */
const noteFor = (fault: WhatIfFault, faultMs: number | null): string => {
  const back = faultMs !== null && faultMs < 0;
  if (back && fault === 'client-clock-jump') return FAULT_NOTES['client-clock-back']!;
  if (back && fault === 'server-clock-jump') return FAULT_NOTES['server-clock-back']!;
  return FAULT_NOTES[fault] ?? '';
};

/** When Client1's application stops acting, in the words the picker offers. */
const STOP_WORDS: Record<WhatIfStop, string> = {
  told: 'When its lock library tells it',
  never: 'Never: the library does not tell it (e.g. a Redis watchdog)',
  'own-deadline': 'At its own deadline before the lease ends',
};

/** The choices beside the times: when Client1 stops, the keepalive, and a write after the lease. */
interface Choices {
  stopActing: WhatIfStop;
  keepalive: boolean;
  lateWrite: boolean;
}

const TIMES = ['faultMs', 'leaseTtlMs', 'client2AsksAtMs'] as const;
type Time = (typeof TIMES)[number];

const LABELS: Record<Exclude<Time, 'faultMs'>, string> = {
  leaseTtlMs: 'How long a lease lasts',
  client2AsksAtMs: 'When Client2 asks for the lock',
};
const HINTS: Partial<Record<Time, string>> = {
  leaseTtlMs: 'How long the lock server lets a client keep the lock before it may give it to another.',
  client2AsksAtMs: 'Counted from the start of the run.',
};

export function WhatIfForm() {
  const { loadScenario } = useActions();
  const id = useId();
  const [fault, setFault] = useState<WhatIfFault>(EXAMPLE_WHAT_IF.fault);
  const [texts, setTexts] = useState<Record<Time, string>>({
    faultMs: secondsOf(EXAMPLE_WHAT_IF.faultMs),
    leaseTtlMs: secondsOf(EXAMPLE_WHAT_IF.leaseTtlMs),
    client2AsksAtMs: secondsOf(EXAMPLE_WHAT_IF.client2AsksAtMs),
  });
  const [strategy, setStrategy] = useState(EXAMPLE_WHAT_IF.strategy ?? 'fencing');
  const [choices, setChoices] = useState<Choices>({ stopActing: 'told', keepalive: false, lateWrite: false });
  /** The worst placement's answer, for the status line, once loaded. */
  const [answer, setAnswer] = useState<string | null>(null);
  /** The name of the what-if last loaded from these very fields, for the status line. */
  const [loaded, setLoaded] = useState<string | null>(null);
  /** Run was pressed with a field that does not read: said in the status line until a field changes. */
  const [refused, setRefused] = useState(false);
  const inputs = useRef<Partial<Record<Time, HTMLInputElement | null>>>({});

  const { problems, result, params } = readWhatIf(texts, fault, strategy, choices);

  const change = (apply: () => void) => {
    apply();
    setLoaded(null);
    setAnswer(null);
    setRefused(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!result?.ok) {
      const first = TIMES.find((name) => problems[name]);
      if (first) inputs.current[first]?.focus();
      setRefused(true);
      return;
    }
    // Every placement that matters is run, and the worst is what loads (../../engine, worstWhatIf).
    void PAGE_CODE.loadAll().then((simulator) => {
      const worst = worstWhatIf(params!, (scenario) => simulator.simulate(scenario));
      if (!worst.ok) return;
      if (loadScenario(worst.scenario, { source: 'the what-if' })) {
        setLoaded(worst.scenario.name);
        setAnswer(worst.answer);
      }
    });
  };

  return (
    <details className="whatif">
      <summary>Ask a what-if</summary>
      <form className="whatif-form" onSubmit={submit} aria-label="Ask a what-if" noValidate>
        <WhatIfStory fault={fault} faultMs={msFromSeconds(texts.faultMs)} />
        <div className="whatif-fields">
          <FaultField
            id={`${id}-fault`}
            fault={fault}
            onPick={(value) =>
              change(() => {
                // A time still at the old fault's default moves to the new one's; one typed in stays.
                setTexts((t) =>
                  t.client2AsksAtMs === secondsOf(CLIENT2_ASKS_AT_MS[fault])
                    ? { ...t, client2AsksAtMs: secondsOf(CLIENT2_ASKS_AT_MS[value]) }
                    : t,
                );
                setFault(value);
              })
            }
          />
          <StrategyField
            id={`${id}-strategy`}
            strategy={strategy}
            onPick={(value) => change(() => setStrategy(value))}
          />
          <ChoiceFields
            id={id}
            fault={fault}
            choices={choices}
            onChoices={(value) => change(() => setChoices(value))}
          />
          {TIMES.map((name) => (
            <TimeField
              key={name}
              id={`${id}-${name}`}
              name={name}
              fault={fault}
              text={texts[name]}
              problem={problems[name]}
              inputRef={(el) => {
                inputs.current[name] = el;
              }}
              onText={(value) => change(() => setTexts((t) => ({ ...t, [name]: value })))}
            />
          ))}
        </div>
        {/* Not announced: it follows every keystroke. What the button loads is announced below. */}
        <p className="whatif-preview">
          {result?.ok ? `${loaded ? 'Showing' : 'Will run'}: ${result.scenario.name}.` : '\u00a0'}
        </p>
        <WhatIfActions loaded={loaded !== null} refused={refused} answer={answer} />
      </form>
    </details>
  );
}

/**
 * The fields as read: each must read as seconds, then the builder judges the what-if as a whole.
 * `problems` says what is wrong with each field that is; `result` is the builder's, once all read.
 */
function readWhatIf(texts: Record<Time, string>, fault: WhatIfFault, strategy: string, choices: Choices) {
  const ms = { faultMs: 0, leaseTtlMs: 0, client2AsksAtMs: 0 };
  const problems: Partial<Record<Time, string>> = {};
  for (const name of TIMES) {
    const problem = secondsProblem(texts[name]);
    if (problem) problems[name] = problem;
    else ms[name] = msFromSeconds(texts[name])!;
  }
  // A held-up write already lands when the network lets it: the late write is for the other faults.
  const lateWrite = choices.lateWrite && fault !== 'slow-network';
  const params = { fault, strategy, ...ms, ...choices, lateWrite };
  const result = Object.keys(problems).length === 0 ? buildWhatIf(params) : null;
  if (result && !result.ok && (TIMES as readonly string[]).includes(result.field))
    problems[result.field as Time] = result.error;
  return { problems, result, params: result?.ok ? params : null };
}

/** When Client1 stops acting, whether its library renews the lease, and whether it writes after the lease. */
function ChoiceFields({
  id,
  fault,
  choices,
  onChoices,
}: {
  id: string;
  fault: WhatIfFault;
  choices: Choices;
  onChoices: (value: Choices) => void;
}) {
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-stop`}>When Client1 stops acting on the lock</label>
        <select
          id={`${id}-stop`}
          value={choices.stopActing}
          onChange={(e) => onChoices({ ...choices, stopActing: e.currentTarget.value as WhatIfStop })}
        >
          {WHAT_IF_STOPS.map((s) => (
            <option key={s} value={s}>
              {STOP_WORDS[s]}
            </option>
          ))}
        </select>
      </div>
      <div className="field whatif-checks">
        <label>
          <input
            type="checkbox"
            checked={choices.keepalive || fault === 'partition'}
            disabled={fault === 'partition'}
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
      </div>
    </>
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
function TimeField({ id: fieldId, name, fault, text, problem, inputRef, onText }: TimeFieldProps) {
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

/** Which lock design the what-if opens under (the table compares them all). */
function StrategyField({ id, strategy, onPick }: { id: string; strategy: string; onPick: (value: string) => void }) {
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

/** What goes wrong in the what-if. */
function FaultField({ id, fault, onPick }: { id: string; fault: WhatIfFault; onPick: (value: WhatIfFault) => void }) {
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

/** Run, and what became of the last press: loaded (undoable), or refused for a field marked above. */
function WhatIfActions({ loaded, refused, answer }: { loaded: boolean; refused: boolean; answer: string | null }) {
  return (
    <div className="whatif-actions">
      <button type="submit" className="primary">
        Run this what-if
      </button>
      <p className="whatif-status" role="status">
        {loaded
          ? `${answer ? `${answer} ` : ''}Loaded. “Undo last change” at the top puts back the run before.`
          : refused
            ? 'Not run: fix the field marked above (it says why). The table still shows the run before.'
            : ''}
      </p>
    </div>
  );
}

/** The race the what-if runs, with what to expect of the fault picked. */
function WhatIfStory({ fault, faultMs }: { fault: WhatIfFault; faultMs: number | null }) {
  return (
    <p className="hint whatif-story">
      The race from the article with one thing going wrong. Client1 takes the lock and writes; the trouble you pick
      hits; Client2 asks for the lock and writes; then Client1 writes again, perhaps too late. The lab tries the trouble
      just before and just after each renewal and lease end, and shows the worst.
      {noteFor(fault, faultMs)} The table below runs it under every lock design.
    </p>
  );
}
