// The spans of a recording: each grant from when its client got the lock to when the server let
// go of it (a deleted key or node; Redlock: the validity its client computed), with how long the
// client believed it; and each GC pause (SIGSTOP to SIGCONT). Invariant: every time is an
// observation's time or one the recording states (a Redlock validity); a span never observed to
// end is open (null), never guessed.

import type { LeaseRecord, PauseRecord } from '../../../engine';
import { TimeIndex, type Observation, type Recording } from '../../../engine/surfaces/recorded';

/** A recording's observations that the spans read, by client, each group in time order. */
function spanIndex(rec: Recording) {
  const ends = new TimeIndex<Observation>();
  const quorums = new TimeIndex<Observation>();
  const deletions = new TimeIndex<Observation>();
  const lastWrite = new Map<string, Observation>();
  const firstRelease = new Map<string, number>();
  for (const o of rec.observations) {
    if (o.kind === 'lease.lost' || o.kind === 'session.expired' || o.kind === 'lock.released') ends.add(o.party, o);
    if (o.kind === 'lock.released' && !firstRelease.has(o.party)) firstRelease.set(o.party, o.atMs);
    if (o.kind === 'lock.quorum') quorums.add(o.party, o);
    if (o.kind === 'write.sent') lastWrite.set(o.party, o);
    if (o.client !== undefined && (o.kind === 'key.deleted' || o.kind === 'node.deleted')) deletions.add(o.client, o);
  }
  return { ends, quorums, deletions, lastWrite, firstRelease };
}

type SpanIndex = ReturnType<typeof spanIndex>;

/** When `client` stopped believing the grant it got at `fromMs`: the first loss, expiry or
 * release it reported; Redlock's client reports none, so it believed at least to its validity's
 * end and to its last write under the grant (a write says the writer believed). */
function believedUntil(
  rec: Recording,
  at: SpanIndex,
  client: string,
  fromMs: number,
  validityEndMs: number | null,
): number | null {
  const end = at.ends.firstAtOrAfter(client, fromMs);
  if (end) return end.atMs;
  if (validityEndMs === null) return null;
  const lastWrite = at.lastWrite.get(client);
  const until = Math.max(validityEndMs, lastWrite && lastWrite.atMs >= fromMs ? lastWrite.atMs : -Infinity);
  return until <= rec.schedule.durationMs ? until : null;
}

export function leasesOf(rec: Recording, endMs: number): LeaseRecord[] {
  const at = spanIndex(rec);
  const grants = rec.observations.filter((o) => o.kind === 'lock.granted');
  return grants.map((g, i) => {
    const client = g.party;
    let endedMs: number | null = null;
    let endReason: string | null = null;
    let validityEndMs: number | null = null;
    if (rec.system === 'redis') {
      const quorum = at.quorums.lastAtOrBefore(client, g.atMs);
      const validity = Number(quorum?.detail?.validityMs);
      if (quorum && Number.isFinite(validity)) {
        validityEndMs = quorum.atMs + validity;
        if (validityEndMs <= endMs) [endedMs, endReason] = [validityEndMs, 'validity over'];
      }
    } else {
      const gone = at.deletions.firstAtOrAfter(client, g.atMs);
      if (gone) {
        endedMs = gone.atMs;
        const released = (at.firstRelease.get(client) ?? Infinity) <= gone.atMs + 50;
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
      believedUntilMs: believedUntil(rec, at, client, g.atMs, validityEndMs),
    };
  });
}

export function pausesOf(rec: Recording): PauseRecord[] {
  const pauses: PauseRecord[] = [];
  /** Per client, its pauses not yet ended, the latest last (a resume ends the latest). */
  const open = new Map<string, PauseRecord[]>();
  for (const o of rec.observations) {
    if (o.kind === 'client.paused') {
      const pause: PauseRecord = { client: o.party, fromMs: o.atMs, toMs: null };
      pauses.push(pause);
      const mine = open.get(o.party);
      if (mine) mine.push(pause);
      else open.set(o.party, [pause]);
    }
    if (o.kind === 'client.resumed') {
      const ended = open.get(o.party)?.pop();
      if (ended) ended.toMs = o.atMs;
    }
  }
  return pauses;
}
