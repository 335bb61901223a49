// Where the timeline sits in the lab: the real Timeline (src/ui/timeline), sized by lane count.

import { defaultHeight } from '../timeline/geometry';
import { laneUnits } from '../timeline/lanes';
import { Timeline } from '../timeline/Timeline';
import type { TimelineLayout } from '../timeline/types';
import { useActions, useLab } from '../store/context';
import { InterventionMarks } from './InterventionMarks';
import { Playhead } from './Playhead';

/** Lanes get 64 px each (Redlock's five masters a compact share each), never fewer than three. */
const timelineHeight = (units: number) => defaultHeight(Math.max(3, units), 64);

/** The store's layers over the drawing: the user's interventions, and the playhead while playing. */
const overlay = (layout: TimelineLayout, cursorX: number) => (
  <>
    <InterventionMarks layout={layout} />
    <Playhead layout={layout} cursorX={cursorX} />
  </>
);

export function TimelineView() {
  const { trace, cursor, interventions } = useLab((s) => ({
    trace: s.trace,
    cursor: s.cursor,
    interventions: s.scenario.actions.length > s.ownActionCount,
  }));
  const { seek } = useActions();
  return (
    <section className="timeline" aria-label="Timeline">
      <Timeline
        trace={trace}
        cursor={cursor}
        onSeek={seek}
        height={timelineHeight(laneUnits(trace.parties))}
        overlay={overlay}
        interventionKey={interventions}
      />
    </section>
  );
}
