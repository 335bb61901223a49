// Lease bars and GC pauses on the clients' lanes, network cuts on the lanes of the two parties cut
// apart, and lock-delays on the lock service's. A lease is
// drawn twice: as the lock service counts it (held) and as its holder believes it. Where the belief
// outlives the lock service's count, the holder is a zombie: it still thinks it may write.
// Invariant: held, believed and zombie bars come from the trace's own times and never overlap in
// time on the believed row.

import { formatToken, grantsEpochs, type LeaseRecord, type PauseRecord, type Trace } from '../../engine';
import { drawnToken } from './drawnToken';
import { DETAIL_MAX } from './batch';
import { candidateRange } from './intervals';
import { clampX, type TimeScale } from './geometry';
import type {
  BarShape,
  CutShape,
  GrantWords,
  LaneShape,
  LeaseShape,
  LockDelayShape,
  PauseShape,
  PlotArea,
  TimeWindow,
} from './types';

const LEASE_BAR_HEIGHT_PX = 7;
const HELD_OFFSET_PX = 12;
const BELIEVED_OFFSET_PX = 21;
const PAUSE_HEIGHT_PX = 18;
/** How far below the lane's line the believed bar ends, at full size. */
const BARS_DEPTH_PX = BELIEVED_OFFSET_PX + LEASE_BAR_HEIGHT_PX;

/**
 * How much of their full size a lane's bars get (0.3 to 1): on a lane with less room under its
 * line than the two lease bars need (a 640x360 embed gives a lane about 34 px), the pause and both
 * bars shrink together, so they stay inside their own lane's band instead of lying in the next.
 */
export function barScale(lane: LaneShape): number {
  const below = lane.top + lane.height - lane.y;
  return Math.min(1, Math.max(0.3, (below - 2) / BARS_DEPTH_PX));
}

interface Frame {
  window: TimeWindow;
  scale: TimeScale;
  plot: PlotArea;
}

/** A bar from fromMs to toMs, or null when it is empty or lies outside the window. */
function bar(fromMs: number, toMs: number, { window, scale, plot }: Frame): BarShape | null {
  if (!(toMs > fromMs) || toMs < window.startMs || fromMs > window.endMs) return null;
  return { x1: clampX(scale(fromMs), plot), x2: clampX(scale(toMs), plot), fromMs, toMs };
}

const span = (fromMs: number, toMs: number) => `${fromMs}–${toMs} ms`;

/** The three spans of one lease, in ms; a lease the lock service never ended runs to the trace's end. */
export function leaseSpans(lease: LeaseRecord, traceEndMs: number) {
  const heldUntilMs = lease.endedMs ?? traceEndMs;
  const believedFromMs = lease.believedFromMs;
  const believedUntilMs = believedFromMs === null ? null : (lease.believedUntilMs ?? traceEndMs);
  const believed =
    believedFromMs === null || believedUntilMs === null
      ? null
      : { fromMs: believedFromMs, toMs: Math.min(believedUntilMs, heldUntilMs) };
  const zombie =
    believedFromMs === null || believedUntilMs === null || lease.endedMs === null || believedUntilMs <= lease.endedMs
      ? null
      : { fromMs: Math.max(believedFromMs, lease.endedMs), toMs: believedUntilMs };
  return { held: { fromMs: lease.grantedMs, toMs: heldUntilMs }, believed, zombie };
}

const grantedMsOf = (lease: LeaseRecord) => lease.grantedMs;
const pauseFromOf = (pause: PauseRecord) => pause.fromMs;

/** The last moment a lease shows on the timeline: its end, or its holder's last belief in it. */
function leaseEndMs(lease: LeaseRecord, traceEndMs: number): number {
  const spans = leaseSpans(lease, traceEndMs);
  return Math.max(spans.held.toMs, spans.believed?.toMs ?? -Infinity, spans.zombie?.toMs ?? -Infinity);
}

/**
 * What the run's grants are called: an epoch under a system with no lease (HDFS: a writer holds its
 * epoch until a newer one is promised; strategies/qjm.ts), else a lease.
 */
export function grantWordsOf(trace: Trace): GrantWords {
  return grantsEpochs(trace.scenario.strategy)
    ? { noun: 'epoch', heldPer: 'the journal nodes', ended: 'superseded' }
    : { noun: 'lease', heldPer: 'the lock service', ended: 'expired' };
}

function leaseTitle(lease: LeaseRecord, spans: ReturnType<typeof leaseSpans>, words: GrantWords): string {
  const noun = words.noun === 'epoch' ? 'Epoch' : 'Lease';
  const parts = [
    `${noun} ${formatToken(lease.token)} of ${lease.holder}`,
    `held ${span(spans.held.fromMs, spans.held.toMs)} per ${words.heldPer}${lease.endReason ? ` (${lease.endReason})` : ''}`,
  ];
  if (spans.believed) parts.push(`believed from ${lease.believedFromMs} ms`);
  if (spans.zombie) {
    parts.push(
      `zombie window ${span(spans.zombie.fromMs, spans.zombie.toMs)}: ${words.ended}, yet still believed held`,
    );
  }
  return parts.join('; ');
}

/** The trace with no client's belief in its lease: the drawing keeps the lock service's count of
 * each lease (and every pause, message and mark) but no believed bar and no zombie window. */
export function withoutBeliefs(trace: Trace): Trace {
  if (trace.leases.every((l) => l.believedFromMs === null)) return trace;
  return {
    ...trace,
    leases: trace.leases.map((l) =>
      l.believedFromMs === null ? l : { ...l, believedFromMs: null, believedUntilMs: null },
    ),
  };
}

export function layoutLeases(trace: Trace, lanes: Map<string, LaneShape>, frame: Frame): LeaseShape[] {
  const shapes: LeaseShape[] = [];
  const titles: (() => string)[] = [];
  const words = grantWordsOf(trace);
  const [first, last] = candidateRange(trace.leases, frame.window, grantedMsOf, (l) => leaseEndMs(l, trace.endMs));
  for (let i = first; i < last; i += 1) {
    const lease = trace.leases[i]!;
    const lane = lanes.get(lease.holder);
    if (!lane) continue;
    const spans = leaseSpans(lease, trace.endMs);
    const k = barScale(lane);
    const held = bar(spans.held.fromMs, spans.held.toMs, frame);
    const believed = spans.believed ? bar(spans.believed.fromMs, spans.believed.toMs, frame) : null;
    const zombie = spans.zombie ? bar(spans.zombie.fromMs, spans.zombie.toMs, frame) : null;
    if (!held && !believed && !zombie) continue;
    shapes.push({
      key: `lease-${lease.grantId}`,
      holder: lease.holder,
      words,
      token: lease.token === null ? '' : drawnToken(lease.token),
      held,
      believed,
      zombie,
      heldY: lane.y + HELD_OFFSET_PX * k,
      believedY: lane.y + BELIEVED_OFFSET_PX * k,
      barHeight: LEASE_BAR_HEIGHT_PX * k,
      title: '',
    });
    titles.push(() => leaseTitle(lease, spans, words));
  }
  // A crowded view is drawn batched, without tooltips (batch.ts): its titles would go unread.
  if (shapes.length <= DETAIL_MAX) shapes.forEach((shape, i) => (shape.title = titles[i]!()));
  return shapes;
}

export function layoutPauses(trace: Trace, lanes: Map<string, LaneShape>, frame: Frame): PauseShape[] {
  const shapes: PauseShape[] = [];
  const [first, last] = candidateRange(trace.pauses, frame.window, pauseFromOf, (p) => p.toMs ?? trace.endMs);
  trace.pauses.slice(first, last).forEach((pause: PauseRecord, offset) => {
    const i = first + offset;
    const lane = lanes.get(pause.client);
    const toMs = pause.toMs ?? trace.endMs;
    const shape = lane ? bar(pause.fromMs, toMs, frame) : null;
    if (!lane || !shape) return;
    const height = PAUSE_HEIGHT_PX * barScale(lane);
    shapes.push({
      key: `pause-${i}`,
      client: pause.client,
      bar: shape,
      y: lane.y - height / 2,
      height,
      title: `${pause.client} frozen in a GC pause, ${span(pause.fromMs, toMs)}${pause.toMs === null ? ' (still paused at the end)' : ''}`,
    });
  });
  return shapes;
}

/**
 * A network cut as the trace shows it: from a partition between two parties (a `partition`
 * action, or a user's "cut the network") to the heal of the same two, in either order, or to the
 * run's end (`toMs` null). Messages between them are dropped meanwhile; each still reaches every
 * other party. Times in ms of the run.
 */
export interface NetworkCut {
  a: string;
  b: string;
  fromMs: number;
  toMs: number | null;
}

const cutCache = new WeakMap<Trace, NetworkCut[]>();
const pairKey = (a: string, b: string) => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);

/** The trace's network cuts in start order, from its network.partitioned and network.healed
 * steps (a second cut of a pair already cut changes nothing). Cached per trace. */
export function networkCuts(trace: Trace): NetworkCut[] {
  let found = cutCache.get(trace);
  if (!found) {
    found = [];
    const open = new Map<string, NetworkCut>();
    for (const step of trace.steps) {
      if (step.kind !== 'network.partitioned' && step.kind !== 'network.healed') continue;
      const [a, b] = step.parties;
      if (a === undefined || b === undefined) continue;
      const key = pairKey(a, b);
      const cut = open.get(key);
      if (step.kind === 'network.healed') {
        if (cut) cut.toMs = step.timeMs;
        open.delete(key);
      } else if (!cut) {
        const made: NetworkCut = { a, b, fromMs: step.timeMs, toMs: null };
        open.set(key, made);
        found.push(made);
      }
    }
    cutCache.set(trace, found);
  }
  return found;
}

/** Where a cut bar's words start, past its left end (px): clear of the mark of the step that cut it. */
export const CUT_TEXT_INSET_PX = 10;

/** What a cut bar says, in the room it has (px), or null: "cut from Redis master 4, Redis master 5". */
export function cutText(others: readonly string[], widthPx: number): string | null {
  const full = `cut from ${others.join(', ')}`;
  // 11 px bold letters are about 6.6 px wide.
  if (full.length * 6.6 + CUT_TEXT_INSET_PX + 6 <= widthPx) return full;
  return widthPx >= CUT_TEXT_INSET_PX + 30 ? 'cut' : null;
}

/**
 * Each network cut as a bar on both its parties' lanes, where a pause would lie: a lane cut from
 * several parties over the same time has one bar naming them all.
 */
export function layoutCuts(trace: Trace, lanes: Map<string, LaneShape>, frame: Frame): CutShape[] {
  const byLane = new Map<string, { party: string; others: string[]; fromMs: number; toMs: number; open: boolean }>();
  for (const cut of networkCuts(trace)) {
    const toMs = cut.toMs ?? trace.endMs;
    for (const [party, other] of [
      [cut.a, cut.b],
      [cut.b, cut.a],
    ] as const) {
      const key = `${party}\u0000${cut.fromMs}\u0000${toMs}`;
      const same = byLane.get(key);
      if (same) same.others.push(other);
      else byLane.set(key, { party, others: [other], fromMs: cut.fromMs, toMs, open: cut.toMs === null });
    }
  }
  const labels = new Map(trace.parties.map((p) => [p.id, p.label]));
  const shapes: CutShape[] = [];
  for (const cut of byLane.values()) {
    const lane = lanes.get(cut.party);
    const shape = lane ? bar(cut.fromMs, cut.toMs, frame) : null;
    if (!lane || !shape) continue;
    const height = PAUSE_HEIGHT_PX * barScale(lane);
    shapes.push({
      key: `cut-${cut.party}-${cut.fromMs}-${cut.toMs}`,
      party: cut.party,
      others: cut.others.map((id) => labels.get(id) ?? id),
      bar: shape,
      y: lane.y - height / 2,
      height,
      title: `${labels.get(cut.party) ?? cut.party} cut off from ${cut.others.map((id) => labels.get(id) ?? id).join(', ')} (no message gets through either way), ${span(cut.fromMs, cut.toMs)}${cut.open ? ' (still cut at the end of what is shown)' : ''}`,
    });
  }
  return shapes;
}

/**
 * A lock-delay as the trace shows it: a lease ended unreleased (its holder failed or went silent),
 * and the lock service, though the lock is free, lets nobody take it for `lockDelayMs`, which
 * gives a stalled holder's late writes that long to land before anyone else holds the lock (an
 * "imperfect" guard, in Chubby's own words: a write later than that still does harm). Chubby's
 * lock-delay, Consul's session lock-delay; domain.md. Times in ms of the run.
 */
export interface LockDelayRecord {
  /** The lock service that holds the lock back. */
  party: string;
  /** The client whose lease ended, or null where the trace does not name it. */
  holder: string | null;
  fromMs: number;
  /** When the lock may be taken again: the lock-delay's end, or earlier where the lock service
   * dropped it (a crash of a service that keeps it in memory only); the run's end if it outlasts it. */
  toMs: number;
  lockDelayMs: number;
  /** True when the run ends before the lock-delay does. */
  running: boolean;
}

const lockDelayCache = new WeakMap<Trace, LockDelayRecord[]>();

/** The lock service's own record of the lock-delay running at a step (its snapshot's field). */
const untilAt = (step: Trace['steps'][number], party: string) => step.snapshots[party]?.fields.lockDelayUntilMs;

/**
 * The trace's lock-delays in start order, from its lease.expired steps that start one; each ends
 * at the first later step where its lock service no longer holds it (its snapshot's
 * lockDelayUntilMs changes), or at its end. Cached per trace.
 */
export function lockDelaysOf(trace: Trace): LockDelayRecord[] {
  let found = lockDelayCache.get(trace);
  if (!found) {
    found = [];
    const { steps } = trace;
    for (let i = 0; i < steps.length; i += 1) {
      const step = steps[i]!;
      if (step.kind !== 'lease.expired') continue;
      const untilMs = step.detail?.lockDelayUntilMs;
      const lockDelayMs = step.detail?.lockDelayMs;
      if (untilMs === undefined || lockDelayMs === undefined || !(lockDelayMs > 0)) continue;
      let droppedMs: number | null = null;
      for (let j = i + 1; j < steps.length && steps[j]!.timeMs < untilMs; j += 1) {
        if (untilAt(steps[j]!, step.party) !== untilMs) {
          droppedMs = steps[j]!.timeMs;
          break;
        }
      }
      const toMs = Math.min(droppedMs ?? untilMs, trace.endMs);
      found.push({
        party: step.party,
        holder: step.parties[1] ?? null,
        fromMs: step.timeMs,
        toMs,
        lockDelayMs,
        running: droppedMs === null && untilMs > trace.endMs,
      });
    }
    lockDelayCache.set(trace, found);
  }
  return found;
}

/** Room above a lane's line that a lock-delay's 11 px words need (a projector's 28 px lanes have 12). */
const LOCK_DELAY_TEXT_ROOM_PX = 12;

const fromOf = (delay: LockDelayRecord) => delay.fromMs;
const toOf = (delay: LockDelayRecord) => delay.toMs;

/** Each lock-delay as a bar on its lock service's lane, where a client's held lease would lie on its own. */
export function layoutLockDelays(trace: Trace, lanes: Map<string, LaneShape>, frame: Frame): LockDelayShape[] {
  const delays = lockDelaysOf(trace);
  const shapes: LockDelayShape[] = [];
  const [first, last] = candidateRange(delays, frame.window, fromOf, toOf);
  for (let i = first; i < last; i += 1) {
    const delay = delays[i]!;
    const lane = lanes.get(delay.party);
    const shape = lane ? bar(delay.fromMs, delay.toMs, frame) : null;
    if (!lane || !shape) continue;
    const k = barScale(lane);
    const whose = delay.holder ? ` after the lease of ${delay.holder} ended unreleased` : '';
    shapes.push({
      key: `lockdelay-${i}`,
      party: delay.party,
      bar: shape,
      y: lane.y + HELD_OFFSET_PX * k,
      height: LEASE_BAR_HEIGHT_PX * k,
      textY: lane.y - lane.top >= LOCK_DELAY_TEXT_ROOM_PX ? lane.y - Math.min(6, lane.y - lane.top - 10) : null,
      title:
        `Lock-delay of ${delay.lockDelayMs} ms on ${delay.party}${whose}: the lock is free, but nobody may take it, ` +
        `${span(delay.fromMs, delay.toMs)}${delay.running ? ' (still running at the end)' : ''}` +
        `${delay.fromMs + delay.lockDelayMs > delay.toMs && !delay.running ? ` (dropped early: ${delay.party} lost it)` : ''}`,
    });
  }
  return shapes;
}
