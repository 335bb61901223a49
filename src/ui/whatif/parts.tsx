// The what-if form's words around its fields: the race it runs, and the answer to the last press
// (the worst placement, loaded and undoable; the search under way; or refused for a field).

import type { WhatIfFault } from '../../engine';
import { noteFor } from './words';

/** Where the last press of Run stands. */
export type RunStatus =
  | { kind: 'idle' }
  | { kind: 'running' }
  | { kind: 'loaded'; answer: string }
  | { kind: 'refused' }
  | { kind: 'failed'; error: string };

const statusText = (status: RunStatus): string => {
  switch (status.kind) {
    case 'idle':
      return '';
    case 'running':
      return 'Trying the trouble just before and just after each renewal and lease end…';
    case 'loaded':
      return `${status.answer} Loaded. “Undo last change” at the top puts back the run before.`;
    case 'refused':
      return 'Not run: fix the field marked above (it says why). The table still shows the run before.';
    case 'failed':
      return `Not run: ${status.error}`;
  }
};

/** Run, and what became of the last press. */
export function WhatIfActions({ status }: { status: RunStatus }) {
  return (
    <div className="whatif-actions">
      <button type="submit" className="primary" disabled={status.kind === 'running'}>
        Run this what-if
      </button>
      <p className={`whatif-status${status.kind === 'loaded' ? ' whatif-answer' : ''}`} role="status">
        {statusText(status)}
      </p>
    </div>
  );
}

/** The race the what-if runs, with what to expect of the fault picked. */
export function WhatIfStory({ fault, faultMs }: { fault: WhatIfFault; faultMs: number | null }) {
  return (
    <p className="hint whatif-story">
      The race from the article with one thing going wrong. Client1 takes the lock and writes; the trouble you pick
      hits; Client2 asks for the lock and writes; then Client1 writes again, perhaps too late. The lab tries the trouble
      just before and just after each renewal and lease end, and shows the worst.
      {noteFor(fault, faultMs)} The table below runs it under every lock design.
    </p>
  );
}
