// Lease bars, GC pauses, network cuts and lock-delays, drawn once per layout (memoised): playing the trace does
// not touch them.
// Words go inside a bar only where it shows enough of itself, kept to its visible part; a crowded
// view is drawn in batches (batch.ts).
// Invariant: the zombie window is filled with the zombie pattern and nothing else is.

import { memo, useMemo } from 'react';
import { batchBars, DETAIL_MAX } from './batch';
import { CUT_TEXT_INSET_PX, cutText } from './leases';
import type { BarShape, CutShape, LeaseShape, LockDelayShape, PauseShape, PlotArea } from './types';

/** Words inside a bar need this much room; narrower bars keep them in the tooltip. */
const TEXT_MIN_PX = 120;
/** A pause shrunk to a short lane (leases.ts barScale) keeps its words down to this height: the
 * 12 px words, centred on the bar, run past it by a pixel or so there, and through it below. */
const PAUSE_TEXT_MIN_HEIGHT_PX = 10;
const LEASE_TEXT_MIN_PX = 64;

export interface BarPatterns {
  zombie: string;
  pause: string;
}

/** The part of a bar inside the plot: words stay readable when the bar runs off either edge. */
function visible(bar: BarShape, plot: PlotArea): { x1: number; x2: number; width: number } {
  const x1 = Math.max(bar.x1, plot.left);
  const x2 = Math.min(bar.x2, plot.right);
  return { x1, x2, width: x2 - x1 };
}

function zombieText(widthPx: number, words: LeaseShape['words']): string | null {
  if (widthPx >= 260) return `zombie window: ${words.ended}, still believed`;
  return widthPx >= 100 ? 'zombie window' : null;
}

function Bar(props: { bar: BarShape; y: number; height: number; className: string; fill?: string }) {
  const { bar, y, height, className, fill } = props;
  return (
    <rect className={className} x={bar.x1} y={y} width={Math.max(1, bar.x2 - bar.x1)} height={height} fill={fill} />
  );
}

/** "lease 33" ("epoch 33") at the right end of the held bar, then the zombie window's name where it starts. */
function LeaseText({ lease, plot }: { lease: LeaseShape; plot: PlotArea }) {
  const y = lease.believedY + lease.barHeight + 12;
  const held = lease.held ? visible(lease.held, plot) : null;
  const zombie = lease.zombie ? visible(lease.zombie, plot) : null;
  const zombieWords = zombie ? zombieText(zombie.width, lease.words) : null;
  return (
    <>
      {held && held.width >= LEASE_TEXT_MIN_PX && (
        <text className="tl-lease__text" x={held.x2 - 4} y={y} textAnchor="end">
          {lease.token ? `${lease.words.noun} ${lease.token}` : lease.words.noun}
        </text>
      )}
      {zombie && zombieWords && (
        <text className="tl-lease__zombie-text" x={zombie.x1 + 4} y={y}>
          {zombieWords}
        </text>
      )}
    </>
  );
}

function lockDelayText(widthPx: number): string | null {
  if (widthPx >= 250) return 'lock-delay: nobody may take the lock';
  return widthPx >= LEASE_TEXT_MIN_PX ? 'lock-delay' : null;
}

/** A lock-delay on its lock service's lane: the lock is free, yet held back from everyone. */
function LockDelay({ delay, plot }: { delay: LockDelayShape; plot: PlotArea }) {
  const shown = visible(delay.bar, plot);
  const words = delay.textY === null ? null : lockDelayText(shown.width);
  return (
    <g className="tl-lockdelay">
      <title>{delay.title}</title>
      <Bar bar={delay.bar} y={delay.y} height={delay.height} className="tl-lockdelay__bar" />
      {words && (
        <text className="tl-lockdelay__text" x={shown.x1 + 4} y={delay.textY!}>
          {words}
        </text>
      )}
    </g>
  );
}

/**
 * Thousands of bars as five paths: a long run zoomed out stays quick to draw. Solid fills stand in
 * for the hatching, which bars a few pixels wide could not show and which is slow to rasterise.
 */
function BatchedBars({
  leases,
  pauses,
  cuts,
  lockDelays,
}: {
  leases: LeaseShape[];
  pauses: PauseShape[];
  cuts: CutShape[];
  lockDelays: LockDelayShape[];
}) {
  const batch = useMemo(() => batchBars(leases, pauses, lockDelays, cuts), [leases, pauses, lockDelays, cuts]);
  return (
    <g className="tl-bars">
      <path className="tl-cut__bar" d={batch.cut} />
      <path className="tl-pause__bar tl-pause__bar--solid" d={batch.pause} />
      <path className="tl-lockdelay__bar" d={batch.lockDelay} />
      <path className="tl-lease__held" d={batch.held} />
      <path className="tl-lease__believed" d={batch.believed} />
      <path className="tl-lease__zombie tl-lease__zombie--solid" d={batch.zombie} />
    </g>
  );
}

export const Bars = memo(function Bars({
  leases,
  pauses,
  cuts,
  lockDelays,
  patterns,
  showText,
  plot,
}: {
  leases: LeaseShape[];
  pauses: PauseShape[];
  cuts: CutShape[];
  lockDelays: LockDelayShape[];
  patterns: BarPatterns;
  showText: boolean;
  plot: PlotArea;
}) {
  if (leases.length + pauses.length + cuts.length + lockDelays.length > DETAIL_MAX) {
    return <BatchedBars leases={leases} pauses={pauses} cuts={cuts} lockDelays={lockDelays} />;
  }
  return (
    <g className="tl-bars">
      {/* Under a pause on the same lane: a frozen client is the more pressing news. */}
      {cuts.map((c) => {
        const shown = visible(c.bar, plot);
        const words = c.height >= PAUSE_TEXT_MIN_HEIGHT_PX ? cutText(c.others, shown.width) : null;
        return (
          <g key={c.key} className="tl-cut">
            <title>{c.title}</title>
            <Bar bar={c.bar} y={c.y} height={c.height} className="tl-cut__bar" />
            {words && (
              <text className="tl-cut__text" x={shown.x1 + CUT_TEXT_INSET_PX} y={c.y + c.height / 2 + 4}>
                {words}
              </text>
            )}
          </g>
        );
      })}
      {lockDelays.map((d) => (
        <LockDelay key={d.key} delay={d} plot={plot} />
      ))}
      {pauses.map((p) => {
        const shown = visible(p.bar, plot);
        return (
          <g key={p.key} className="tl-pause">
            <title>{p.title}</title>
            <Bar bar={p.bar} y={p.y} height={p.height} className="tl-pause__bar" fill={`url(#${patterns.pause})`} />
            {shown.width >= TEXT_MIN_PX && p.height >= PAUSE_TEXT_MIN_HEIGHT_PX && (
              <text className="tl-pause__text" x={shown.x1 + 8} y={p.y + p.height / 2 + 4}>
                GC pause · frozen
              </text>
            )}
          </g>
        );
      })}
      {leases.map((l) => (
        <g key={l.key} className="tl-lease">
          <title>{l.title}</title>
          {l.held && <Bar bar={l.held} y={l.heldY} height={l.barHeight} className="tl-lease__held" />}
          {l.believed && <Bar bar={l.believed} y={l.believedY} height={l.barHeight} className="tl-lease__believed" />}
          {l.zombie && (
            <Bar
              bar={l.zombie}
              y={l.believedY}
              height={l.barHeight}
              className="tl-lease__zombie"
              fill={`url(#${patterns.zombie})`}
            />
          )}
          {showText && <LeaseText lease={l} plot={plot} />}
        </g>
      ))}
    </g>
  );
});
