// While the run plays, a thin line at the playhead's time. The cursor sits on the last step that
// has happened; through a quiet stretch (a 2.5 s GC pause has no steps at all) it stays put while
// time runs on, and without this line playback looks frozen. Its own small component: it redraws
// every frame while playing, and nothing else has to.

import { useLab } from '../store/context';
import { xOfTime } from '../timeline/layout';
import type { TimelineLayout } from '../timeline/types';

/** Closer than this to the cursor, the playhead would only thicken the cursor line. */
const MIN_GAP_PX = 3;

export function Playhead({ layout, cursorX }: { layout: TimelineLayout; cursorX: number }) {
  const { playing, playheadMs } = useLab((s) => ({ playing: s.playing, playheadMs: s.playheadMs }));
  if (!playing) return null;
  const { plot, size } = layout;
  const x = xOfTime(layout, playheadMs);
  if (x - cursorX < MIN_GAP_PX || x < plot.left || x > plot.right) return null;
  return (
    <svg className="tl-overlay" width={size.width} height={size.height} aria-hidden="true">
      <line className="tl-playhead" x1={x} x2={x} y1={plot.top - 2} y2={plot.bottom} />
    </svg>
  );
}
