// Where the timeline sits in the lab: the real Timeline (src/ui/timeline), sized by lane count.

import { Timeline } from '../timeline/Timeline';
import { useActions, useLab } from '../store/context';

/** Lanes get 64 px each (the timeline's minimum is 56), plus the label band and the axis. */
const timelineHeight = (lanes: number) => 40 + Math.max(3, lanes) * 64 + 36;

export function TimelineView() {
  const { trace, cursor } = useLab((s) => ({ trace: s.trace, cursor: s.cursor }));
  const { seek } = useActions();
  return (
    <section className="timeline" aria-label="Timeline">
      <Timeline trace={trace} cursor={cursor} onSeek={seek} height={timelineHeight(trace.parties.length)} />
    </section>
  );
}
