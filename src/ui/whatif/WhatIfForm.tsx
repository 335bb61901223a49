// "Ask a what-if": the question an engineer brings ("a 30 s GC pause with a 10 s lease", "a cut
// the application is never told of") as a few fields in plain words and seconds. Run tries the
// trouble at every placement that matters (the engine's whatIfRuns) and loads the worst, undoable,
// saying which placement it was; the comparison table below then runs it under every strategy.
// Invariant: nothing is loaded unless every field reads and the builder accepts them.

import { useId } from 'react';
import type { EngineCode } from '../store/code/runs';
import { PAGE_CODE } from '../store/code/loading';
import { CheckFields, FaultField, StopField, StrategyField, TimeField } from './fields';
import { WhatIfActions, WhatIfStory } from './parts';
import { msFromSeconds } from './seconds';
import { useWhatIfForm } from './useWhatIfForm';
import { TIMES } from './words';
import '../styles/whatif.css';

/** The form; `code` runs the placements (the page's, fetched as first needed; a test's own). */
export function WhatIfForm({ code = PAGE_CODE }: { code?: EngineCode }) {
  const id = useId();
  const form = useWhatIfForm(code);
  const { fault, texts, strategy, choices } = form.fields;
  const { result, problems } = form.read;
  const choiceProps = { id, fault, choices, onChoices: form.setChoices };
  const preview = form.loaded ?? (result?.ok ? result.scenario.name : null);
  return (
    <details className="whatif">
      <summary>Ask a what-if</summary>
      <form className="whatif-form" onSubmit={form.submit} aria-label="Ask a what-if" noValidate>
        <WhatIfStory fault={fault} faultMs={msFromSeconds(texts.faultMs)} />
        <div className="whatif-fields">
          <FaultField id={`${id}-fault`} fault={fault} onPick={form.pickFault} />
          <StrategyField id={`${id}-strategy`} strategy={strategy} onPick={form.pickStrategy} />
          <StopField {...choiceProps} />
          <CheckFields {...choiceProps} />
          {TIMES.map((name) => (
            <TimeField
              key={name}
              id={`${id}-${name}`}
              name={name}
              fault={fault}
              text={texts[name]}
              problem={problems[name]}
              inputRef={(el) => {
                form.inputs.current[name] = el;
              }}
              onText={(value) => form.setText(name, value)}
            />
          ))}
        </div>
        {/* Not announced: it follows every keystroke. What the button loads is announced below. */}
        <p className="whatif-preview">{preview ? `${form.loaded ? 'Showing' : 'Will run'}: ${preview}.` : '\u00a0'}</p>
        <WhatIfActions status={form.status} />
      </form>
    </details>
  );
}
