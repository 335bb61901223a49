// The Kubernetes Lease's own words: the waiting client, not the server, decides a lease is over,
// and leaseTransitions is what the token is. narrateSystem() and systemPhrase() ask here first for
// a k8s-lease run and fall back to the other words when this returns null.
// Invariant: like narrate(), it only describes; every fact is a field of the note or the step.

import type { Step } from '../core/trace';
import type { Note } from '../core/party';
import { formatToken } from '../protocol/tokens';

/** "15 s", "20.5 s", or "800 ms" below a second. */
function duration(ms: number | undefined): string {
  if (ms === undefined) return 'the lease duration';
  return ms < 1000 ? `${ms} ms` : `${Number((ms / 1000).toFixed(1))} s`;
}

/** The sentence for a step of a k8s-lease run, or null for the shared words. */
export function narrateK8s(party: string, note: Note): string | null {
  const t = formatToken(note.token ?? null);
  switch (note.kind) {
    case 'lease.expired':
      if (note.detail?.scope === 'operator')
        return `An operator clears the Lease's holderIdentity (${note.holder}, leaseTransitions ${t}); the API server itself never would.`;
      return `${party} saw no renewal of ${note.holder}'s Lease for ${duration(note.detail?.waitedMs)} on its own clock, so it takes the lease over: the API server times nothing, and ${note.holder} is not told.`;
    case 'lock.granted': {
      const d = note.detail;
      const from = d?.previous ? ` from ${d.previous}` : '';
      return `${party} accepts ${note.holder}'s update of the Lease${from} (resourceVersion ${d?.revision}): ${note.holder} is the holder, and leaseTransitions is now ${t}.`;
    }
    case 'lock.acquired':
      return `${party} leads, with leaseTransitions ${t}; it renews every retryPeriod and stops leading if no renewal succeeds for renewDeadline (until ${note.detail?.believedUntilMs} ms on its own clock, unless renewed).`;
    case 'lock.released':
      return `${party} clears the Lease's holder at ${note.holder}'s request; leaseTransitions stays ${t}.`;
    default:
      return null;
  }
}

/** The compact phrase for a step of a k8s-lease run, or null for the shared one. */
export function phraseK8s(step: Step): { actor: string; action: string } | null {
  const t = formatToken(step.token ?? null);
  const at = (action: string) => ({ actor: step.party, action });
  switch (step.kind) {
    case 'lease.expired':
      return step.detail?.scope === 'operator'
        ? at(`holder cleared by an operator (leaseTransitions ${t})`)
        : at(`saw no renewal for ${duration(step.detail?.waitedMs)} on its own clock -> takes the lease`);
    case 'lock.granted':
      return at(`update(${step.parties[1] ?? ''}) -> leaseTransitions ${t}`);
    case 'lock.acquired':
      return at(`leads, leaseTransitions ${t}`);
    default:
      return null;
  }
}
