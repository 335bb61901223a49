// Where the actions the user added happen: a dashed line across the lanes at each one's time,
// with a small flag on the axis; the flag's tooltip says what it was. Without these an expired
// lease or a cut network that the user made left no mark of its own on the picture.

import { describeAction, type Action } from '../../engine';
import { useLab } from '../store/context';
import { xOfTime } from '../timeline/layout';
import type { TimelineLayout } from '../timeline/types';

const FLAG_HALF_PX = 5;

export function ActionMarks({ layout }: { layout: TimelineLayout }) {
  const { actions, own } = useLab((s) => ({ actions: s.scenario.actions, own: s.ownActionCount }));
  const mine: Action[] = actions.slice(own);
  if (mine.length === 0) return null;
  const { plot, size } = layout;
  return (
    <svg className="tl-overlay" width={size.width} height={size.height} aria-hidden="true">
      {mine.map((action, i) => {
        const x = xOfTime(layout, action.atMs);
        if (x < plot.left - 1 || x > plot.right + 1) return null;
        const y = plot.bottom;
        return (
          <g key={i} className="tl-action">
            <title>{`Your action at ${action.atMs} ms: ${describeAction(action)}`}</title>
            <line className="tl-action__line" x1={x} x2={x} y1={plot.top} y2={y} />
            <path
              className="tl-action__flag"
              d={`M${x},${y - 2 * FLAG_HALF_PX}L${x + FLAG_HALF_PX},${y - FLAG_HALF_PX}L${x},${y}L${x - FLAG_HALF_PX},${y - FLAG_HALF_PX}Z`}
            />
          </g>
        );
      })}
    </svg>
  );
}
