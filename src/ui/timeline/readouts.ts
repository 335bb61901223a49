// What the timeline says in words and numbers at the cursor: max_seen beside each resource, the
// svg's accessible summary, and which legend entries this trace needs. Pure: no DOM.
// Invariant: every value shown is read from the cursor's step snapshot, never recomputed.

import { formatToken, type Trace } from '../../engine';
import { drawnToken } from './drawnToken';
import { formatNumber } from '../format/number';
import { grantWordsOf, leaseSpans, lockDelaysOf, networkCuts } from './leases';
import type { LaneShape, TimeWindow } from './types';

export interface MaxSeenReadout {
  party: string;
  y: number;
  /** The number, large; "—" for a resource that keeps none. */
  value: string;
  caption: string;
  /** Whether the resource keeps a max_seen at all (a store that checks tokens). */
  keeps: boolean;
  /** max_seen changed at exactly this step: the readout is highlighted. */
  changed: boolean;
}

/** The max_seen readout's box at full size (px). */
export const MAXSEEN_BOX_PX = 54;
/** A readout's box below this height (px) keeps its value only: the caption would not fit. */
export const MAXSEEN_CAPTION_MIN_BOX_PX = 26;

/**
 * The height (px) of every max_seen readout's box: full size, or as much as the closest two
 * readouts' lanes leave (4 px apart), so that on lanes packed closer than the box (three journal
 * nodes on a projector's or an embed's short timeline) no readout covers another. Never under
 * 14 px. `readouts` in any order; one readout has the full size.
 */
export function readoutHeight(readouts: readonly Pick<MaxSeenReadout, 'y'>[]): number {
  const ys = readouts.map((r) => r.y).sort((a, b) => a - b);
  let gap = Infinity;
  for (let i = 1; i < ys.length; i += 1) gap = Math.min(gap, ys[i]! - ys[i - 1]!);
  return Math.max(14, Math.min(MAXSEEN_BOX_PX, Math.floor(gap - 4)));
}

export function maxSeenAt(trace: Trace, cursor: number, lanes: readonly LaneShape[]): MaxSeenReadout[] {
  const step = trace.steps[clampCursor(trace, cursor)];
  return lanes
    .filter((lane) => lane.kind === 'resource')
    .map((lane) => {
      const view = step?.snapshots[lane.party];
      const raw = view?.fields.maxSeen;
      const checks = view?.fields.check !== 'none';
      const known = raw !== undefined && raw !== null;
      return {
        party: lane.party,
        y: lane.y,
        value: known ? drawnToken(raw as string | number) : '—',
        caption: !checks ? 'no check' : view?.down ? 'max_seen (down)' : 'max_seen',
        keeps: checks,
        changed: step?.changed[lane.party]?.includes('maxSeen') ?? false,
      };
    });
}

/** A resource's max_seen on a phone, under its lane's name in the left gutter (px, baselines). */
export interface GutterReadout extends MaxSeenReadout {
  x: number;
  /** The caption's baseline, with the value after it on the same line when `valueY` is null. */
  captionY: number;
  /** The value's own line, where the two do not fit on one; null: on the caption's line. */
  valueY: number | null;
  /** The text's width (px), as estimated: the highlight's box. */
  width: number;
}

/** Character widths (px) of the gutter readout's caption (11 px monospace) and value (12 px bold monospace). */
const GUTTER_CAPTION_CHAR_PX = 6.7;
const GUTTER_VALUE_CHAR_PX = 7.3;
const GUTTER_LINE_PX = 13;

/**
 * Where each resource's max_seen goes when the plot has no room at its right (a phone): under the
 * lane's name, in the left gutter, as "max_seen 34" on one line where the gutter is wide enough,
 * else the value on a line of its own. A readout the lane's band has no room for is left out (the
 * narration and the resource's card still say it). `lanes` as laid out; `gutterPx` the plot's left.
 */
export function gutterReadouts(
  readouts: readonly MaxSeenReadout[],
  lanes: readonly LaneShape[],
  gutterPx: number,
  x: number,
): GutterReadout[] {
  const out: GutterReadout[] = [];
  for (const r of readouts) {
    const lane = lanes.find((l) => l.party === r.party);
    if (!lane) continue;
    // A resource that keeps none says so, and no "—".
    const value = r.keeps ? r.value : '';
    // Under the name's last line (a phone's long name takes two: FrameLayer.tsx).
    const captionY = lane.y + (lane.titleLines.length > 1 ? 9 : 1) + 4 + GUTTER_LINE_PX;
    const bottom = lane.top + lane.height - 2;
    const captionPx = r.caption.length * GUTTER_CAPTION_CHAR_PX;
    const valuePx = value.length * GUTTER_VALUE_CHAR_PX;
    const oneLinePx = captionPx + (value ? GUTTER_CAPTION_CHAR_PX + valuePx : 0);
    const room = gutterPx - x - 6;
    if (oneLinePx <= room && captionY <= bottom) {
      out.push({ ...r, value, x, captionY, valueY: null, width: oneLinePx });
    } else if (captionY + GUTTER_LINE_PX + 1 <= bottom) {
      out.push({
        ...r,
        value,
        x,
        captionY,
        valueY: captionY + GUTTER_LINE_PX + 1,
        width: Math.max(captionPx, valuePx),
      });
    }
  }
  return out;
}

export function clampCursor(trace: Trace, cursor: number): number {
  return Math.max(0, Math.min(Math.trunc(cursor) || 0, trace.steps.length - 1));
}

const ms = (v: number) => `${formatNumber(v)} ms`;
const plural = (n: number, one: string, many = `${one}s`) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/** What the whole trace holds, in words; computed once per trace (it reads every step). */
const summaries = new WeakMap<Trace, string>();
function summarize(trace: Trace): string {
  let summary = summaries.get(trace);
  if (summary === undefined) {
    const accepted = trace.steps.filter((s) => s.kind === 'write.accepted').length;
    const rejected = trace.steps.filter((s) => s.kind === 'write.rejected').length;
    const lockDelays = lockDelaysOf(trace);
    const cuts = networkCuts(trace);
    summary = [
      `Timeline of ${trace.scenario.name}: lanes ${trace.parties.map((p) => p.label).join(', ')}`,
      `${plural(trace.steps.length, 'step')} over ${ms(trace.endMs)}`,
      plural(trace.messages.length, 'message'),
      plural(trace.leases.length, grantWordsOf(trace).noun),
      plural(trace.pauses.length, 'GC pause'),
      ...(cuts.length > 0 ? [plural(cuts.length, 'network cut')] : []),
      ...(lockDelays.length > 0 ? [plural(lockDelays.length, 'lock-delay')] : []),
      `${plural(accepted, 'write')} accepted, ${rejected} rejected`,
    ].join('; ');
    summaries.set(trace, summary);
  }
  return summary;
}

/** The svg's aria-label: what the picture holds, where the cursor is, and what is in view. */
export function describeTimeline(trace: Trace, cursor: number, window: TimeWindow): string {
  const step = trace.steps[clampCursor(trace, cursor)];
  const at = step
    ? ` Current step ${step.index} at ${ms(step.timeMs)}${step.label ? ` (${step.label})` : ''}: ${step.text}`
    : '';
  const maxSeen = step
    ? trace.parties
        .filter((p) => p.kind === 'resource')
        .map((p) => ({ p, v: step.snapshots[p.id]?.fields.maxSeen }))
        .filter(({ v }) => v !== undefined && v !== null)
        .map(({ p, v }) => ` ${p.label} max_seen ${String(v)}.`)
        .join('')
    : '';
  return `${summarize(trace)}.${at}${maxSeen} Showing ${ms(Math.max(0, window.startMs))} to ${ms(window.endMs)}.`;
}

export type LegendKey =
  | 'message'
  | 'lostMessage'
  | 'held'
  | 'believed'
  | 'zombie'
  | 'pause'
  | 'cut'
  | 'lockDelay'
  | 'accept'
  | 'reject'
  | 'staleAccept'
  | 'effect'
  | 'maxSeen'
  | 'noCheck'
  | 'renewal'
  | 'lostRenewal'
  | 'action'
  | 'cursor'
  | 'future';

export interface LegendItem {
  key: LegendKey;
  text: string;
}

/** Why the trace's refused writes were refused, as the engine classed each (WriteOutcome). */
interface Refusals {
  /** A superseded holder's token. */
  stale: boolean;
  /** The current holder's own write, refused by the store's rule (WriteOutcome.holderRefused). */
  holder: boolean;
  /** A holder's older write that arrived after its own later one ("33 = 33, but write 3 came first"). */
  overtaken: boolean;
}

/** The trace's refused writes, classed as the engine's oracle classed them. */
function refusalsOf(trace: Trace): Refusals {
  const refused = trace.steps.flatMap((s) => (s.kind === 'write.rejected' && s.write ? [s.write] : []));
  return {
    stale: refused.some((w) => w.stale),
    holder: refused.some((w) => w.holderRefused === true),
    overtaken: refused.some((w) => !w.stale && w.holderRefused !== true),
  };
}

/** The reject entry's words: each reason the trace's refused writes had, stale token by default. */
function rejectWords(r: Refusals): string {
  const reasons = [
    ...(r.stale ? ['a stale token'] : []),
    ...(r.overtaken ? ["a holder's older write, after its own later one"] : []),
    ...(r.holder ? ["the holder's own write, refused by the store's rule"] : []),
  ];
  if (reasons.length === 0 || (reasons.length === 1 && r.stale)) return 'write rejected: stale token';
  return `write rejected: ${reasons.slice(0, -1).join(', ')}${reasons.length > 1 ? ', or ' : ''}${reasons[reasons.length - 1]}`;
}

/** The legend: the marks every trace can show, plus the ones this trace actually has. */
export function legendItems(trace: Trace, yourActions = false): LegendItem[] {
  const has = {
    lostMessage: trace.messages.some((m) => m.status === 'dropped' || m.status === 'lost'),
    zombie: trace.leases.some((l) => leaseSpans(l, trace.endMs).zombie !== null),
    pause: trace.pauses.length > 0,
    cut: networkCuts(trace).length > 0,
    randomTokens: trace.leases.some((l) => typeof l.token === 'string' && !/^\d+$/.test(l.token)),
    lockDelay: lockDelaysOf(trace).length > 0,
    renewal: trace.renewals.some((r) => !r.lost),
    lostRenewal: trace.renewals.some((r) => r.lost),
    staleAccept: trace.steps.some((s) => s.kind === 'write.accepted' && s.write?.stale),
    // Why writes were refused, as the engine classed them: a refused write of the lock's latest
    // holder is named so, not "stale token", which would blame the rightful holder; one overtaken
    // by the same holder's later write is neither.
    refusals: refusalsOf(trace),
    effect: trace.steps.some((s) => s.kind === 'effect.sent'),
  };
  // The box beside each store (under its name on a phone): what its number is, and where it starts.
  const first = trace.steps[0]?.snapshots ?? {};
  const stores = trace.parties.filter((p) => p.kind === 'resource').map((p) => first[p.id]?.fields);
  const checking = stores.filter((fields) => fields?.check !== 'none');
  const start = checking.map((fields) => fields?.maxSeen).find((v) => v !== undefined && v !== null);
  const words = grantWordsOf(trace);
  const items: (LegendItem | false)[] = [
    { key: 'message', text: 'message, with the token it carries' },
    has.lostMessage && { key: 'lostMessage', text: 'message dropped or lost' },
    { key: 'held', text: `${words.noun} held, per ${words.heldPer}` },
    { key: 'believed', text: `${words.noun} believed held, per its holder` },
    has.zombie && { key: 'zombie', text: `zombie window: ${words.ended}, still believed` },
    has.pause && { key: 'pause', text: 'GC pause (client frozen)' },
    has.cut && { key: 'cut', text: 'network cut: no message gets through' },
    has.lockDelay && { key: 'lockDelay', text: 'lock-delay: free, but nobody may take it' },
    has.renewal && { key: 'renewal', text: 'renewal sent: lease extended' },
    has.lostRenewal && { key: 'lostRenewal', text: 'renewal lost: lease not extended' },
    { key: 'accept', text: 'write accepted' },
    {
      key: 'reject',
      // Random values (Redlock's) carry no order: a store comparing them refuses one by chance.
      text: has.randomTokens
        ? 'write rejected: its random token compared lower (chance, not order)'
        : rejectWords(has.refusals),
    },
    has.staleAccept && { key: 'staleAccept', text: 'stale write accepted' },
    has.effect && { key: 'effect', text: 'side effect outside the fence' },
    checking.length > 0 && {
      key: 'maxSeen',
      text: `max_seen: highest token accepted${start === undefined ? ' so far' : ` (from ${formatToken(start as string | number)})`}`,
    },
    checking.length < stores.length && { key: 'noCheck', text: 'no check: the store remembers no token' },
    yourActions && { key: 'action', text: 'your action (hover for what)' },
    { key: 'cursor', text: 'current step' },
    { key: 'future', text: 'after the cursor: still to come' },
  ];
  return items.filter((item): item is LegendItem => item !== false);
}
