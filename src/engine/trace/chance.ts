// Where chance decided a run: a store that compares two random values (Redlock's, a UUID's) as
// if they were ordered refuses a superseded holder's write only when its value happens to sort
// lower. Such a refusal is luck, not a fence, and every verdict that reports it says so.
// Invariant: read off the trace's write records alone; narration's "the order is luck" and this
// agree (both ask whether the two tokens compared are text, the model's only random tokens).

import type { Step, Trace, WriteOutcome } from '../core/trace';
import { formatToken } from '../protocol/tokens';

/** The first stale write a store refused by comparing two random values, or null. */
export function refusedByChance(trace: Pick<Trace, 'steps'>): (Step & { write: WriteOutcome }) | null {
  for (const step of trace.steps) {
    const w = step.write;
    // An equality check ("a != b -> REJECT") refuses every token but the current one: no chance there.
    const byEquality = w?.comparison.includes(' != ') ?? false;
    if (
      w?.stale &&
      w.verdict === 'rejected' &&
      !byEquality &&
      typeof w.token === 'string' &&
      typeof w.maxSeenBefore === 'string'
    )
      return step as Step & { write: WriteOutcome };
  }
  return null;
}

/** "Client1's stale write Y was refused only because its random value, dd7a05dd, happened to sort
 * lower than 831cc043: chance, not an order." */
export function chanceSentence(w: WriteOutcome): string {
  return `${w.client}'s stale write ${w.value} was refused only because its random value, ${formatToken(w.token)}, happened to sort lower than ${formatToken(w.maxSeenBefore)}: chance, not an order.`;
}
