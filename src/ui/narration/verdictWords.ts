// The verdict's facts in plain words: each invariant by a name a newcomer can read, and the tokens
// issued said for what they are. Invariant: every invariant the oracle can report has a name here
// (the Record's key type makes a new one a type error), and a run that issued no token says so
// rather than listing "none" and calling it unordered.

import {
  chanceSentence,
  refusedByChance,
  staleEditsUncommitted,
  tokensFact,
  verdictSettledAt,
  type InvariantId,
  type Trace,
  type Verdict,
} from '../../engine';

/** Said the same way by the CLI: the engine's. */
export { tokensFact };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const INVARIANT_WORDS: Record<InvariantId, string> = {
  'issued-tokens-increase': 'Tokens issued strictly increase',
  'one-grant-at-a-time': 'One holder at a time',
  'accepted-writes-in-grant-order': 'Accepted writes follow the order of the grants',
  'max-seen-never-decreases': 'max_seen never decreases',
  'no-stale-side-effect': 'No stale side effect escapes',
};

export interface Headline {
  /** ok: all well; warn: safe, but the fence also stopped the current holder; broken: not safe. */
  tone: 'ok' | 'warn' | 'broken';
  glyph: string;
  text: string;
}

/**
 * The verdict in one line. A stale write can get in without breaking an invariant (the zombie
 * writes before the new holder's token reaches the store), and a fence can refuse everyone (a
 * check with no token to order): neither is "all is well".
 */
export function verdictHeadline(
  verdict: Pick<
    Verdict,
    'ok' | 'violations' | 'staleWriteAccepted' | 'rightfulWriteRejected' | 'cutShort' | 'endedWaiting'
  >,
  /** Where every stale write accepted was a journal edit never committed: how far it got
   * (staleEditsUncommitted, "on JN3 only, 1 of 2 acks needed, never committed"). */
  uncommitted: string | null = null,
  /** Where a store refused a stale write only because two random values happened to sort so
   * (chanceSentence): said, so that a refusal by luck never reads as a fence that held. */
  chance: string | null = null,
): Headline {
  const byChance = chance ? ` ${chance}` : '';
  if (!verdict.ok) {
    // "Invariant" is the field's word; a class reads "safety rule" first.
    const text = `${plural(verdict.violations.length, 'safety rule (invariant) broken', 'safety rules (invariants) broken')}.${byChance}`;
    return { tone: 'broken', glyph: '✕', text };
  }
  const stale = verdict.staleWriteAccepted;
  // A quorum journal keeps an edit too few nodes logged from taking effect (QJM recovery repairs
  // it): the fence held where it matters, but not on that node.
  if (stale && uncommitted) {
    return {
      tone: 'warn',
      glyph: '⚠',
      text: `No stale write took effect: a stale holder's edit was logged ${uncommitted} (${stale.client}).`,
    };
  }
  if (stale) {
    return {
      tone: 'broken',
      glyph: '✕',
      text: `A stale holder's write got in (${stale.client} at ${stale.resource}).`,
    };
  }
  // Nothing broke in the part that ran, but the rest never ran: that is no verdict of "safe".
  if (verdict.cutShort) {
    const at = verdict.cutShort.atMs.toLocaleString('en-US');
    return { tone: 'warn', glyph: '⚠', text: `Cut short at ${at} ms: no verdict beyond that point.` };
  }
  const refused = verdict.rightfulWriteRejected;
  if (refused) {
    return {
      tone: 'warn',
      glyph: '⚠',
      text: `No stale write got in, but the store also refused the current holder's write (${refused.client} at ${refused.resource}).`,
    };
  }
  if (chance) return { tone: 'warn', glyph: '⚠', text: `No stale write got in, but only by chance.${byChance}` };
  // Safe so far, but a client never got its turn: the part of the story the run never reached.
  const waiting = verdict.endedWaiting;
  if (waiting?.length) {
    const unsent = waiting.flatMap((w) => w.queuedWrites);
    const who = waiting.map((w) => w.client).join(' and ');
    const writes = unsent.length
      ? `, ${unsent.length === 1 ? `its write ${unsent[0]}` : `writes ${unsent.join(', ')}`} never sent`
      : '';
    return {
      tone: 'warn',
      glyph: '⚠',
      text: `No stale write got in, but the run ended with ${who} still waiting for the lock${writes}.`,
    };
  }
  return { tone: 'ok', glyph: '✓', text: 'Every safety rule (invariant) held; no stale write got in.' };
}

/** What the verdict panel says while the future is hidden and could still change the verdict. */
export const NOT_YET = 'Not yet: the verdict is shown once what is still to come can no longer change it.';

/**
 * The verdict as the panel shows it at the cursor: its headline, or "not yet" while the future is
 * hidden and holds a step the verdict counts (verdictSettledAt). Held back to the run's very last
 * step, it never showed at a lesson's t6, the write that decides the race, with only the zombie
 * being told of its refusal still to come: the lesson asked for it at 15 parts.
 */
export function shownVerdict(trace: Trace, cursor: number, hideFuture: boolean): string {
  return hideFuture && cursor < verdictSettledAt(trace) ? NOT_YET : headlineOf(trace).text;
}

/**
 * A run's headline (verdictHeadline), with what became of its stale journal edits. Worked out once
 * per run: the narration's and the verdict panel's selectors ask on every change of the store
 * (each frame while playing), and finding the edits walks the whole trace (1.6 ms for 12,000 steps).
 */
export function headlineOf(trace: Trace): Headline {
  let headline = headlines.get(trace);
  if (!headline) {
    const lucky = refusedByChance(trace);
    headline = verdictHeadline(
      trace.verdict,
      trace.verdict.staleWriteAccepted ? staleEditsUncommitted(trace) : null,
      lucky ? chanceSentence(lucky.write) : null,
    );
    headlines.set(trace, headline);
  }
  return headline;
}
const headlines = new WeakMap<Trace, Headline>();

/** What the announcer has seen: the run (a trace, by identity), the verdict shown, what it said. */
export interface VerdictSeen {
  run: unknown;
  shown: string;
  /** The live region's text: the last change announced, or empty. */
  message: string;
}

/**
 * Whether a change of what is shown is news to announce: only a change of the run (a strategy,
 * an added action, an undo; not a cursor step, nor the option that hides the future) that changes
 * the verdict the panel shows. While the future is hidden the panel says "not yet" before and
 * after, so nothing is announced and nothing of the future is given away.
 */
export function isVerdictNews(seen: Pick<VerdictSeen, 'run' | 'shown'>, run: unknown, shown: string): boolean {
  return run !== seen.run && shown !== seen.shown && shown !== NOT_YET;
}

/** The announcer's next state; `seen` itself when nothing changed (so a render can compare). */
export function nextVerdictSeen(seen: VerdictSeen, run: unknown, shown: string): VerdictSeen {
  if (run === seen.run && shown === seen.shown) return seen;
  if (isVerdictNews(seen, run, shown)) return { run, shown, message: `The verdict for the whole run is now: ${shown}` };
  // Another run with the same verdict, or a hidden one: the old words go (silently), so the
  // region never holds a verdict that is not the one on screen, nor one the future hides.
  return { run, shown, message: run === seen.run && shown !== NOT_YET ? seen.message : '' };
}
