// The timeline's frame: lane bands with their names at the left, max_seen at the right of each
// resource lane, the time axis and grid, the article's step labels, and the cursor.
// Invariant: text sits in the gutters and bands, never under the marks it would hide.

import { memo } from 'react';
import {
  fitsFullGutter,
  isNarrow,
  LANE_TITLE_X_NARROW_PX,
  LANE_TITLE_X_PX,
  MAXSEEN_VALUE_PX,
  maxSeenValuePx,
} from './geometry';
import {
  MAXSEEN_BOX_PX,
  MAXSEEN_CAPTION_MIN_BOX_PX,
  readoutHeight,
  type GutterReadout,
  type MaxSeenReadout,
} from './readouts';
import { labelWidth } from './marks';
import type { LaneShape, PlotArea, StepLabelShape, TickShape } from './types';

/** The least lane height (px) with room for a note under the name: a full lane, a compact one. */
const SUBTITLE_ROOM_PX = 36;
const SUBTITLE_ROOM_COMPACT_PX = 28;

/** Whether a lane shows its note (role) under its name: not on a phone, nor where it has no room. */
const hasSubtitle = (lane: LaneShape, plot: PlotArea): boolean =>
  lane.subtitle !== '' &&
  !isNarrow(plot) &&
  lane.height >= (lane.compact ? SUBTITLE_ROOM_COMPACT_PX : SUBTITLE_ROOM_PX);
/** Below this lane height (px) a name in the usual type would run into the next lane's name. */
const TITLE_ROOM_PX = 15;

export const LaneBands = memo(function LaneBands({
  lanes,
  plot,
  width,
}: {
  lanes: LaneShape[];
  plot: PlotArea;
  width: number;
}) {
  return (
    <g className="tl-lanes">
      {lanes.map((lane, i) => (
        <g key={lane.party} className={`tl-lane tl-lane--${lane.kind}`}>
          <rect
            className={i % 2 ? 'tl-lane__band tl-lane__band--odd' : 'tl-lane__band'}
            x={0}
            y={lane.top}
            width={width}
            height={lane.height}
          />
          <line className="tl-lane__line" x1={plot.left} x2={plot.right} y1={lane.y} y2={lane.y} />
          {lane.height < TITLE_ROOM_PX ? (
            // Lanes packed close (Redlock's masters in a short frame): one line in small type.
            <text
              className="tl-lane__title tl-lane__title--tight"
              x={isNarrow(plot) ? LANE_TITLE_X_NARROW_PX : 14}
              y={lane.y + 1}
            >
              {lane.title}
            </text>
          ) : isNarrow(plot) ? (
            // A phone: smaller type at the very edge, two lines for a long name (layout sized the gutter for it).
            <text className="tl-lane__title tl-lane__title--narrow" x={LANE_TITLE_X_NARROW_PX} y={lane.y + 1}>
              {lane.titleLines.length === 1
                ? lane.title
                : lane.titleLines.map((line, i) => (
                    <tspan key={i} x={LANE_TITLE_X_NARROW_PX} dy={i === 0 ? -7 : 15}>
                      {i === 0 ? `${line} ` : line}
                    </tspan>
                  ))}
            </text>
          ) : (
            // A name too long for the gutter in the usual type is written smaller, clear of the plot.
            <text
              className={fitsFullGutter(lane.title) ? 'tl-lane__title' : 'tl-lane__title tl-lane__title--long'}
              x={LANE_TITLE_X_PX}
              // A compact lane with a note under its name: the two lines share the band's middle,
              // so the note stays well clear of the next lane's name.
              y={lane.y + (lane.compact && hasSubtitle(lane, plot) ? -3 : 1)}
            >
              {lane.title}
            </text>
          )}
          {hasSubtitle(lane, plot) && (
            // A compact lane's note sits closer under its name, clear of the next lane's name; a
            // lane too short for a second line (a projector's lesson) shows its name alone.
            <text className="tl-lane__subtitle" x={14} y={lane.y + (lane.compact ? 11 : 18)}>
              {lane.subtitle}
            </text>
          )}
        </g>
      ))}
    </g>
  );
});

/** A long value (a random token) is drawn smaller, to stay in its box; a counter's keeps the style sheet's size. */
const valueSize = (value: string) => {
  const px = maxSeenValuePx(value);
  return px === MAXSEEN_VALUE_PX ? undefined : { fontSize: `${px}px` };
};

export function MaxSeen({ readouts, plot }: { readouts: MaxSeenReadout[]; plot: PlotArea }) {
  const x = plot.right + 16;
  const height = readoutHeight(readouts);
  return (
    <g className="tl-maxseen">
      {readouts.map((r) => {
        if (height === MAXSEEN_BOX_PX) {
          return (
            <g key={r.party} className={itemClass(r)}>
              <rect className="tl-maxseen__box" x={x - 8} y={r.y - 24} width={96} height={MAXSEEN_BOX_PX} rx={6} />
              <text className="tl-maxseen__caption" x={x} y={r.y - 8}>
                {r.caption}
              </text>
              <text className="tl-maxseen__value" x={x} y={r.y + 22} style={valueSize(r.value)}>
                {r.value}
              </text>
            </g>
          );
        }
        // Smaller, centred on the lane: the caption over the value while there is room for both
        // (each in proportion, never under 9 and 13 px), else the value alone.
        const top = r.y - height / 2;
        const k = height / MAXSEEN_BOX_PX;
        const withCaption = height >= MAXSEEN_CAPTION_MIN_BOX_PX;
        const caption = Math.max(9, Math.round(11 * k));
        const value = Math.min(
          maxSeenValuePx(r.value),
          withCaption ? Math.max(13, Math.round(MAXSEEN_VALUE_PX * k)) : height - 3,
        );
        return (
          <g key={r.party} className={itemClass(r)}>
            <title>{`${r.caption}: ${r.value}`}</title>
            <rect className="tl-maxseen__box" x={x - 8} y={top} width={96} height={height} rx={4} />
            {withCaption && (
              <text className="tl-maxseen__caption" x={x} y={top + caption + 2} style={{ fontSize: `${caption}px` }}>
                {r.caption}
              </text>
            )}
            <text
              className="tl-maxseen__value"
              x={x}
              y={withCaption ? top + height - 4 : r.y + value * 0.36}
              style={{ fontSize: `${value}px` }}
            >
              {r.value}
            </text>
          </g>
        );
      })}
    </g>
  );
}

/** max_seen on a phone: under each resource's name (readouts.ts, gutterReadouts), highlighted as it changes. */
export function MaxSeenInGutter({ readouts }: { readouts: GutterReadout[] }) {
  return (
    <g className="tl-maxseen tl-maxseen--gutter">
      {readouts.map((r) => (
        <g key={r.party} className={itemClass(r)}>
          {r.changed && (
            <rect
              className="tl-maxseen__box"
              x={r.x - 3}
              y={r.captionY - 11}
              width={r.width + 6}
              height={(r.valueY ?? r.captionY) - r.captionY + 15}
              rx={3}
            />
          )}
          <text className="tl-maxseen__caption" x={r.x} y={r.captionY}>
            {r.caption}
            {r.value && r.valueY === null && <tspan className="tl-maxseen__value--gutter"> {r.value}</tspan>}
          </text>
          {r.value && r.valueY !== null && (
            <text className="tl-maxseen__value--gutter" x={r.x} y={r.valueY}>
              {r.value}
            </text>
          )}
        </g>
      ))}
    </g>
  );
}

const itemClass = (r: MaxSeenReadout) =>
  r.changed ? 'tl-maxseen__item tl-maxseen__item--changed' : 'tl-maxseen__item';

export const Grid = memo(function Grid({ ticks, plot }: { ticks: TickShape[]; plot: PlotArea }) {
  return (
    <g className="tl-grid">
      {ticks.map((t) => (
        <line key={t.label} x1={t.x} x2={t.x} y1={plot.top} y2={plot.bottom} />
      ))}
    </g>
  );
});

export const Axis = memo(function Axis({ ticks, plot }: { ticks: TickShape[]; plot: PlotArea }) {
  return (
    <g className="tl-axis" transform={`translate(0,${plot.bottom})`}>
      <line className="tl-axis__line" x1={plot.left} x2={plot.right} />
      {ticks.map((t) => (
        <g key={t.label} transform={`translate(${t.x},0)`}>
          <line className="tl-axis__tick" y2={5} />
          <text className="tl-axis__label" y={18}>
            {t.label}
          </text>
        </g>
      ))}
    </g>
  );
});

export function StepLabels({ labels, plot, cursor }: { labels: StepLabelShape[]; plot: PlotArea; cursor: number }) {
  return (
    <g className="tl-labels">
      {labels.map((l) => {
        const state = l.step === cursor ? 'current' : l.step < cursor ? 'past' : 'future';
        const w = labelWidth(l.text);
        return (
          <g key={l.step} className={`tl-label tl-label--${state}`} data-step={l.step}>
            <title>{`${l.text}: step ${l.step}`}</title>
            <path
              className="tl-label__leader"
              d={`M${l.x},${l.y + 10}L${l.anchorX},${plot.top}L${l.anchorX},${l.anchorY - 11}`}
            />
            <rect className="tl-label__pill" x={l.x - w / 2} y={l.y - 10} width={w} height={20} rx={10} />
            <text className="tl-label__text" x={l.x} y={l.y + 4.5}>
              {l.text}
            </text>
          </g>
        );
      })}
    </g>
  );
}

/** The cursor's line runs under the marks (so the mark at the cursor stays whole); its pill sits on the axis. */
export function CursorLine({ x, plot }: { x: number; plot: PlotArea }) {
  return <line className="tl-cursor__line" x1={x} x2={x} y1={plot.top - 2} y2={plot.bottom} />;
}

/** An axis label's width at 11 px, a little generous (digits and a comma are about 6.3 px). */
const tickLabelWidth = (label: string) => label.length * 6.6 + 6;

/**
 * The cursor's time on the axis. It is drawn over the axis labels, so a label it would cut in part
 * ("2,00") is covered whole: the pill gives the exact time there.
 */
export function CursorPill({ x, plot, text, ticks }: { x: number; plot: PlotArea; text: string; ticks: TickShape[] }) {
  const w = text.length * 6.6 + 16;
  const left = Math.min(Math.max(x - w / 2, plot.left - 8), plot.right + 8 - w);
  const covered = ticks.filter((t) => {
    const half = tickLabelWidth(t.label) / 2;
    return t.x + half > left && t.x - half < left + w;
  });
  return (
    <g className="tl-cursor">
      {covered.map((t) => {
        const lw = tickLabelWidth(t.label);
        return (
          <rect key={t.label} className="tl-knockout" x={t.x - lw / 2} y={plot.bottom + 7} width={lw} height={15} />
        );
      })}
      <line className="tl-cursor__line" x1={x} x2={x} y1={plot.bottom} y2={plot.bottom + 6} />
      <rect className="tl-cursor__pill" x={left} y={plot.bottom + 6} width={w} height={20} rx={4} />
      <text className="tl-cursor__text" x={left + w / 2} y={plot.bottom + 20}>
        {text}
      </text>
    </g>
  );
}
