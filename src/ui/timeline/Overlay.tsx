// Everything that moves with the cursor, kept off the heavy drawing so a step repaints only this:
// the fade over the future (a composited layer moved by transform), the cursor line and its time,
// the ring on the current step's mark, the step labels' state and max_seen beside the resources.
// Invariant: nothing here changes when the window or the trace does not, except through the cursor.

import type { Trace } from '../../engine';
import { CursorLine, CursorPill, MaxSeen, StepLabels } from './FrameLayer';
import { TOKEN_DX_PX, VERDICT_RADIUS_PX } from './glyphs';
import { maxSeenAt } from './readouts';
import type { TimelineLayout } from './types';

const RING_RADIUS_PX = 14;

/** Where the veil starts: just past the current step's mark and its token, which stay whole. */
export function veilStartX(layout: TimelineLayout, step: number, cursorX: number): number {
  const mark = layout.marks.find((m) => m.step === step);
  if (!mark) return cursorX;
  const tokenPx = mark.token !== null && mark.tokenShown ? TOKEN_DX_PX[mark.kind] + mark.token.length * 8 : 0;
  return mark.x + Math.max(VERDICT_RADIUS_PX + 3, tokenPx);
}

export function FutureFade({ layout, startX }: { layout: TimelineLayout; startX: number }) {
  const { plot } = layout;
  const width = plot.right - plot.left;
  const shift = Math.min(Math.max(startX - plot.left, 0), width);
  return (
    <div
      className="tl-fade"
      style={{ left: plot.left, top: plot.top, width, height: plot.bottom - plot.top }}
      aria-hidden="true"
    >
      <div className="tl-fade__veil" style={{ transform: `translateX(${shift}px)` }} />
    </div>
  );
}

export function Overlay({
  trace,
  layout,
  step,
  cursorX,
  cursorVisible,
  cursorText,
}: {
  trace: Trace;
  layout: TimelineLayout;
  step: number;
  cursorX: number;
  cursorVisible: boolean;
  cursorText: string;
}) {
  const { plot, size } = layout;
  const lane = layout.lanes.find((l) => l.party === trace.steps[step]?.party);
  return (
    <svg className="tl-overlay" width={size.width} height={size.height} aria-hidden="true">
      {cursorVisible && <CursorLine x={cursorX} plot={plot} />}
      {cursorVisible && lane && <circle className="tl-ring" cx={cursorX} cy={lane.y} r={RING_RADIUS_PX} />}
      <StepLabels labels={layout.labels} plot={plot} cursor={step} />
      {cursorVisible && <CursorPill x={cursorX} plot={plot} text={cursorText} />}
      <MaxSeen readouts={maxSeenAt(trace, step, layout.lanes)} plot={plot} />
    </svg>
  );
}
