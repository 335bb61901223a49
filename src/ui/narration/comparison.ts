// How the narration shows the comparison a resource made for a write: its verdict, and whether
// the write came from a stale holder. Invariant: a stale write that got in never reads as a
// success: it has its own glyph ("!", as on the timeline), words and danger colour; accept, reject
// and stale accept differ in glyph and words, never in colour alone.

import type { WriteOutcome } from '../../engine';

export type ComparisonTone = 'accepted' | 'rejected' | 'stale-accepted';

export interface ComparisonChip {
  tone: ComparisonTone;
  /** Drawn beside the comparison, hidden from screen readers (they get `words`). */
  glyph: '✓' | '✕' | '!';
  words: string;
  /** What the verdict means for the fence, when the writer was stale. */
  note: string | null;
}

export function comparisonChip(write: Pick<WriteOutcome, 'verdict' | 'stale'>): ComparisonChip {
  if (write.verdict === 'rejected') {
    return {
      tone: 'rejected',
      glyph: '✕',
      words: 'Rejected',
      note: write.stale ? 'a stale holder was fenced off' : null,
    };
  }
  if (write.stale) {
    return {
      tone: 'stale-accepted',
      glyph: '!',
      words: "Accepted, but it was a stale holder's write",
      note: "a stale holder's write got in",
    };
  }
  return { tone: 'accepted', glyph: '✓', words: 'Accepted', note: null };
}
