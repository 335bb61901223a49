// The timeline's layout: a pure function from (trace, visible time window, size) to the shapes the
// Timeline component draws. No DOM, no React; D3's scaleLinear maps time to x and picks the ticks'
// round values. It does not depend on the cursor, so playing a trace re-renders without recomputing it.
// Invariant: nothing outside the window is emitted, so a 10,000-step trace costs what is in view.

import type { Trace } from '../../engine';
import { axisTicks, isNarrow, plotArea, timeScale } from './geometry';
import { laneIndex, laneTitles, laneUnits, layoutLanes } from './lanes';
import { layoutCuts, layoutLeases, layoutLockDelays, layoutPauses } from './leases';
import { fitMarkTokens, layoutMarks, layoutStepLabels, markBox, stepRange } from './marks';
import { layoutMessages } from './messages';
import { layoutRenewals } from './renewals';
import type { Size, TimeWindow, TimelineLayout } from './types';

export type * from './types';

export function layoutTimeline(trace: Trace, window: TimeWindow, size: Size): TimelineLayout {
  const { titles, singleLine } = laneTitles(trace);
  const plot = plotArea(size, laneUnits(trace.parties), titles, singleLine);
  const scale = timeScale(window, plot);
  const lanes = layoutLanes(trace, plot);
  const byParty = laneIndex(lanes);
  const frame = { window, scale, plot };
  const { marks, merged: mergedSteps } = layoutMarks(trace, byParty, frame);
  const tokenBoxes = fitMarkTokens(marks, plot, size.width);
  // On a phone arrows crowd the marks: token labels there keep off the marks too, not only their tokens.
  const keepOut = isNarrow(plot) ? [...tokenBoxes, ...marks.map(markBox)] : tokenBoxes;
  // A write's token shown beside the store's verdict is not written again on the arrow that brought it.
  const saidAtMark = new Map(marks.filter((m) => m.tokenShown).map((m) => [m.step, m.token!]));
  const { messages, merged: mergedMessages } = layoutMessages(trace, byParty, frame, keepOut, saidAtMark);
  return {
    size,
    plot,
    window,
    lanes,
    ticks: axisTicks(scale, plot),
    leases: layoutLeases(trace, byParty, frame),
    pauses: layoutPauses(trace, byParty, frame),
    cuts: layoutCuts(trace, byParty, frame),
    lockDelays: layoutLockDelays(trace, byParty, frame),
    renewals: layoutRenewals(trace, byParty, frame),
    messages,
    marks,
    labels: layoutStepLabels(trace, byParty, frame),
    merged: { steps: mergedSteps, messages: mergedMessages },
  };
}

/** The x of a time in a layout: the same linear scale the layout used. */
export function xOfTime(layout: Pick<TimelineLayout, 'window' | 'plot'>, timeMs: number): number {
  return timeScale(layout.window, layout.plot)(timeMs);
}

/**
 * The step a click at a time seeks to: the last step at or before it, so everything that happened
 * by then has happened (the first step if the click is before it).
 */
export function stepAtTime(trace: Trace, timeMs: number): number {
  const [, after] = stepRange(trace.steps, { startMs: -Infinity, endMs: timeMs });
  return Math.max(0, Math.min(after - 1, trace.steps.length - 1));
}
