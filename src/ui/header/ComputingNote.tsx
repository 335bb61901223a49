// Says that a long run is being computed (by a worker, off the page's thread), so the timeline,
// cards and verdict on screen are still the run before the change; and that a change made while
// an older run was still computing stopped that run (it stays said until the next change).
// Announced politely.

import { useLab } from '../store/context';

export function ComputingNote() {
  const { computing, name, actions, replacedRun } = useLab((s) => ({
    computing: s.computing,
    name: s.scenario.name,
    actions: s.scenario.actions.length,
    replacedRun: s.replacedRun,
  }));
  const replaced = replacedRun !== null && (
    <span data-testid="replaced-run">
      {' '}
      The run of “{replacedRun}” had not finished: it was stopped, so that this one need not wait for it.
    </span>
  );
  if (!computing) {
    return replaced ? (
      <p className="replaced-note" role="status">
        {replaced}
      </p>
    ) : null;
  }
  return (
    <p className="computing-note" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>
        Running “{name}” ({actions.toLocaleString('en-US')} timed actions)… Until it is ready, the timeline, cards and
        verdict show the run before this change.
        {replaced}
      </span>
    </p>
  );
}
