// Where the timeline sits in the lab: the real Timeline (src/ui/timeline), sized by lane count.

import { useMemo } from 'react';
import { defaultHeight } from '../timeline/geometry';
import { laneUnits } from '../timeline/lanes';
import { withoutBeliefs } from '../timeline/leases';
import { Timeline } from '../timeline/Timeline';
import type { TimeWindow, TimelineLayout } from '../timeline/types';
import { useActions, useLab } from '../store/context';
import { useShownTrace } from '../store/shown';
import { ActionMarks } from './ActionMarks';
import { Playhead } from './Playhead';
import { ExportBar } from '../export/ExportBar';

const PRESENT_LANE_MIN_PX = 28;

/** Lanes get 64 px each (Redlock's five masters a compact share each), never fewer than three.
 * Given `maxHeightPx` (a lesson on a projector) they share what fits in it, 28 to 38 px per lane
 * unit (a compact Redlock master lane is half of one): below that a lane's name and its tokens run
 * into each other, so the timeline runs on below the screen instead (the presenter's forward key
 * scrolls to it). */
const timelineHeight = (units: number, maxHeightPx?: number) => {
  const lanes = Math.max(3, units);
  if (maxHeightPx === undefined) return defaultHeight(lanes, 64);
  const spare = maxHeightPx - defaultHeight(lanes, 0);
  return defaultHeight(lanes, Math.max(PRESENT_LANE_MIN_PX, Math.min(38, spare / lanes)));
};

/** The least height (px) the timeline keeps on a projector (`maxHeightPx` given) for `units` lane
 * units: the words above it are made smaller before it is made to run on below the screen. */
export const presentTimelineMinPx = (units: number): number => defaultHeight(Math.max(3, units), PRESENT_LANE_MIN_PX);

/** The store's layers over the drawing: the actions the user added, and the playhead while playing. */
const overlay = (layout: TimelineLayout, cursorX: number) => (
  <>
    <ActionMarks layout={layout} />
    <Playhead layout={layout} cursorX={cursorX} />
  </>
);

/**
 * `exportable`: the export actions under the timeline (the lab's own view, not a lesson's).
 * `hideBeliefs`: draw no client's belief in its lease (a lesson's open question that asks how many
 * clients believe they hold the lock: the bars would answer it).
 * `focus`: the time to open on (ms of the run; a lesson part's), instead of the whole run.
 */
export function TimelineView({
  maxHeightPx,
  exportable = false,
  hideBeliefs = false,
  focus = null,
}: {
  maxHeightPx?: number;
  exportable?: boolean;
  hideBeliefs?: boolean;
  focus?: TimeWindow | null;
}) {
  const shown = useShownTrace();
  const fullTrace = shown.fullTrace;
  const trace = useMemo(() => (hideBeliefs ? withoutBeliefs(shown.trace) : shown.trace), [hideBeliefs, shown.trace]);
  const { cursor, yourActions } = useLab((s) => ({
    cursor: s.cursor,
    yourActions: s.scenario.actions.length > s.ownActionCount,
  }));
  const { seek } = useActions();
  return (
    <section className="timeline" aria-label="Timeline">
      <Timeline
        trace={trace}
        fitTo={fullTrace}
        cursor={cursor}
        onSeek={seek}
        height={timelineHeight(laneUnits(trace.parties), maxHeightPx)}
        overlay={overlay}
        yourActionsKey={yourActions}
        focus={focus}
      />
      {exportable && <ExportBar />}
    </section>
  );
}
