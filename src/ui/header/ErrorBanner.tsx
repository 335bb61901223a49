// The one place problems are reported: a bad link, a bad file, a setting the engine refused.
// Dismissible; announced to screen readers as an alert.

import { useActions, useLab } from '../store/context';

export function ErrorBanner() {
  const error = useLab((s) => s.error);
  const { dismissError } = useActions();
  if (!error) return null;
  return (
    <div className="error-banner" role="alert">
      <p>{error}</p>
      <button type="button" onClick={dismissError}>
        Dismiss
      </button>
    </div>
  );
}
