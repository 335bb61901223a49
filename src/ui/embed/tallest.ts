// Which steps' narration a fitted embed measures to reserve the narration's height for the whole
// run: the timeline then keeps one size while the run plays, instead of giving up room (and its
// lanes' subtitles) at the first write's verdict and taking it back after.

import { editSoFar, type Step, type Trace } from '../../engine';
import { comparisonChip, maxSeenLine } from '../narration/comparison';

/**
 * How many stale writes' notes are worked out exactly: a journal node's note names the nodes that
 * had logged the edit, which takes a pass over the trace (editSoFar) for each. Past this many, a
 * stale write's note is taken to be as long as the longest worked out: on a 22,000-step HDFS run
 * with 117 such writes, working out every one kept the page busy 1.35 s as the embed opened.
 */
const STALE_NOTES_WORKED_OUT = 16;

/**
 * How much a write's box beside the sentence says, in characters of the sentence's type: its
 * comparison (drawn about twice as wide, in a large monospace type), the max_seen line and the
 * note on what the verdict meant (a stale holder's edit on a journal node says the most). `note`,
 * when given, is the note's length, known already.
 */
export function boxLength(trace: Trace, step: Step, note?: number): number {
  const w = step.write;
  if (!w) return 0;
  const maxSeen = maxSeenLine(w);
  const noteLength =
    note ?? comparisonChip(w, w.stale && w.verdict === 'accepted' ? editSoFar(trace, step) : null).note?.length ?? 0;
  return 2 * w.comparison.length + (maxSeen === null ? 0 : maxSeen.length + 3) + noteLength;
}

/**
 * The steps likely to need the narration's most room: the longest sentence; the longest sentence
 * among writes judged by a store (they add the comparison box, so their sentence has half the
 * width); the longest among a stale holder's writes; the write whose box says the most; and the
 * three that look tallest when both are weighed (a write's sentence counted twice, for its half
 * width). At most seven, in step order; one pass over the steps, and STALE_NOTES_WORKED_OUT
 * passes at most for the stale writes' notes.
 */
export function tallestCandidates(trace: Trace): Step[] {
  let longest: Step | undefined;
  let longestWrite: Step | undefined;
  let longestStale: Step | undefined;
  let widestBox: [Step, number] | undefined;
  let staleWorkedOut = 0;
  let longestNote = 0;
  const tall: [Step, number][] = [];
  for (const step of trace.steps) {
    if (!longest || step.text.length > longest.text.length) longest = step;
    const w = step.write;
    let note: number | undefined;
    if (w?.stale && w.verdict === 'accepted') {
      if (staleWorkedOut < STALE_NOTES_WORKED_OUT) {
        staleWorkedOut += 1;
        note = comparisonChip(w, editSoFar(trace, step)).note?.length ?? 0;
        longestNote = Math.max(longestNote, note);
      } else note = longestNote;
    }
    const box = boxLength(trace, step, note);
    tall.push([step, w ? Math.max(2 * step.text.length, 2 * box) : step.text.length]);
    if (!w) continue;
    if (!longestWrite || step.text.length > longestWrite.text.length) longestWrite = step;
    if (w.stale && (!longestStale || step.text.length > longestStale.text.length)) longestStale = step;
    if (!widestBox || box > widestBox[1]) widestBox = [step, box];
  }
  const tallest = tall.sort((a, b) => b[1] - a[1] || a[0].index - b[0].index).slice(0, 3);
  return [...new Set([longest, longestWrite, longestStale, widestBox?.[0], ...tallest.map(([step]) => step)])]
    .filter((s): s is Step => s !== undefined)
    .sort((a, b) => a.index - b.index);
}
