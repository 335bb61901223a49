// Two ways to watch a run as a class would: stop on every labelled step, and keep what has not
// happened yet out of sight (the timeline, the chart and the verdict show only the run so far).

import { useActions, useLab } from '../store/context';

export function PlaybackOptions() {
  const { stopAtLabels, hideFuture } = useLab((s) => ({ stopAtLabels: s.stopAtLabels, hideFuture: s.hideFuture }));
  const a = useActions();
  return (
    <div className="playback-options" role="group" aria-label="How to play the run">
      <label>
        <input type="checkbox" checked={stopAtLabels} onChange={(e) => a.setStopAtLabels(e.currentTarget.checked)} />{' '}
        Stop at each labelled step
      </label>
      <label>
        <input type="checkbox" checked={hideFuture} onChange={(e) => a.setHideFuture(e.currentTarget.checked)} /> Hide
        what has not happened yet
      </label>
    </div>
  );
}
