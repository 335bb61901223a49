// Where the timeline sits in the lab: the real Timeline (src/ui/timeline), sized by lane count.

import { Timeline } from '../timeline/Timeline';
import type { TimelineLayout } from '../timeline/types';
import { useActions, useLab } from '../store/context';
import { InterventionMarks } from './InterventionMarks';
import { Playhead } from './Playhead';

/**
 * Lanes get 64 px each, plus the label band and the axis; with more than six (Redlock's five
 * masters) they get the timeline's minimum, 56 px, so the clients and the store stay on screen.
 */
const timelineHeight = (lanes: number) => 40 + Math.max(3, lanes) * (lanes > 6 ? 56 : 64) + 36;

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
        height={timelineHeight(trace.parties.length)}
        overlay={overlay}
        interventionKey={interventions}
      />
    </section>
  );
}
