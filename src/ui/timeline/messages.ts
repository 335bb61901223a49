// Message arrows: from (sent time, sender's lane) to (delivery time, receiver's lane), labelled with
// the token they carry. A message that never arrived is dashed and ends in a cross short of its
// target. Invariant: only messages whose flight overlaps the visible window are emitted, and token
// labels never overlap one another (a label with no room is left to the arrow's tooltip).

import { formatToken, messageNoun, type MessageRecord, type Trace } from '../../engine';
import { drawnToken } from './drawnToken';
import { DETAIL_MAX } from './batch';
import { candidateRange } from './intervals';
import type { TimeScale } from './geometry';
import type { Box } from './marks';
import type { LaneShape, MessageShape, MessageStatus, PlotArea, TimeWindow } from './types';

const HEAD_LENGTH_PX = 8;
const HEAD_HALF_WIDTH_PX = 4;
/** Arrows stop this far short of the target's line, so the mark there stays visible. */
const END_GAP_PX = 7;
const CROSS_HALF_PX = 5;
/** Messages on one route sent within this many pixels of each other are drawn as one arrow. */
const MERGE_PX = 6;
const CROSS_GAP_PX = 12;
/** Beyond this many arrows in view, tokens are left to the tooltips. */
const TOKEN_LABELS_MAX = 150;
const LABEL_HEIGHT_PX = 14;
const LABEL_CHAR_PX = 7;
/** The width of an arrow's token label (px), as its place is chosen: the Overlay redraws it by this. */
export const tokenLabelWidth = (text: string): number => text.length * LABEL_CHAR_PX + 6;
const LABEL_POSITIONS = [0.5, 0.35, 0.65, 0.22, 0.78];
/** Arrows from one sender this close (px) at their start, with one token, are one send to label. */
const SAME_SEND_PX = 12;
/** Token labels prefer this height above the line of the lane an arrow comes down onto. */
const LANE_BAND_ABOVE_PX = 14;
const STATUS_NUMBER: Record<MessageStatus, number> = { delivered: 0, dropped: 1, lost: 2, 'in-flight': 3 };
/** Replies repeat the request's token; the tokens worth reading are the ones issued and carried. */
const REPLY_TYPE = /\.(ack|nack)$/;

interface Frame {
  window: TimeWindow;
  scale: TimeScale;
  plot: PlotArea;
}

const overlaps = (a: Box, b: Box) => a.x1 < b.x2 && b.x1 < a.x2 && a.y1 < b.y2 && b.y1 < a.y2;

/** The steps that recorded a message as dropped or lost, by message id (computed once per trace). */
const lossSteps = new WeakMap<Trace, Map<number, number>>();
function lossStepOf(trace: Trace, messageId: number): number | undefined {
  let byId = lossSteps.get(trace);
  if (!byId) {
    byId = new Map();
    for (const step of trace.steps) {
      if (step.messageId !== undefined && (step.kind === 'message.dropped' || step.kind === 'message.lost')) {
        byId.set(step.messageId, step.index);
      }
    }
    lossSteps.set(trace, byId);
  }
  return byId.get(messageId);
}

function arrowHead(x: number, y: number, ux: number, uy: number): string {
  const bx = x - ux * HEAD_LENGTH_PX;
  const by = y - uy * HEAD_LENGTH_PX;
  const px = -uy * HEAD_HALF_WIDTH_PX;
  const py = ux * HEAD_HALF_WIDTH_PX;
  return `M${r(x)},${r(y)}L${r(bx + px)},${r(by + py)}L${r(bx - px)},${r(by - py)}Z`;
}

function cross(x: number, y: number): string {
  const d = CROSS_HALF_PX;
  return `M${r(x - d)},${r(y - d)}L${r(x + d)},${r(y + d)}M${r(x - d)},${r(y + d)}L${r(x + d)},${r(y - d)}`;
}

const r = (v: number) => Math.round(v * 10) / 10;

function messageTitle(m: MessageRecord): string {
  const token = m.token === undefined ? '' : m.token === null ? ', no token' : `, token ${formatToken(m.token)}`;
  const fate =
    m.status === 'delivered'
      ? `delivered ${m.deliverMs} ms`
      : m.status === 'dropped'
        ? `dropped by the network (would have arrived ${m.deliverMs} ms)`
        : m.status === 'lost'
          ? `lost: the receiver was down at ${m.deliverMs} ms`
          : `still in flight at the end (due ${m.deliverMs} ms)`;
  const delay = m.delayedMs > 0 ? `, held back ${m.delayedMs} ms` : '';
  // What the message carried, in words ("Grant", "Lock request"): never its type in the code.
  const what = messageNoun(m.type);
  return `${what.charAt(0).toUpperCase()}${what.slice(1)} ${m.from} → ${m.to}${token}: sent ${m.sentMs} ms, ${fate}${delay}`;
}

/** Geometry of one arrow in pixels, before clipping to the plot. A message still in flight when
 * the trace ends (`endMs`) is drawn as far as it has got by then. */
function ends(m: MessageRecord, from: LaneShape, to: LaneShape, scale: TimeScale, endMs: number) {
  const x1 = scale(m.sentMs);
  const y1 = from.y;
  const part =
    m.status === 'in-flight' && m.deliverMs > endMs && m.deliverMs > m.sentMs
      ? Math.max(0.15, (endMs - m.sentMs) / (m.deliverMs - m.sentMs))
      : 1;
  const tx = x1 + (scale(m.deliverMs) - x1) * part;
  const ty = y1 + (to.y - y1) * part;
  const length = Math.hypot(tx - x1, ty - y1) || 1;
  const ux = (tx - x1) / length;
  const uy = (ty - y1) / length;
  const arrived = m.status === 'delivered' || m.status === 'in-flight';
  const gap = Math.min(arrived ? END_GAP_PX : CROSS_GAP_PX, length / 3);
  return { x1, y1, x2: tx - ux * gap, y2: ty - uy * gap, ux, uy, arrived };
}

const sentMsOf = (m: MessageRecord) => m.sentMs;
const endMsOf = (m: MessageRecord) => m.deliverMs;

/** Cuts a segment to the plot's horizontal range (with a margin), so far-off ends stay small. */
function clipToPlot(x1: number, y1: number, x2: number, y2: number, plot: PlotArea) {
  const lo = plot.left - 20;
  const hi = plot.right + 20;
  const at = (x: number) => (x2 === x1 ? y1 : y1 + ((y2 - y1) * (x - x1)) / (x2 - x1));
  const cx1 = Math.min(Math.max(x1, lo), hi);
  const cx2 = Math.min(Math.max(x2, lo), hi);
  return { x1: cx1, y1: at(cx1), x2: cx2, y2: at(cx2), endClipped: cx2 !== x2 };
}

/**
 * `keepOut`: boxes already taken (the marks' tokens) that message labels must not cover.
 * `saidAtMark`: the tokens written beside marks, by step index: an arrow whose arrival is such a
 * step, bringing that token, is not labelled (the store's verdict mark already says it, a few
 * pixels away, and the token read twice around one mark).
 */
export function layoutMessages(
  trace: Trace,
  lanes: Map<string, LaneShape>,
  frame: Frame,
  keepOut: readonly Box[] = [],
  saidAtMark: ReadonlyMap<number, string> = new Map(),
): { messages: MessageShape[]; merged: number } {
  const { window, scale, plot } = frame;
  const shapes: MessageShape[] = [];
  const records: MessageRecord[] = [];
  const labelBoxes: Box[] = [...keepOut];
  const seenPixels = new Set<number>();
  const laneNumber = new Map([...lanes.keys()].map((party, i) => [party, i]));
  let merged = 0;
  const [first, last] = candidateRange(trace.messages, window, sentMsOf, endMsOf);
  for (let i = first; i < last; i += 1) {
    const m = trace.messages[i]!;
    if (m.deliverMs < window.startMs || m.sentMs > window.endMs) continue;
    const from = lanes.get(m.from);
    const to = lanes.get(m.to);
    if (!from || !to) continue;
    // Thousands of messages in view share pixels: one arrow per few pixels and route is enough.
    const route = (laneNumber.get(m.from)! * 64 + laneNumber.get(m.to)!) * 4 + STATUS_NUMBER[m.status];
    const pixelKey = Math.round(scale(m.sentMs) / MERGE_PX) * 16_384 + route;
    if (seenPixels.has(pixelKey)) {
      merged += 1;
      continue;
    }
    seenPixels.add(pixelKey);
    const e = ends(m, from, to, scale, trace.endMs);
    const c = clipToPlot(e.x1, e.y1, e.x2, e.y2, plot);
    shapes.push({
      id: m.id,
      status: m.status,
      x1: r(c.x1),
      y1: r(c.y1),
      x2: r(c.x2),
      y2: r(c.y2),
      endPath: c.endClipped ? '' : e.arrived ? arrowHead(e.x2, e.y2, e.ux, e.uy) : cross(e.x2, e.y2),
      sentStep: m.sentStep,
      seekStep: m.deliveredStep ?? lossStepOf(trace, m.id) ?? m.sentStep,
      tokenLabel: null,
      title: '',
    });
    records.push(m);
  }
  // A crowded view is drawn batched, without tooltips (batch.ts): its titles would go unread.
  if (shapes.length <= DETAIL_MAX) shapes.forEach((shape, i) => (shape.title = messageTitle(records[i]!)));
  if (shapes.length <= TOKEN_LABELS_MAX) placeTokenLabels(records, shapes, labelBoxes, plot, lanes, saidAtMark);
  return { messages: shapes, merged };
}

/**
 * Writes each carried token beside its arrow, inside the band of its sender's or receiver's lane
 * and nowhere else: a label over a third lane reads as that party's token (in a small embed the
 * grant to Client2 read as Client1's). First where the arrow comes down onto its receiver's lane
 * (the free band above the lane's line), else at the first spot along it that is still free, else
 * near where it leaves its sender; a label with no such spot is left to the arrow's tooltip.
 */
function placeTokenLabels(
  records: readonly MessageRecord[],
  shapes: MessageShape[],
  boxes: Box[],
  plot: PlotArea,
  lanes: Map<string, LaneShape>,
  saidAtMark: ReadonlyMap<number, string>,
): void {
  const ordered = [...lanes.values()].sort((a, b) => a.top - b.top);
  // A token sent to several parties at once (an HDFS writer's edit to each journal node, still on
  // its way) is written once: beside each arrow, it read "33 33" on the sender's lane.
  const told: { from: string; text: string; x: number }[] = [];
  for (let i = 0; i < shapes.length; i += 1) {
    const shape = shapes[i]!;
    const m = records[i];
    if (!m || m.token === undefined || m.token === null || REPLY_TYPE.test(m.type) || shape.y2 === shape.y1) continue;
    const from = lanes.get(m.from);
    const to = lanes.get(m.to);
    if (!from || !to) continue;
    const text = drawnToken(m.token);
    if (m.deliveredStep !== null && saidAtMark.get(m.deliveredStep) === text) continue;
    if (told.some((t) => t.from === m.from && t.text === text && Math.abs(t.x - shape.x1) < SAME_SEND_PX)) continue;
    const width = tokenLabelWidth(text);
    const downward = shape.y2 > shape.y1;
    // The lane line an arrow meets last going down, or leaves first going up: the label sits in
    // the band above it, kept inside that lane's band when the lanes are short.
    const below = downward ? to : from;
    const above = downward ? from : to;
    const half = LABEL_HEIGHT_PX / 2;
    const bandY = Math.max(below.y - LANE_BAND_ABOVE_PX, below.top + half);
    const nearAboveY = Math.min(above.y + LANE_BAND_ABOVE_PX, above.top + above.height - half);
    const along = (y: number) => (y - shape.y1) / (shape.y2 - shape.y1);
    const candidates = [along(bandY), ...LABEL_POSITIONS, along(nearAboveY)].filter((t) => t > 0 && t < 1);
    // Left of a line that leans right, right of one that leans left: away from the arrow's path;
    // the other side only where the first has no room.
    const leans = shape.x2 >= shape.x1;
    const spots = [leans, !leans].flatMap((leftSide) => candidates.map((t) => ({ t, leftSide })));
    for (const { t, leftSide } of spots) {
      const lineX = shape.x1 + (shape.x2 - shape.x1) * t;
      const y = shape.y1 + (shape.y2 - shape.y1) * t;
      const x = leftSide ? lineX - 5 - width : lineX + 5;
      const box = { x1: x - 2, y1: y - half, x2: x + width, y2: y + half };
      if (box.x1 < plot.left || box.x2 > plot.right) continue;
      if (!onlyOver(box, ordered, from, to)) continue;
      if (boxes.some((other) => overlaps(box, other))) continue;
      boxes.push(box);
      told.push({ from: m.from, text, x: shape.x1 });
      shape.tokenLabel = { x: r(leftSide ? x + width : x), y: r(y), text, anchor: leftSide ? 'end' : 'start' };
      break;
    }
  }
}

/** Whether a label's box lies over the bands of the arrow's two lanes only (1 px of slack). */
function onlyOver(box: Box, lanes: readonly LaneShape[], from: LaneShape, to: LaneShape): boolean {
  return lanes.every(
    (lane) =>
      lane === from || lane === to || Math.min(box.y2, lane.top + lane.height) - Math.max(box.y1, lane.top) <= 1,
  );
}
