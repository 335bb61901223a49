// The scenario's timed actions, in time order: the ones it came with, and the ones the user added,
// each editable in place and removable (both undoable). Long scenarios show only the first actions
// of their own.

import { useRef, useState } from 'react';
import { useActions, useLab } from '../store/context';
import { EditActionForm } from './EditActionForm';
import { describeAction, type Action } from '../../engine';

const OWN_SHOWN = 100;

/** Actions with their places in the scenario, in time order (the list reads as a schedule). */
function byTime(actions: readonly Action[], from: number): { action: Action; index: number }[] {
  return actions
    .map((action, i) => ({ action, index: from + i }))
    .sort((a, b) => a.action.atMs - b.action.atMs || a.index - b.index);
}

function Item({ action, index, yours }: { action: Action; index: number; yours: boolean }) {
  const { removeAction } = useActions();
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const text = describeAction(action);
  const close = () => {
    setEditing(false);
    // Back where the user was, so the keyboard does not lose its place in the list.
    editButton.current?.focus();
  };
  return (
    <li className={[yours ? 'yours' : '', editing ? 'editing' : ''].filter(Boolean).join(' ') || undefined}>
      <span className="at">{action.atMs} ms</span>
      <span className="what">{text}</span>
      <button
        type="button"
        className="edit"
        ref={editButton}
        onClick={() => setEditing((e) => !e)}
        aria-expanded={editing}
        aria-label={`Edit: ${text} at ${action.atMs} ms`}
      >
        Edit
      </button>
      <button
        type="button"
        className="remove"
        onClick={() => removeAction(index)}
        aria-label={`Remove: ${text} at ${action.atMs} ms`}
      >
        ✕
      </button>
      {editing && <EditActionForm action={action} index={index} text={text} onClose={close} />}
    </li>
  );
}

export function ActionList() {
  const { actions, own } = useLab((s) => ({ actions: s.scenario.actions, own: s.ownActionCount }));
  const { clearYourActions } = useActions();
  const yours = actions.slice(own);
  return (
    <section className="action-list" aria-labelledby="action-list-title">
      <h3 id="action-list-title">Actions in this run</h3>
      <h4>
        Your actions <span className="count">({yours.length})</span>
      </h4>
      {yours.length === 0 ? (
        <p className="hint">None yet. Move the cursor and add one above.</p>
      ) : (
        <>
          <ol data-testid="your-actions">
            {byTime(yours, own).map(({ action, index }) => (
              <Item key={index} action={action} index={index} yours />
            ))}
          </ol>
          <button type="button" onClick={clearYourActions}>
            Remove all of yours
          </button>
        </>
      )}
      <details open={own <= 12}>
        <summary>The scenario&rsquo;s own actions ({own})</summary>
        <ol>
          {byTime(actions.slice(0, own), 0)
            .slice(0, OWN_SHOWN)
            .map(({ action, index }) => (
              <Item key={index} action={action} index={index} yours={false} />
            ))}
        </ol>
        {own > OWN_SHOWN && <p className="hint">…and {own - OWN_SHOWN} more.</p>}
      </details>
    </section>
  );
}
