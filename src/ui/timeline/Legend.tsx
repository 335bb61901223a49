// The legend: each kind of mark the timeline draws, with a small swatch drawn by the same classes
// as the timeline itself, so the key can never disagree with the picture.
// Invariant: only entries this trace can show are listed (legendItems decides).

import { glyphPath } from './glyphs';
import { renewalPath } from './renewals';
import { MarkOutline } from './MarkLayer';
import type { LegendItem, LegendKey } from './readouts';

/** A renewal's mark, as its lane draws it (renewals.ts). */
const RenewalSwatch = ({ lost }: { lost: boolean }) => (
  <path className={`tl-renewal${lost ? ' tl-renewal--lost' : ''}`} d={renewalPath(lost, 15, 8.5, 9)} />
);

function Swatch({ item, patterns }: { item: LegendKey; patterns: { zombie: string; pause: string } }) {
  if (item === 'renewal' || item === 'lostRenewal') return <RenewalSwatch lost={item === 'lostRenewal'} />;
  switch (item) {
    case 'message':
      return (
        <g className="tl-message">
          <line className="tl-message__line" x1={3} y1={13} x2={24} y2={5} />
          <path className="tl-message__head" d="M28,3.5L20.4,3.4L23,9.6Z" />
        </g>
      );
    case 'lostMessage':
      return (
        <g className="tl-message tl-message--dropped">
          <line className="tl-message__line" x1={3} y1={13} x2={22} y2={6} />
          <path className="tl-message__cross" d="M19,2L26,9M19,9L26,2" />
        </g>
      );
    case 'held':
      return <rect className="tl-lease__held" x={2} y={5} width={26} height={7} />;
    case 'believed':
      return <rect className="tl-lease__believed" x={2} y={5} width={26} height={7} />;
    case 'zombie':
      return <rect className="tl-lease__zombie" x={2} y={5} width={26} height={7} fill={`url(#${patterns.zombie})`} />;
    case 'pause':
      return <rect className="tl-pause__bar" x={2} y={1} width={26} height={15} fill={`url(#${patterns.pause})`} />;
    case 'cut':
      return <rect className="tl-cut__bar" x={2} y={2} width={26} height={13} />;
    case 'lockDelay':
      return <rect className="tl-lockdelay__bar" x={2} y={5} width={26} height={7} />;
    case 'maxSeen':
    case 'noCheck':
      // The readout's box beside a store: its caption over its number, or the dash of a store
      // that keeps none (drawn, not written: the entry's text is its words alone).
      return (
        <g className="tl-maxseen">
          <rect className="tl-maxseen__box" x={3} y={1} width={24} height={15} rx={3} />
          {item === 'maxSeen' ? (
            <>
              <line className="tl-legend__maxseen tl-legend__maxseen--caption" x1={7} x2={20} y1={5.5} y2={5.5} />
              <line className="tl-legend__maxseen" x1={7} x2={16} y1={11} y2={11} />
            </>
          ) : (
            <line className="tl-legend__maxseen" x1={9} x2={21} y1={8.5} y2={8.5} />
          )}
        </g>
      );
    case 'cursor':
      return (
        <>
          <line className="tl-cursor__line" x1={15} x2={15} y1={0} y2={17} />
          <circle className="tl-ring" cx={15} cy={8.5} r={7} />
        </>
      );
    case 'action':
      return (
        <g className="tl-action">
          <line className="tl-action__line" x1={15} x2={15} y1={0} y2={17} />
          <path className="tl-action__flag" d="M15,7L20,12L15,17L10,12Z" />
        </g>
      );
    case 'future':
      return (
        <>
          <rect className="tl-lease__held" x={2} y={5} width={26} height={7} />
          <rect className="tl-legend__veil" x={15} y={0} width={15} height={17} />
          <line className="tl-cursor__line" x1={15} x2={15} y1={0} y2={17} />
        </>
      );
    default: {
      const glyph = glyphPath(item, 15, 8.5);
      return (
        <g className={`tl-mark tl-mark--${item}`}>
          <MarkOutline kind={item} x={15} y={8.5} />
          {glyph && <path className="tl-mark__glyph" d={glyph} />}
        </g>
      );
    }
  }
}

export function Legend({ items, patterns }: { items: LegendItem[]; patterns: { zombie: string; pause: string } }) {
  return (
    <ul className="tl-legend" aria-label="Legend">
      {items.map((item) => (
        <li key={item.key} className="tl-legend__item">
          <svg width={30} height={17} aria-hidden="true" focusable="false">
            <Swatch item={item.key} patterns={patterns} />
          </svg>
          <span>{item.text}</span>
        </li>
      ))}
    </ul>
  );
}
