// Which steps' narration a fitted embed measures to reserve the narration's height for the whole
// run: the timeline then keeps one size while the run plays, instead of giving up room (and its
// lanes' subtitles) at the first write's verdict and taking it back after.

import type { Step } from '../../engine';

/**
 * The steps likely to need the narration's most room: the longest sentence; the longest sentence
 * among writes judged by a store (they add the comparison box); the longest among a stale
 * holder's writes (their box adds a line saying what it meant); the write with the longest
 * comparison. At most four, in step order; one pass over the steps.
 */
export function tallestCandidates(steps: readonly Step[]): Step[] {
  let longest: Step | undefined;
  let longestWrite: Step | undefined;
  let longestStale: Step | undefined;
  let widestComparison: Step | undefined;
  for (const step of steps) {
    if (!longest || step.text.length > longest.text.length) longest = step;
    if (!step.write) continue;
    if (!longestWrite || step.text.length > longestWrite.text.length) longestWrite = step;
    if (step.write.stale && (!longestStale || step.text.length > longestStale.text.length)) longestStale = step;
    if (!widestComparison || step.write.comparison.length > widestComparison.write!.comparison.length)
      widestComparison = step;
  }
  return [...new Set([longest, longestWrite, longestStale, widestComparison])]
    .filter((s): s is Step => s !== undefined)
    .sort((a, b) => a.index - b.index);
}
