// The spans of a recording: each grant from when its client got the lock to when the server let
// go of it (a deleted key or node; Redlock: the validity its client computed), with how long the
// client believed it; and each GC pause (SIGSTOP to SIGCONT). Invariant: every time is an
// observation's time or one the recording states (a Redlock validity); a span never observed to
// end is open (null), never guessed.

import type { LeaseRecord, PauseRecord } from '../../../engine';
import type { Observation, Recording } from '../../../engine/surfaces/recorded';

/** When `client` stopped believing the grant it got at `fromMs`: the first loss, expiry or
 * release it reported; Redlock's client reports none, so it believed at least to its validity's
 * end and to its last write under the grant (a write says the writer believed). */
function believedUntil(rec: Recording, client: string, fromMs: number, validityEndMs: number | null): number | null {
  const mine = (o: Observation) => o.party === client && o.atMs >= fromMs;
  const end = rec.observations.find(
    (o) => mine(o) && (o.kind === 'lease.lost' || o.kind === 'session.expired' || o.kind === 'lock.released'),
  );
  if (end) return end.atMs;
  if (validityEndMs === null) return null;
  const lastWrite = rec.observations.filter((o) => mine(o) && o.kind === 'write.sent').at(-1);
  const until = Math.max(validityEndMs, lastWrite?.atMs ?? -Infinity);
  return until <= rec.schedule.durationMs ? until : null;
}

export function leasesOf(rec: Recording, endMs: number): LeaseRecord[] {
  const obs = rec.observations;
  const grants = obs.filter((o) => o.kind === 'lock.granted');
  return grants.map((g, i) => {
    const client = g.party;
    let endedMs: number | null = null;
    let endReason: string | null = null;
    let validityEndMs: number | null = null;
    if (rec.system === 'redis') {
      const quorum = [...obs].reverse().find((o) => o.party === client && o.kind === 'lock.quorum' && o.atMs <= g.atMs);
      const validity = Number(quorum?.detail?.validityMs);
      if (quorum && Number.isFinite(validity)) {
        validityEndMs = quorum.atMs + validity;
        if (validityEndMs <= endMs) [endedMs, endReason] = [validityEndMs, 'validity over'];
      }
    } else {
      const gone = obs.find(
        (o) => o.atMs >= g.atMs && o.client === client && (o.kind === 'key.deleted' || o.kind === 'node.deleted'),
      );
      if (gone) {
        endedMs = gone.atMs;
        const released = obs.some((o) => o.party === client && o.kind === 'lock.released' && o.atMs <= gone.atMs + 50);
        endReason = released ? 'released' : 'expired';
      }
    }
    return {
      grantId: i + 1,
      holder: client,
      token: g.token ?? null,
      grantedMs: g.atMs,
      endedMs,
      endReason,
      believedFromMs: g.atMs,
      believedUntilMs: believedUntil(rec, client, g.atMs, validityEndMs),
    };
  });
}

export function pausesOf(rec: Recording): PauseRecord[] {
  const pauses: PauseRecord[] = [];
  for (const o of rec.observations) {
    if (o.kind === 'client.paused') pauses.push({ client: o.party, fromMs: o.atMs, toMs: null });
    if (o.kind === 'client.resumed') {
      const open = [...pauses].reverse().find((p) => p.client === o.party && p.toMs === null);
      if (open) open.toMs = o.atMs;
    }
  }
  return pauses;
}
