// Around every view. Where a view's code cannot be fetched (offline, or a tab left open across a
// new release of the site, whose old chunks are gone), the page says so in words and offers a
// reload, instead of going blank with an error only the console shows. Where the code came but
// the view failed to draw, it says that instead: "offline" only when it is the cause.

import { Component, type ReactNode } from 'react';
import { CodeFetchError } from './codeFetch';

interface State {
  /** Why the view is not shown: its code could not be fetched, or it could not be drawn. */
  failed: null | { kind: 'fetch' } | { kind: 'draw'; problem: string };
}

/** The first line of what was thrown, short: a message, never a stack. */
function problemOf(error: unknown): string {
  const line = (error instanceof Error ? error.message : String(error)).split('\n')[0]?.trim() ?? '';
  return line.length > 160 ? `${line.slice(0, 160)}…` : line || 'no reason given';
}

export class ViewBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: null };

  static getDerivedStateFromError(error: unknown): State {
    return {
      failed: error instanceof CodeFetchError ? { kind: 'fetch' } : { kind: 'draw', problem: problemOf(error) },
    };
  }

  override render() {
    const { failed } = this.state;
    if (failed === null) return this.props.children;
    return (
      <main className="view-failed" role="alert">
        <p>
          {failed.kind === 'fetch'
            ? 'This part of Fencelab could not be shown: the page could not fetch it (offline, or the site was updated since the page was opened).'
            : `This part of Fencelab could not be drawn (${failed.problem}). Reload the page to try again.`}
        </p>
        <button type="button" className="primary" onClick={() => window.location.reload()}>
          Reload the page
        </button>
      </main>
    );
  }
}
