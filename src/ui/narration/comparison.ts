// How the narration shows the comparison a resource made for a write: its verdict, and whether
// the write came from a stale holder. Invariant: a stale write that got in never reads as a
// success: it has its own glyph ("!", as on the timeline), words and danger colour; accept, reject
// and stale accept differ in glyph and words, never in colour alone.

import { formatToken, type WriteOutcome } from '../../engine';

type ComparisonTone = 'accepted' | 'rejected' | 'stale-accepted';

export interface ComparisonChip {
  tone: ComparisonTone;
  /** Drawn beside the comparison, hidden from screen readers (they get `words`). */
  glyph: '✓' | '✕' | '!';
  words: string;
  /** What the verdict means for the fence, when the writer was stale. */
  note: string | null;
}

/**
 * The chip for a write. `edit`: for a journal node's accept (QJM), the nodes that had logged the
 * edit by this step and the number its commit needs (engine editSoFar): a stale edit logged by too
 * few is said to be logged, not to have got in, since it takes effect only once enough have.
 */
export function comparisonChip(
  write: Pick<WriteOutcome, 'verdict' | 'stale'>,
  edit: { logged: string[]; quorum: number } | null = null,
): ComparisonChip {
  if (write.verdict === 'rejected') {
    return {
      tone: 'rejected',
      glyph: '✕',
      words: 'Rejected',
      note: write.stale ? 'a stale holder was fenced off' : null,
    };
  }
  if (write.stale && edit && edit.logged.length < edit.quorum) {
    return {
      tone: 'stale-accepted',
      glyph: '!',
      words: "Logged, but it was a stale holder's edit",
      note: `a stale holder's edit, logged on ${edit.logged.join(', ')}: it commits only once ${edit.quorum} journal nodes have logged it`,
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

/** "max_seen at Storage: 34 → 34", the line under the comparison; null for a store that keeps none. */
export function maxSeenLine(write: Pick<WriteOutcome, 'resource' | 'maxSeenBefore' | 'maxSeenAfter'>): string | null {
  return write.maxSeenAfter === null
    ? null
    : `max_seen at ${write.resource}: ${formatToken(write.maxSeenBefore)} → ${formatToken(write.maxSeenAfter)}`;
}
