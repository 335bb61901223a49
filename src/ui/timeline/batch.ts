// A crowded view (a long run zoomed out) is drawn as a few long paths instead of thousands of
// elements: one path per kind of bar and per message status. Each shape loses its tooltip, which
// at that density no one could point at anyway; zooming in brings the detailed drawing back.
// Invariant: a batched drawing covers exactly the pixels the detailed one would.

import type { BarShape, CutShape, LeaseShape, LockDelayShape, MessageShape, MessageStatus, PauseShape } from './types';

/** Beyond this many arrows, or bars, in view the drawing is batched. */
export const DETAIL_MAX = 300;

const n = (v: number) => Math.round(v * 10) / 10;

function rectPath(bar: BarShape, y: number, height: number): string {
  const width = Math.max(1, bar.x2 - bar.x1);
  return `M${n(bar.x1)},${n(y)}h${n(width)}v${n(height)}h${n(-width)}Z`;
}

export interface BarBatch {
  held: string;
  believed: string;
  zombie: string;
  pause: string;
  lockDelay: string;
  cut: string;
}

export function batchBars(
  leases: readonly LeaseShape[],
  pauses: readonly PauseShape[],
  lockDelays: readonly LockDelayShape[],
  cuts: readonly CutShape[] = [],
): BarBatch {
  const held: string[] = [];
  const believed: string[] = [];
  const zombie: string[] = [];
  for (const l of leases) {
    if (l.held) held.push(rectPath(l.held, l.heldY, l.barHeight));
    if (l.believed) believed.push(rectPath(l.believed, l.believedY, l.barHeight));
    if (l.zombie) zombie.push(rectPath(l.zombie, l.believedY, l.barHeight));
  }
  const pause = pauses.map((p) => rectPath(p.bar, p.y, p.height));
  const lockDelay = lockDelays.map((d) => rectPath(d.bar, d.y, d.height));
  return {
    held: held.join(''),
    believed: believed.join(''),
    zombie: zombie.join(''),
    pause: pause.join(''),
    lockDelay: lockDelay.join(''),
    cut: cuts.map((c) => rectPath(c.bar, c.y, c.height)).join(''),
  };
}

export interface MessageBatch {
  status: MessageStatus;
  lines: string;
  ends: string;
}

export function batchMessages(messages: readonly MessageShape[]): MessageBatch[] {
  const byStatus = new Map<MessageStatus, { lines: string[]; ends: string[] }>();
  for (const m of messages) {
    let batch = byStatus.get(m.status);
    if (!batch) byStatus.set(m.status, (batch = { lines: [], ends: [] }));
    batch.lines.push(`M${m.x1},${m.y1}L${m.x2},${m.y2}`);
    if (m.endPath) batch.ends.push(m.endPath);
  }
  return [...byStatus].map(([status, b]) => ({ status, lines: b.lines.join(''), ends: b.ends.join('') }));
}
