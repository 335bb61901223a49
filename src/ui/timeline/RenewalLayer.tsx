// The renewals a client sent, as small marks on its lane (renewals.ts), drawn once per layout:
// playing the trace does not touch them. Many marks are one path per kind, each mark keeping its
// tooltip only while few enough are in view to hover one.

import { memo } from 'react';
import { DETAIL_MAX } from './batch';
import { renewalPath } from './renewals';
import type { RenewalShape } from './types';

const className = (lost: boolean) => `tl-renewal${lost ? ' tl-renewal--lost' : ''}`;

export const Renewals = memo(function Renewals({ renewals }: { renewals: RenewalShape[] }) {
  if (renewals.length > DETAIL_MAX) {
    const path = (lost: boolean) =>
      renewals
        .filter((r) => r.lost === lost)
        .map((r) => renewalPath(lost, r.x, r.y, r.size))
        .join('');
    return (
      <g className="tl-renewals">
        <path className={className(false)} d={path(false)} />
        <path className={className(true)} d={path(true)} />
      </g>
    );
  }
  return (
    <g className="tl-renewals">
      {renewals.map((r) => (
        <path key={r.key} className={className(r.lost)} d={renewalPath(r.lost, r.x, r.y, r.size)}>
          <title>{r.title}</title>
        </path>
      ))}
    </g>
  );
});
