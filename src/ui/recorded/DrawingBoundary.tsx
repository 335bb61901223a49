// Around one recording's drawing: a recording that was fetched and read but cannot be drawn (a
// bug, or a file the checks let through) is said to be that, in one sentence, while the list and
// the way back stay usable. Never "offline": the file was fetched. A new recording draws afresh.

import { Component, type ReactNode } from 'react';

interface Props {
  /** The recording being drawn, for the sentence. */
  id: string;
  children: ReactNode;
}

interface State {
  /** What went wrong, or null while drawing works. */
  problem: string | null;
}

/** The first line of what was thrown, short: a message, never a stack. */
const problemOf = (error: unknown): string => {
  const message = error instanceof Error ? error.message : String(error);
  const line = message.split('\n')[0]?.trim() ?? '';
  return line.length > 160 ? `${line.slice(0, 160)}…` : line;
};

export class DrawingBoundary extends Component<Props, State> {
  override state: State = { problem: null };

  static getDerivedStateFromError(error: unknown): State {
    return { problem: problemOf(error) || 'no reason given' };
  }

  override render() {
    if (this.state.problem === null) return this.props.children;
    return (
      <div className="error-banner recorded-error" role="alert">
        <p>
          The recording "{this.props.id}" was fetched and read, but its view could not be drawn ({this.state.problem}).
          Pick another recording, or reload the page.
        </p>
      </div>
    );
  }
}
