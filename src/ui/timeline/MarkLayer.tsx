// Step marks and message arrows. Drawn once per layout (memoised): playing the trace does not touch
// them, the fade of the future is an overlay (see Timeline). Absolute coordinates throughout, so the
// browser paints thousands of marks as one chunk.
// Invariant: every mark and arrow carries data-step, the step a click on it seeks to.

import { memo, useMemo } from 'react';
import { batchMessages, DETAIL_MAX } from './batch';
import { glyphPath, outline, TOKEN_DX_PX } from './glyphs';
import type { MarkShape, MarkShapeKind, MessageShape } from './types';

/** Wide invisible strokes make thin arrows easy to click; with many arrows they only cost paint. */
const HIT_LINES_MAX = 150;

export function MarkOutline({ kind, x, y }: { kind: MarkShapeKind; x: number; y: number }) {
  const o = outline(kind, x, y);
  if (o.shape === 'circle') return <circle className="tl-mark__outline" cx={o.cx} cy={o.cy} r={o.r} />;
  if (o.shape === 'rect') {
    return <rect className="tl-mark__outline" x={o.x} y={o.y} width={o.size} height={o.size} rx={2} />;
  }
  return <path className="tl-mark__outline" d={o.d} />;
}

/** Where a mark's token text is anchored: its start right of the mark, or its end left of it. */
export const tokenX = (mark: Pick<MarkShape, 'x' | 'kind' | 'tokenSide'>): number =>
  mark.tokenSide === 'left' ? mark.x - TOKEN_DX_PX[mark.kind] : mark.x + TOKEN_DX_PX[mark.kind];

export const Marks = memo(function Marks({ marks }: { marks: MarkShape[] }) {
  return (
    <g className="tl-marks">
      {marks.map((mark) => {
        const glyph = glyphPath(mark.kind, mark.x, mark.y);
        return (
          <g key={mark.step} className={`tl-mark tl-mark--${mark.kind}`} data-step={mark.step}>
            <title>{mark.title}</title>
            <MarkOutline kind={mark.kind} x={mark.x} y={mark.y} />
            {glyph && <path className="tl-mark__glyph" d={glyph} />}
            {mark.token !== null && mark.tokenShown && (
              <text
                className="tl-mark__token"
                x={tokenX(mark)}
                y={mark.y + 4.5}
                textAnchor={mark.tokenSide === 'left' ? 'end' : undefined}
              >
                {mark.token}
              </text>
            )}
          </g>
        );
      })}
    </g>
  );
});

/** Thousands of arrows as one path per status: a long run zoomed out stays quick to draw. */
function BatchedMessages({ messages }: { messages: MessageShape[] }) {
  const batches = useMemo(() => batchMessages(messages), [messages]);
  return (
    <g className="tl-messages">
      {batches.map((b) => (
        <g key={b.status} className={`tl-message tl-message--${b.status}`}>
          <path className="tl-message__line" d={b.lines} />
          <path
            className={b.status === 'dropped' || b.status === 'lost' ? 'tl-message__cross' : 'tl-message__head'}
            d={b.ends}
          />
        </g>
      ))}
    </g>
  );
}

export const Messages = memo(function Messages({ messages }: { messages: MessageShape[] }) {
  if (messages.length > DETAIL_MAX) return <BatchedMessages messages={messages} />;
  const hitLines = messages.length <= HIT_LINES_MAX;
  return (
    <g className="tl-messages">
      {messages.map((m) => {
        const lost = m.status === 'dropped' || m.status === 'lost';
        return (
          <g key={m.id} className={`tl-message tl-message--${m.status}`} data-step={m.seekStep}>
            <title>{m.title}</title>
            {hitLines && <line className="tl-message__hit" x1={m.x1} y1={m.y1} x2={m.x2} y2={m.y2} />}
            <line className="tl-message__line" x1={m.x1} y1={m.y1} x2={m.x2} y2={m.y2} />
            {m.endPath && <path className={lost ? 'tl-message__cross' : 'tl-message__head'} d={m.endPath} />}
            {m.tokenLabel && (
              <text
                className="tl-message__token"
                x={m.tokenLabel.x}
                y={m.tokenLabel.y + 4}
                textAnchor={m.tokenLabel.anchor}
              >
                {m.tokenLabel.text}
              </text>
            )}
          </g>
        );
      })}
    </g>
  );
});
