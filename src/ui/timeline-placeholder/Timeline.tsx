// A stand-in for the real timeline (src/ui/timeline, built in its own branch) with the same props,
// so the rest of the lab can be built and tested against the contract. It draws a lane per party,
// a dot per step in a window around the cursor, accept/reject marks and the cursor; a click seeks.
// Invariant: it renders at most WINDOW_STEPS * 2 + 1 steps, however long the trace.

import { scaleLinear } from 'd3-scale';
import type { MouseEvent } from 'react';
import type { Trace } from '../../engine';

export interface TimelineProps {
  trace: Trace;
  cursor: number;
  onSeek: (stepIndex: number) => void;
  height?: number;
}

const WINDOW_STEPS = 40;
const WIDTH = 800;
const LANE_LABEL_PX = 96;

export function Timeline({ trace, cursor, onSeek, height = 240 }: TimelineProps) {
  const steps = trace.steps;
  const lo = Math.max(0, cursor - WINDOW_STEPS);
  const hi = Math.min(steps.length - 1, cursor + WINDOW_STEPS);
  const t0 = steps[lo]?.timeMs ?? 0;
  const t1 = Math.max(t0 + 1, steps[hi]?.timeMs ?? 1);
  const x = scaleLinear()
    .domain([t0, t1])
    .range([LANE_LABEL_PX + 8, WIDTH - 12]);
  const laneHeight = (height - 24) / Math.max(1, trace.parties.length);
  const laneY = new Map(trace.parties.map((p, i) => [p.id, 12 + laneHeight * (i + 0.5)]));
  const current = steps[cursor];

  const seekAt = (event: MouseEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const timeMs = x.invert(((event.clientX - box.left) / box.width) * WIDTH);
    let best = lo;
    for (let i = lo; i <= hi; i++) {
      if (Math.abs(steps[i]!.timeMs - timeMs) < Math.abs(steps[best]!.timeMs - timeMs)) best = i;
    }
    onSeek(best);
  };

  const shown = steps.slice(lo, hi + 1);
  return (
    <svg
      className="timeline-placeholder"
      viewBox={`0 0 ${WIDTH} ${height}`}
      width="100%"
      height={height}
      role="img"
      aria-label={`Timeline of ${trace.parties.length} parties, step ${cursor + 1} of ${steps.length}. The event table below lists every step.`}
      onClick={seekAt}
    >
      {trace.parties.map((p) => (
        <g key={p.id}>
          <line x1={LANE_LABEL_PX} x2={WIDTH} y1={laneY.get(p.id)} y2={laneY.get(p.id)} className="tl-lane" />
          <text x={4} y={(laneY.get(p.id) ?? 0) + 4} className="tl-lane-label">
            {p.label}
          </text>
        </g>
      ))}
      {shown.map((s, slot) => {
        const cx = x(s.timeMs);
        const cy = laneY.get(s.party) ?? 0;
        if (s.write) {
          return s.write.verdict === 'accepted' ? (
            <circle key={slot} cx={cx} cy={cy} r={6} className="tl-accept" />
          ) : (
            <path
              key={slot}
              d={`M${cx - 6},${cy - 6}L${cx + 6},${cy + 6}M${cx + 6},${cy - 6}L${cx - 6},${cy + 6}`}
              className="tl-reject"
            />
          );
        }
        return <circle key={slot} cx={cx} cy={cy} r={3} className="tl-step" />;
      })}
      {shown
        .filter((s) => s.label)
        .map((s) => (
          <text key={`l${s.index}`} x={x(s.timeMs)} y={(laneY.get(s.party) ?? 0) - 9} className="tl-label">
            {s.label}
          </text>
        ))}
      {current && <line x1={x(current.timeMs)} x2={x(current.timeMs)} y1={4} y2={height - 4} className="tl-cursor" />}
    </svg>
  );
}
