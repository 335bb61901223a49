// Which steps' narration a fitted embed measures to reserve the narration's height for the whole
// run: the timeline then keeps one size while the run plays, instead of giving up room (and its
// lanes' subtitles) at the first write's verdict and taking it back after.

import { editSoFar, formatToken, type Step, type Trace } from '../../engine';
import { comparisonChip } from '../narration/comparison';

/**
 * How much a write's box beside the sentence says, in characters of the sentence's type: its
 * comparison (drawn about twice as wide, in a large monospace type), the max_seen line and the
 * note on what the verdict meant (a stale holder's edit on a journal node says the most).
 */
export function boxLength(trace: Trace, step: Step): number {
  const w = step.write;
  if (!w) return 0;
  const chip = comparisonChip(w, w.stale && w.verdict === 'accepted' ? editSoFar(trace, step) : null);
  const maxSeen =
    w.maxSeenAfter === null
      ? 0
      : `max_seen at ${w.resource}: ${formatToken(w.maxSeenBefore)} → ${formatToken(w.maxSeenAfter)} · `.length;
  return 2 * w.comparison.length + maxSeen + (chip.note?.length ?? 0);
}

/**
 * The steps likely to need the narration's most room: the longest sentence; the longest sentence
 * among writes judged by a store (they add the comparison box, so their sentence has half the
 * width); the longest among a stale holder's writes; the write whose box says the most; and the
 * three that look tallest when both are weighed (a write's sentence counted twice, for its half
 * width). At most seven, in step order.
 */
export function tallestCandidates(trace: Trace): Step[] {
  let longest: Step | undefined;
  let longestWrite: Step | undefined;
  let longestStale: Step | undefined;
  let widestBox: [Step, number] | undefined;
  const tall: [Step, number][] = [];
  for (const step of trace.steps) {
    if (!longest || step.text.length > longest.text.length) longest = step;
    const box = boxLength(trace, step);
    const height = step.write ? Math.max(2 * step.text.length, 2 * box) : step.text.length;
    tall.push([step, height]);
    if (!step.write) continue;
    if (!longestWrite || step.text.length > longestWrite.text.length) longestWrite = step;
    if (step.write.stale && (!longestStale || step.text.length > longestStale.text.length)) longestStale = step;
    if (!widestBox || box > widestBox[1]) widestBox = [step, box];
  }
  const tallest = tall.sort((a, b) => b[1] - a[1] || a[0].index - b[0].index).slice(0, 3);
  return [...new Set([longest, longestWrite, longestStale, widestBox?.[0], ...tallest.map(([step]) => step)])]
    .filter((s): s is Step => s !== undefined)
    .sort((a, b) => a.index - b.index);
}
