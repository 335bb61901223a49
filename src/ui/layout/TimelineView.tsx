// Where the timeline sits in the lab. The one line that chooses the Timeline component: the
// placeholder until the real one (src/ui/timeline) is merged, then that one, same props.

import { Timeline } from '../timeline-placeholder/Timeline';
import { useActions, useLab } from '../store/context';

/** The timeline's height; its section is fixed to it so a new frame never relays out the page. */
const TIMELINE_PX = 260;

export function TimelineView() {
  const { trace, cursor } = useLab((s) => ({ trace: s.trace, cursor: s.cursor }));
  const { seek } = useActions();
  return (
    <section className="timeline" aria-label="Timeline" style={{ height: TIMELINE_PX + 14 }}>
      <Timeline trace={trace} cursor={cursor} onSeek={seek} height={TIMELINE_PX} />
    </section>
  );
}
