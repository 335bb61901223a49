// Where the timeline sits in the lab: the real Timeline (src/ui/timeline), sized by lane count.

import { defaultHeight } from '../timeline/geometry';
import { laneUnits } from '../timeline/lanes';
import { Timeline } from '../timeline/Timeline';
import type { TimelineLayout } from '../timeline/types';
import { useActions, useLab } from '../store/context';
import { useShownTrace } from '../store/shown';
import { InterventionMarks } from './InterventionMarks';
import { Playhead } from './Playhead';
import { ExportBar } from '../export/ExportBar';

/** Lanes get 64 px each (Redlock's five masters a compact share each), never fewer than three;
 * 38 px when compact (a lesson on a projector). */
const timelineHeight = (units: number, compact: boolean) => defaultHeight(Math.max(3, units), compact ? 38 : 64);

/** The store's layers over the drawing: the user's interventions, and the playhead while playing. */
const overlay = (layout: TimelineLayout, cursorX: number) => (
  <>
    <InterventionMarks layout={layout} />
    <Playhead layout={layout} cursorX={cursorX} />
  </>
);

/** `exportable`: the export actions under the timeline (the lab's own view, not a lesson's). */
export function TimelineView({ compact = false, exportable = false }: { compact?: boolean; exportable?: boolean }) {
  const { trace, fullTrace } = useShownTrace();
  const { cursor, interventions } = useLab((s) => ({
    cursor: s.cursor,
    interventions: s.scenario.actions.length > s.ownActionCount,
  }));
  const { seek } = useActions();
  return (
    <section className="timeline" aria-label="Timeline">
      <Timeline
        trace={trace}
        fitTo={fullTrace}
        cursor={cursor}
        onSeek={seek}
        height={timelineHeight(laneUnits(trace.parties), compact)}
        overlay={overlay}
        interventionKey={interventions}
      />
      {exportable && <ExportBar />}
    </section>
  );
}
