// Where a view's code cannot be fetched (offline, or a tab left open across a new release of the
// site, whose old chunks are gone), the page says so in words and offers a reload, instead of
// going blank with an error only the console shows.

import { Component, type ReactNode } from 'react';

interface State {
  failed: boolean;
}

export class ViewBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="view-failed" role="alert">
        <p>
          This part of Fencelab could not be shown: the page could not fetch it (offline, or the site was updated since
          the page was opened).
        </p>
        <button type="button" className="primary" onClick={() => window.location.reload()}>
          Reload the page
        </button>
      </main>
    );
  }
}
