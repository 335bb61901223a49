// One paragraph on the open scenario: the preset's own summary, or the scenario's description.
// Once the run differs from its preset, it says so, since the preset's story may no longer be what
// happens, and offers the way back: undo the last change (and redo it), or reopen the preset as it ships. Rename
// opens a form in its place to name and describe the scenario (DescribeForm).

import { useRef, useState, type RefObject } from 'react';
import { findPreset } from '../../engine';
import { useActions, useLab } from '../store/context';
import { strategyName, useCarriedTo } from './carried';
import { DescribeForm } from './DescribeForm';
import { introText } from './introText';

export function ScenarioIntro() {
  const { presetId, name, description, edited, canUndo, canRedo } = useLab((s) => ({
    presetId: s.presetId,
    name: s.scenario.name,
    description: s.scenario.description,
    edited: s.edited,
    canUndo: s.past.length > 0,
    canRedo: s.future.length > 0,
  }));
  // The preset under another strategy and nothing more: its summary tells of its own strategy's run.
  const carriedTo = useCarriedTo();
  const [describing, setDescribing] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  const summary = introText(presetId, description);
  const changedPreset = edited && presetId !== null;
  if (describing) {
    return (
      <div className="scenario-intro">
        <DescribeForm
          onClose={() => {
            setDescribing(false);
            // Back to the button that opened the form, once it is drawn again.
            requestAnimationFrame(() => renameButton.current?.focus());
          }}
        />
      </div>
    );
  }
  return (
    <div className="scenario-intro">
      <p>
        <strong>
          {name}
          {carriedTo ? ` (under ${strategyName(carriedTo)})` : changedPreset ? ' (changed)' : ''}.
        </strong>{' '}
        {carriedTo ? (
          <span className="changed-note">
            Under {strategyName(carriedTo)} the run may go differently: the narration and the verdict follow it.
          </span>
        ) : (
          changedPreset && (
            <span className="changed-note">
              Your changes may lead elsewhere: the narration and the verdict follow your run. The preset as it
              ships:{' '}
            </span>
          )
        )}
        {!carriedTo && summary}
      </p>
      <IntroActions
        canUndo={canUndo}
        canRedo={canRedo}
        changedPreset={changedPreset}
        renameButton={renameButton}
        onRename={() => setDescribing(true)}
      />
      {/* Folded: beside this system's verdict, the story of another system's run read as a
          contradiction to an engineer who opened a comparison row in the timeline. */}
      {carriedTo && (
        <details className="shipped-story">
          <summary>
            The preset as it ships, under {strategyName(findPreset(presetId!)?.scenario.strategy ?? '')}
          </summary>
          <p>{summary}</p>
        </details>
      )}
    </div>
  );
}

interface IntroActionsProps {
  canUndo: boolean;
  canRedo: boolean;
  /** The scenario came from a preset and differs from it now. */
  changedPreset: boolean;
  renameButton: RefObject<HTMLButtonElement | null>;
  onRename: () => void;
}

/** Undo and redo, back to the preset as it ships, and Rename. */
function IntroActions({ canUndo, canRedo, changedPreset, renameButton, onRename }: IntroActionsProps) {
  const { undo, redo, restorePreset } = useActions();
  return (
    <div className="intro-actions">
      {(canUndo || changedPreset) && (
        <button type="button" onClick={undo} disabled={!canUndo} title="Undo the last change (Ctrl+Z)">
          Undo last change
        </button>
      )}
      {/* Beside Undo while either can act, disabled when it cannot: a press that empties it keeps the focus. */}
      {(canRedo || canUndo || changedPreset) && (
        <button
          type="button"
          onClick={redo}
          disabled={!canRedo}
          title="Put back the change you undid (Ctrl+Shift+Z or Ctrl+Y)"
        >
          Redo
        </button>
      )}
      {changedPreset && (
        <button type="button" onClick={restorePreset}>
          Back to the preset as it ships
        </button>
      )}
      <button
        ref={renameButton}
        type="button"
        onClick={onRename}
        title="Give this scenario your own name and description, for an export or a link"
      >
        Rename…
      </button>
    </div>
  );
}
