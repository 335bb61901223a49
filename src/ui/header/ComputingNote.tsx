// Says that a long run is being computed (by a worker, off the page's thread), so the timeline,
// cards and verdict on screen are still the run before the change. Announced politely.

import { useLab } from '../store/context';

export function ComputingNote() {
  const { computing, name, actions } = useLab((s) => ({
    computing: s.computing,
    name: s.scenario.name,
    actions: s.scenario.actions.length,
  }));
  if (!computing) return null;
  return (
    <p className="computing-note" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>
        Running “{name}” ({actions.toLocaleString('en-US')} timed actions)… Until it is ready, the timeline, cards and
        verdict show the run before this change.
      </span>
    </p>
  );
}
