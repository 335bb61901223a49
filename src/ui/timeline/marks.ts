// Step marks on the lanes, and the article's step labels (t0..t6) above them. A write's verdict is told
// by shape as well as colour: accept is a circle with a check, reject a square with a cross, a stale
// write that got through a circle with "!". Invariant: only steps inside the visible window are
// emitted; where many steps share a pixel on one lane, the one that matters most is kept, and in a
// crowded view plain event dots give way to the verdicts.

import { type Step, type Trace } from '../../engine';
import { drawnToken } from './drawnToken';
import { isNarrow, type TimeScale } from './geometry';
import { EVENT_RADIUS_PX, TOKEN_DX_PX, VERDICT_RADIUS_PX } from './glyphs';
import type { LaneShape, MarkShape, MarkShapeKind, PlotArea, StepLabelShape, TimeWindow } from './types';
import { firstStepAtOrAfter } from '../store/pacing/time';

/** Steps closer than this on one lane are drawn as one mark. */
const MERGE_PX = 3;
/** With fewer pixels than this per step in view, plain event dots are left out. */
const CROWDED_PX_PER_STEP = 2;
const LABEL_Y_PX = 17;
const LABEL_GAP_PX = 6;
const LABEL_CHAR_PX = 7.5;
const LABEL_PAD_PX = 14;

interface Frame {
  window: TimeWindow;
  scale: TimeScale;
  plot: PlotArea;
}

function markKind(step: Step): MarkShapeKind {
  if (step.kind === 'write.accepted') return step.write?.stale ? 'staleAccept' : 'accept';
  if (step.kind === 'write.rejected') return 'reject';
  if (step.kind === 'effect.sent') return 'effect';
  return 'event';
}

const IMPORTANCE: Record<MarkShapeKind, number> = { reject: 5, staleAccept: 5, accept: 4, effect: 4, event: 1 };

function importance(step: Step, kind: MarkShapeKind): number {
  return IMPORTANCE[kind] + (step.label ? 2 : 0);
}

/** The steps inside the window, as [from, to) indices into trace.steps. */
export function stepRange(steps: readonly Step[], window: TimeWindow): [number, number] {
  const from = firstStepAtOrAfter(steps, window.startMs);
  let to = firstStepAtOrAfter(steps, window.endMs);
  while (to < steps.length && steps[to]!.timeMs === window.endMs) to += 1;
  return [from, to];
}

function markTitle(step: Step): string {
  const label = step.label ? `${step.label} · ` : '';
  return `${label}step ${step.index}, ${step.timeMs} ms: ${step.text}`;
}

function markToken(step: Step, kind: MarkShapeKind): string | null {
  if (kind === 'event') return null;
  const token = step.write ? step.write.token : step.token;
  // A plain lease carries no token: there is nothing to write beside the mark.
  return token === undefined || token === null ? null : drawnToken(token);
}

export function layoutMarks(
  trace: Trace,
  lanes: Map<string, LaneShape>,
  { window, scale, plot }: Frame,
): { marks: MarkShape[]; merged: number } {
  const [from, to] = stepRange(trace.steps, window);
  // Crowded (more steps than pixel pairs): plain events are noise; verdicts and labelled steps stay.
  const crowded = to - from > (plot.right - plot.left) / CROWDED_PX_PER_STEP;
  // First pass: numbers only, one winner per lane and pixel; titles are built for winners alone.
  const winners = new Map<string, { step: Step; kind: MarkShapeKind; x: number; rank: number }>();
  let merged = 0;
  for (let i = from; i < to; i += 1) {
    const step = trace.steps[i]!;
    // A lost message's cross, drawn with its arrow, is this step's mark.
    if (step.messageId !== undefined && (step.kind === 'message.dropped' || step.kind === 'message.lost')) continue;
    if (!lanes.has(step.party)) continue;
    const kind = markKind(step);
    if (crowded && kind === 'event' && !step.label) {
      merged += 1;
      continue;
    }
    const x = scale(step.timeMs);
    const rank = importance(step, kind);
    const key = `${step.party}:${Math.round(x / MERGE_PX)}`;
    const kept = winners.get(key);
    if (kept) merged += 1;
    // Later steps win ties: at the cursor's pixel the newest step is the one the user is looking at.
    if (!kept || rank >= kept.rank) winners.set(key, { step, kind, x, rank });
  }
  const marks: MarkShape[] = [];
  for (const { step, kind, x } of winners.values()) {
    marks.push({
      step: step.index,
      party: step.party,
      kind,
      x: Math.round(x * 10) / 10,
      y: lanes.get(step.party)!.y,
      timeMs: step.timeMs,
      token: markToken(step, kind),
      tokenShown: false,
      tokenSide: 'right',
      title: markTitle(step),
    });
  }
  marks.sort((a, b) => a.step - b.step);
  return { marks, merged };
}

/** A box a label takes on screen, so others can keep out of it. */
export interface Box {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** The square a mark's outline fits in, with a pixel of air. */
export const markBox = (mark: Pick<MarkShape, 'x' | 'y' | 'kind'>): Box => {
  const half = (mark.kind === 'event' ? EVENT_RADIUS_PX : VERDICT_RADIUS_PX) + 1;
  return { x1: mark.x - half, y1: mark.y - half, x2: mark.x + half, y2: mark.y + half };
};

const TOKEN_CHAR_PX = 8;
/** Bold digits and hex run a little wider than TOKEN_CHAR_PX: the drawing's edge is checked with this. */
const TOKEN_CHAR_EDGE_PX = 8.6;

/**
 * Shows a mark's token where it fits before the next mark on the same lane, and returns the boxes
 * the shown tokens take (message labels keep out of them). A token that would run off the
 * drawing's right edge (`widthPx`; the last write on a phone) or, in a wide drawing, under the
 * max_seen readouts in the right gutter, goes to the mark's left instead,
 * if that side has room inside the plot; else it is left to the mark's tooltip, never cut.
 */
export function fitMarkTokens(marks: MarkShape[], plot?: PlotArea, widthPx = Infinity): Box[] {
  // A wide drawing keeps its right gutter for the max_seen readouts: a token stops short of them.
  const rightPx = plot && !isNarrow(plot) ? Math.min(widthPx, plot.right + 8) : widthPx;
  const boxes: Box[] = [];
  const byLane = new Map<string, MarkShape[]>();
  for (const mark of marks) {
    if (mark.token === null) continue;
    const lane = byLane.get(mark.party) ?? [];
    lane.push(mark);
    byLane.set(mark.party, lane);
  }
  for (const lane of byLane.values()) {
    lane.sort((a, b) => a.x - b.x);
    let taken = -Infinity; // the right end of what the previous mark on the lane takes (itself or its token)
    lane.forEach((mark, i) => {
      const chars = mark.token!.length;
      const dx = TOKEN_DX_PX[mark.kind];
      const next = lane[i + 1];
      const x1 = mark.x + dx - 2;
      // A phone's drawing is measured with the wider estimate: its marks sit close, and a token
      // that runs into the next mark cannot be read (a desktop keeps the spacing it always had).
      const x2 = mark.x + dx + chars * (plot && isNarrow(plot) ? TOKEN_CHAR_EDGE_PX : TOKEN_CHAR_PX);
      const clearOfNext = !next || next.x - 10 > x2;
      const clearOfEdge = mark.x + dx + chars * TOKEN_CHAR_EDGE_PX <= rightPx;
      const onRight = clearOfNext && clearOfEdge;
      const leftX1 = mark.x - dx - chars * TOKEN_CHAR_EDGE_PX;
      // Only the edge sends a token left: a crowded lane keeps the tokens it always showed.
      const onLeft = clearOfNext && !clearOfEdge && leftX1 > taken + 4 && leftX1 >= (plot?.left ?? -Infinity);
      mark.tokenShown = onRight || onLeft;
      mark.tokenSide = onLeft ? 'left' : 'right';
      if (onRight) boxes.push({ x1, y1: mark.y - 8, x2, y2: mark.y + 8 });
      if (onLeft) boxes.push({ x1: leftX1 - 2, y1: mark.y - 8, x2: mark.x - dx + 2, y2: mark.y + 8 });
      taken = onRight ? x2 : mark.x + 10;
    });
  }
  return boxes;
}

/** A step label's pill width (px) for its text, as StepLabels draws it (FrameLayer.tsx). */
export const labelWidth = (text: string): number => text.length * LABEL_CHAR_PX + LABEL_PAD_PX;

/** How close to the drawing's left edge a pill may come, where the plot has too little room. */
const LABEL_EDGE_PX = 2;

/**
 * The article's labels over their steps. Labels keep their order and are pushed apart sideways where
 * they would overlap (t5 and t6 are 6 ms apart), then pulled back inside the plot from the right
 * (spreadLabels).
 */
export function layoutStepLabels(
  trace: Trace,
  lanes: Map<string, LaneShape>,
  { window, scale, plot }: Frame,
): StepLabelShape[] {
  const [from, to] = stepRange(trace.steps, window);
  const labels: StepLabelShape[] = [];
  for (let i = from; i < to; i += 1) {
    const step = trace.steps[i]!;
    const lane = lanes.get(step.party);
    if (!step.label || !lane) continue;
    const anchorX = scale(step.timeMs);
    labels.push({ step: step.index, text: step.label, x: anchorX, y: LABEL_Y_PX, anchorX, anchorY: lane.y });
  }
  spreadLabels(labels, plot);
  for (const label of labels) {
    label.x = Math.round(label.x * 10) / 10;
    label.anchorX = Math.round(label.anchorX * 10) / 10;
  }
  return labels;
}

/**
 * One-dimensional label placement: keep order, keep a gap, stay within the plot where possible.
 * Where the plot is too narrow for them all (a phone, a run with eight labels), they run left over
 * the lanes' names, not past the drawing's left edge ("t0" was cut in half at 390 px), if they
 * fit so; where even that is too narrow, the first are cut at the left and the last stay whole.
 */
export function spreadLabels(labels: StepLabelShape[], plot: PlotArea): void {
  for (let i = 0; i < labels.length; i += 1) {
    const label = labels[i]!;
    const half = labelWidth(label.text) / 2;
    label.x = Math.max(label.x, plot.left + half);
    const prev = labels[i - 1];
    if (prev) label.x = Math.max(label.x, prev.x + labelWidth(prev.text) / 2 + LABEL_GAP_PX + half);
  }
  for (let i = labels.length - 1; i >= 0; i -= 1) {
    const label = labels[i]!;
    const half = labelWidth(label.text) / 2;
    label.x = Math.min(label.x, plot.right - half);
    const next = labels[i + 1];
    if (next) label.x = Math.min(label.x, next.x - labelWidth(next.text) / 2 - LABEL_GAP_PX - half);
  }
  // Only where they all fit between the drawing's left edge and the plot's right: where they do
  // not, the last stay whole at the right, as before (moving the overflow to the right hid the
  // cursor's own label at the end of a long run: a review, at 390 px).
  const span = labels.reduce((sum, l, i) => sum + labelWidth(l.text) + (i > 0 ? LABEL_GAP_PX : 0), 0);
  if (span > plot.right - LABEL_EDGE_PX) return;
  for (let i = 0; i < labels.length; i += 1) {
    const label = labels[i]!;
    const half = labelWidth(label.text) / 2;
    const prev = labels[i - 1];
    const least = prev ? prev.x + labelWidth(prev.text) / 2 + LABEL_GAP_PX + half : LABEL_EDGE_PX + half;
    if (label.x >= least) break;
    label.x = least;
  }
}
