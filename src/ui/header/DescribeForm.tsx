// Names and describes the open scenario, for a docs author or a teacher about to export it or
// share a link: both carry the name and the description. Saving makes it the user's own scenario.
// An empty name is pointed out and changes nothing; Escape or Cancel leaves everything as it was.

import { useId, useState } from 'react';
import { useActions, useLab } from '../store/context';

/** The validator's limits (scenario/validate.ts), so the fields never take more than it accepts. */
const NAME_MAX = 120;
const DESCRIPTION_MAX = 2000;

export function DescribeForm({ onClose }: { onClose: () => void }) {
  const { name, description } = useLab((s) => ({ name: s.scenario.name, description: s.scenario.description }));
  const { describe } = useActions();
  const id = useId();
  const [title, setTitle] = useState(name);
  const [text, setText] = useState(description ?? '');
  const [problem, setProblem] = useState<string | null>(null);

  const save = () => {
    if (!title.trim()) {
      setProblem('A scenario needs a name.');
      return;
    }
    if (describe(title, text)) onClose();
  };

  return (
    <form
      className="describe-form"
      aria-label="Rename this scenario"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-name`}>Scenario name</label>
        <input
          id={`${id}-name`}
          type="text"
          // The form opens because the user asked to type here.
          ref={(node) => node?.focus()}
          maxLength={NAME_MAX}
          value={title}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(e) => {
            setTitle(e.currentTarget.value);
            setProblem(null);
          }}
        />
        {problem && (
          <p id={`${id}-problem`} className="field-problem">
            {problem}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-text`}>Description (what a reader should watch for)</label>
        <textarea
          id={`${id}-text`}
          rows={3}
          maxLength={DESCRIPTION_MAX}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
      </div>
      <p className="hint">An exported file and a shared link carry both.</p>
      <div className="intro-actions">
        <button type="submit" className="primary">
          Save name and description
        </button>
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
