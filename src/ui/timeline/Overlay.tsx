// Everything that moves with the cursor, kept off the heavy drawing so a step repaints only this:
// the fade over the future (a composited layer moved by transform), the cursor line and its time,
// the marks at the veil's edge, the ring on the current step's mark, the step labels' state and
// max_seen beside the resources (under their names on a phone).
// Invariant: nothing here changes when the window or the trace does not, except through the cursor.

import type { Trace } from '../../engine';
import { CursorLine, CursorPill, MaxSeen, MaxSeenInGutter, StepLabels } from './FrameLayer';
import { isNarrow, LANE_TITLE_X_NARROW_PX } from './geometry';
import { EVENT_RADIUS_PX, glyphPath, VERDICT_RADIUS_PX } from './glyphs';
import { MarkOutline, tokenX } from './MarkLayer';
import { tokenLabelWidth } from './messages';
import { gutterReadouts, maxSeenAt } from './readouts';
import type { TimelineLayout } from './types';

const RING_RADIUS_PX = 14;

/** Marks this close to the cursor straddle the veil's edge: the overlay redraws them whole. */
const NEAR_CURSOR_PX = 16;

/**
 * The veil cuts at the cursor's time, but steps at (nearly) that time may be past or future by
 * their index: each mark near the edge is redrawn on a patch of its lane's colour, solid if the
 * cursor has reached it and faded if not, so the picture never shows a step before it happens.
 */
function NearCursorMarks({ layout, step, cursorX }: { layout: TimelineLayout; step: number; cursorX: number }) {
  const oddLanes = new Set(layout.lanes.filter((_, i) => i % 2 === 1).map((l) => l.party));
  return (
    <g>
      {layout.marks
        .filter((m) => Math.abs(m.x - cursorX) < NEAR_CURSOR_PX)
        .map((m) => {
          const knockout = oddLanes.has(m.party) ? 'tl-knockout tl-knockout--odd' : 'tl-knockout';
          const radius = (m.kind === 'event' ? EVENT_RADIUS_PX : VERDICT_RADIUS_PX) + 1.5;
          const glyph = glyphPath(m.kind, m.x, m.y);
          const token = m.token !== null && m.tokenShown ? m.token : null;
          const textX = tokenX(m);
          const left = m.tokenSide === 'left';
          return (
            <g key={m.step} className={`tl-mark tl-mark--${m.kind}${m.step > step ? ' tl-mark--future' : ''}`}>
              <circle className={knockout} cx={m.x} cy={m.y} r={radius} />
              {token && (
                <rect
                  className={knockout}
                  x={left ? textX - token.length * 8.6 - 2 : textX - 2}
                  y={m.y - 8}
                  width={token.length * (left ? 8.6 : 8) + 4}
                  height={16}
                />
              )}
              <MarkOutline kind={m.kind} x={m.x} y={m.y} />
              {glyph && <path className="tl-mark__glyph" d={glyph} />}
              {token && (
                <text className="tl-mark__token" x={textX} y={m.y + 4.5} textAnchor={left ? 'end' : undefined}>
                  {token}
                </text>
              )}
            </g>
          );
        })}
    </g>
  );
}

/**
 * The tokens written beside arrows that the ring on the current step would cross (an arrow that
 * arrives at the cursor has its token right there): redrawn over the ring, on their white halo, so
 * the number the narration talks about stays readable. Only arrows already sent: a later one's
 * token stays under the veil.
 */
function TokensAtRing({ layout, step, x, y }: { layout: TimelineLayout; step: number; x: number; y: number }) {
  const near = layout.messages.filter((m) => {
    const label = m.tokenLabel;
    if (!label || m.sentStep > step) return false;
    const width = tokenLabelWidth(label.text);
    const left = label.anchor === 'end' ? label.x - width : label.x;
    return (
      left < x + RING_RADIUS_PX + 2 &&
      left + width > x - RING_RADIUS_PX - 2 &&
      Math.abs(label.y - y) < RING_RADIUS_PX + 8
    );
  });
  return (
    <g>
      {near.map((m) => (
        <text
          key={m.id}
          className="tl-message__token"
          x={m.tokenLabel!.x}
          y={m.tokenLabel!.y + 4}
          textAnchor={m.tokenLabel!.anchor}
        >
          {m.tokenLabel!.text}
        </text>
      ))}
    </g>
  );
}

export function FutureFade({ layout, cursorX }: { layout: TimelineLayout; cursorX: number }) {
  const { plot } = layout;
  const width = plot.right - plot.left;
  const shift = Math.min(Math.max(cursorX - plot.left, 0), width);
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
      {/* The ring under the marks and tokens it surrounds, so it never hides a token. */}
      {cursorVisible && lane && <circle className="tl-ring" cx={cursorX} cy={lane.y} r={RING_RADIUS_PX} />}
      {cursorVisible && <NearCursorMarks layout={layout} step={step} cursorX={cursorX} />}
      {cursorVisible && lane && <TokensAtRing layout={layout} step={step} x={cursorX} y={lane.y} />}
      <StepLabels labels={layout.labels} plot={plot} cursor={step} />
      {cursorVisible && <CursorPill x={cursorX} plot={plot} text={cursorText} ticks={layout.ticks} />}
      {isNarrow(plot) ? (
        <MaxSeenInGutter
          readouts={gutterReadouts(
            maxSeenAt(trace, step, layout.lanes),
            layout.lanes,
            plot.left,
            LANE_TITLE_X_NARROW_PX,
          )}
        />
      ) : (
        <MaxSeen readouts={maxSeenAt(trace, step, layout.lanes)} plot={plot} />
      )}
    </svg>
  );
}
