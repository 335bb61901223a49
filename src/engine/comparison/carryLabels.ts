// Carrying a scenario's step labels (t0 … t6) to another strategy. A label is a matcher (kind,
// party or client, token), and some of what it asks cannot hold under another system: its tokens
// are numbered otherwise, its store may decide the other way, and HDFS's journal nodes end no lease
// by time (a newer epoch's promise is what deposes the old writer). Invariant: a carried label asks
// for the same step in the target's terms, never for less than the step's kind and its client.

import type { StepKind } from '../core/vocabulary';
import type { StepLabel } from '../core/scenario';

/** The step that ends a holder's grant in the article's t2, by strategy: QJM's is a promise. */
const leaseEnd = (strategy: string): StepKind => (strategy === 'qjm' ? 'epoch.promised' : 'lease.expired');

/**
 * `label` from a `source` strategy's scenario for a `target` strategy's run. `mapParty` is what a
 * party becomes under the target (carry.ts): one party keeps the label on it, none or several drop
 * the party and keep the rest. The token is dropped (each system numbers its own); a verdict label
 * takes either verdict on that client's write; the end of a lease becomes the target's own.
 */
export function carryLabel(
  label: StepLabel,
  source: string,
  target: string,
  mapParty: (party: string) => readonly string[],
): StepLabel {
  const { token: _token, ...rest } = label;
  let out: StepLabel = rest;
  if (out.kind === leaseEnd(source) && leaseEnd(source) !== leaseEnd(target)) {
    // QJM's promise names no client (every journal node promises); a lease's end names its holder.
    const { client: _client, party: _party, ...kindOnly } = out;
    out = { ...kindOnly, kind: leaseEnd(target) };
  }
  if (out.kind === 'write.accepted' || out.kind === 'write.rejected') out = { ...out, anyVerdict: true };
  if (out.party === undefined) return out;
  const to = mapParty(out.party);
  // A label on an authority of several members, or on a party the target lacks, keeps its kind only.
  if (to.length !== 1) {
    const { party: _party, ...withoutParty } = out;
    return withoutParty;
  }
  return { ...out, party: to[0] };
}
