// max_seen over time (or, under the `equal` check, the store's current token): a step line per checking resource, every write as a mark (a filled circle
// on the line when accepted, a cross below it when rejected) and the cursor. Clicking seeks to the
// nearest step. The event table carries the same facts as text.

import { memo, useMemo, type MouseEvent } from 'react';
import { useActions, useLabStore } from '../store/context';
import { useShownTrace } from '../store/shown';
import { usePacedCursor } from '../store/pacing/paced';
import { useElementWidth } from '../hooks/useElementWidth';
import { lastStepAtOrBefore } from '../store/pacing/time';
import { formatNumber } from '../format/number';
import { layoutMaxSeen, maxSeenSeries, TRACKED_TITLE, type MaxSeenLayout } from './maxSeenLayout';
import { pointerIn } from '../svg/pointer';

const HEIGHT = 150;
/** Half the width of a write's mark (a dot, a cross), px. */
const MARK_HALF_PX = 4;
const MARGIN = { top: 12, right: 16, bottom: 24, left: 44 };

const Shapes = memo(function Shapes({ layout, height, name }: { layout: MaxSeenLayout; height: number; name: string }) {
  return (
    <g>
      {layout.yTicks.map((t) => (
        <g key={`y${t.text}`}>
          <line x1={layout.left} x2="100%" y1={t.y} y2={t.y} className="grid" />
          <text x={layout.left - 6} y={t.y + 4} textAnchor="end" className="tick">
            {t.text}
          </text>
        </g>
      ))}
      {layout.xTicks.map((t) => (
        <text key={`x${t.text}`} x={t.x} y={height - 6} textAnchor="middle" className="tick">
          {t.text}
        </text>
      ))}
      {layout.below !== null && (
        <text x={layout.left + 4} y={height - MARGIN.bottom - 4} className="tick">
          {name} starts at {formatNumber(layout.below)}, far below this axis
        </text>
      )}
      {layout.series.map((s, i) => (
        <path key={s.resource} d={s.path} className={`max-seen-line series-${i % 3}`} />
      ))}
      {layout.marks.map((m) =>
        m.verdict === 'accepted' ? (
          <circle key={`${m.resource}${m.step}`} cx={m.x} cy={m.y} r={MARK_HALF_PX} className="mark-accept" />
        ) : (
          <path
            key={`${m.resource}${m.step}`}
            d={`M${m.x - MARK_HALF_PX},${m.y - MARK_HALF_PX}L${m.x + MARK_HALF_PX},${m.y + MARK_HALF_PX}M${m.x + MARK_HALF_PX},${m.y - MARK_HALF_PX}L${m.x - MARK_HALF_PX},${m.y + MARK_HALF_PX}`}
            className="mark-reject"
          />
        ),
      )}
    </g>
  );
});

export function MaxSeenChart() {
  const { trace, fullTrace } = useShownTrace();
  // Paced: follows the cursor a few times a second while playing (see store/pacing/paced.ts); never past
  // the run so far when the future is hidden.
  const cursor = Math.min(usePacedCursor(useLabStore(), 'chart'), trace.steps.length - 1);
  // The time axis spans the whole run even when only part of it is shown, so it does not rescale.
  const endMs = fullTrace.steps.at(-1)?.timeMs ?? 0;
  const { seek } = useActions();
  const [ref, measured] = useElementWidth<HTMLDivElement>();
  const width = measured || 600;
  const data = useMemo(() => maxSeenSeries(trace), [trace]);
  const layout = useMemo(
    () => layoutMaxSeen(trace, { width, height: HEIGHT, margin: MARGIN }, data, endMs),
    [trace, width, data, endMs],
  );
  const step = trace.steps[cursor];
  const summary = useMemo(() => {
    if (layout.empty) return layout.empty;
    const rejected = data.writes.filter((s) => s.write!.verdict === 'rejected').length;
    const ends = layout.series.map((s) => `${s.resource} ends at ${s.last}`).join('; ');
    return `${TRACKED_TITLE[data.field]}, ${ends}; ${data.writes.length} checked writes, ${rejected} rejected (crosses${data.field === 'maxSeen' ? ' below the line' : ''}).`;
  }, [layout, data]);

  const onClick = (event: MouseEvent<SVGSVGElement>) => {
    seek(lastStepAtOrBefore(trace.steps, layout.x.invert(pointerIn(event, event.currentTarget)[0])));
  };

  return (
    <section className="chart" aria-labelledby="chart-title">
      <ChartHead series={layout.series} title={TRACKED_TITLE[data.field]} />
      <div ref={ref} className="chart-box">
        {layout.empty ? (
          <p className="chart-empty">{layout.empty}</p>
        ) : (
          <svg width={width} height={HEIGHT} role="img" aria-label={summary} onClick={onClick}>
            {/* The cursor under the marks: a write refused at the cursor's step (the zombie's, at
                t6) was a cross hidden under the line. */}
            {step && (
              <line
                x1={layout.x(step.timeMs)}
                x2={layout.x(step.timeMs)}
                y1={MARGIN.top - 6}
                y2={HEIGHT - MARGIN.bottom}
                className="chart-cursor"
              />
            )}
            <Shapes
              layout={layout}
              height={HEIGHT}
              name={data.field === 'maxSeen' ? 'max_seen' : 'The current token'}
            />
            {step && (
              // What lies after the cursor has not happened yet at this step: it is faded. From past
              // the half-width of a mark (4 px), so the cursor's own step's mark is drawn whole.
              <rect
                x={layout.x(step.timeMs) + MARK_HALF_PX + 1}
                y={0}
                width={Math.max(0, width - layout.x(step.timeMs) - MARK_HALF_PX - 1)}
                height={HEIGHT - MARGIN.bottom + 2}
                className="chart-future"
              />
            )}
          </svg>
        )}
      </div>
    </section>
  );
}

/** The chart's heading, with the key to its marks and, with several checking stores, its lines. */
function ChartHead({ series, title }: { series: readonly { resource: string }[]; title: string }) {
  // The legend sits beside the heading, not in it: the heading's name (and the section's) stays
  // "max_seen over time", not "max_seen over time accepted rejected JN1 JN2".
  return (
    <div className="section-head">
      <h2 id="chart-title" className="section-title">
        {title}
      </h2>
      {/* The marks are drawn, not read: a screen reader hears "Key: dot, accepted; cross, rejected". */}
      <p className="hint">
        <span className="visually-hidden">Key: </span>
        <span className="legend-accept" aria-hidden="true">
          ●
        </span>{' '}
        <span className="visually-hidden">dot, </span>
        accepted<span className="visually-hidden">;</span>{' '}
        <span className="legend-reject" aria-hidden="true">
          ✕
        </span>{' '}
        <span className="visually-hidden">cross, </span>
        rejected
        {/* Several checking stores (journal nodes): say which line is which. */}
        {series.length > 1 &&
          series.map((line, i) => (
            <span key={line.resource} className="series-key">
              {' '}
              <svg width="22" height="8" aria-hidden="true">
                <line x1="1" x2="21" y1="4" y2="4" className={`max-seen-line series-${i % 3}`} />
              </svg>
              {line.resource}
            </span>
          ))}
      </p>
    </div>
  );
}
