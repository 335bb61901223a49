// Names and describes the open scenario, for a docs author or a teacher about to export it or
// share a link: both carry the name and the description. Saving makes it the user's own scenario.
// An empty name is pointed out and changes nothing; Escape or Cancel leaves everything as it was.

import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { LIMITS } from '../../engine';
import { introText } from './introText';
import { useActions, useLab } from '../store/context';
import { NAME_NEEDED } from '../store/labStore';

export function DescribeForm({ onClose }: { onClose: () => void }) {
  const { name, description, presetId } = useLab((s) => ({
    name: s.scenario.name,
    description: s.scenario.description,
    presetId: s.presetId,
  }));
  const { describe } = useActions();
  const id = useId();
  const [title, setTitle] = useState(name);
  // It starts from the text the intro shows (a preset's summary), so saving keeps what was read.
  const shown = introText(presetId, description);
  const [text, setText] = useState(shown);
  const [problem, setProblem] = useState<string | null>(null);
  const nameField = useRef<HTMLInputElement>(null);
  // The form opens because the user asked to type here (once: not on every keystroke).
  useEffect(() => nameField.current?.focus(), []);

  const save = () => {
    if (!title.trim()) {
      setProblem(NAME_NEEDED);
      nameField.current?.focus();
      return;
    }
    // Saved as it opened: nothing to change, and the preset stays the preset.
    if (title.trim() === name && text.trim() === shown.trim()) onClose();
    else if (describe(title, text)) onClose();
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
      <NameField
        id={id}
        inputRef={nameField}
        title={title}
        problem={problem}
        onChange={(value) => {
          setTitle(value);
          setProblem(null);
        }}
      />
      <div className="field">
        <label htmlFor={`${id}-text`}>Description (what a reader should watch for)</label>
        <textarea
          id={`${id}-text`}
          rows={3}
          maxLength={LIMITS.descriptionChars}
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

interface NameFieldProps {
  id: string;
  inputRef: RefObject<HTMLInputElement | null>;
  title: string;
  /** What is wrong with the name, said beside it; null when nothing is. */
  problem: string | null;
  onChange: (value: string) => void;
}

/** The name's field, with what is wrong with it beside it. */
function NameField({ id, inputRef, title, problem, onChange }: NameFieldProps) {
  return (
    <div className="field">
      <label htmlFor={`${id}-name`}>Scenario name</label>
      <input
        id={`${id}-name`}
        type="text"
        ref={inputRef}
        maxLength={LIMITS.nameChars}
        value={title}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
      {problem && (
        <p id={`${id}-problem`} className="field-problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
