// A long recording for tests and `npm run bench:recorded`: etcd-race's header and schedule with
// as many observations as asked, in rounds of Client2 (acquire, write, release) and, every seventh
// round, Client1 frozen, whose late write with its old token the store refuses: the two clients
// the schedule has (a recording naming another is refused).
// Invariant: valid (validateRecording accepts it), deterministic, exactly `count` observations.

import type { Observation, Recording } from '../../engine/surfaces/recorded';

/** One round of client `c` with revision `rev`, from `t` ms; `old`: Client1's late write with it. */
function round(c: string, rev: number, t: number, maxSeen: string | null, old: string | null): Observation[] {
  const token = String(rev);
  const key = `lock/res/${rev.toString(16)}`;
  const lease = String(7_000_000_000_000_000_000 + rev);
  const obs: Observation[] = [
    { atMs: t, party: c, kind: 'lock.requested' },
    { atMs: t + 2, party: c, kind: 'session.opened', detail: { lease, ttlS: 2 } },
    { atMs: t + 4, party: c, kind: 'lock.queued', token, detail: { key } },
    { atMs: t + 5, party: 'etcd', kind: 'key.created', token, client: c, detail: { key, lease } },
    { atMs: t + 6, party: c, kind: 'lock.granted', token },
    { atMs: t + 10, party: c, kind: 'write.sent', token, detail: { value: `v${rev}` } },
    {
      atMs: t + 11,
      party: 'Storage',
      kind: 'write.accepted',
      client: c,
      token,
      detail: { value: `v${rev}`, maxSeenBefore: maxSeen, maxSeenAfter: token, stored: `v${rev}`, rule: 'reject-le' },
    },
    { atMs: t + 12, party: c, kind: 'write.accepted', token, detail: { value: `v${rev}`, maxSeenAfter: token } },
  ];
  if (old !== null) {
    const z = 'Client1';
    obs.push(
      { atMs: t + 13, party: z, kind: 'client.resumed' },
      { atMs: t + 14, party: z, kind: 'write.sent', token: old, detail: { value: `late${rev}` } },
      {
        atMs: t + 15,
        party: 'Storage',
        kind: 'write.rejected',
        client: z,
        token: old,
        detail: {
          value: `late${rev}`,
          maxSeenBefore: token,
          maxSeenAfter: token,
          stored: `v${rev}`,
          rule: 'reject-le',
        },
      },
      {
        atMs: t + 16,
        party: z,
        kind: 'write.rejected',
        token: old,
        detail: { value: `late${rev}`, maxSeenAfter: token },
      },
      { atMs: t + 17, party: z, kind: 'lease.lost', token: old, detail: { why: 'keepalive: lease not found' } },
    );
  }
  obs.push(
    { atMs: t + 18, party: c, kind: 'lock.released' },
    {
      atMs: t + 19,
      party: 'etcd',
      kind: 'key.deleted',
      token,
      client: c,
      detail: { key, revisionNow: String(rev + 1) },
    },
  );
  return obs;
}

/**
 * A valid etcd recording of exactly `count` observations (`count` >= 1), shaped as `base` (a
 * shipped etcd recording) with its schedule; its id is `id`.
 */
export function longRecording(base: Recording, count: number, id = `long-${count}`): Recording {
  const observations: Observation[] = [];
  let maxSeen: string | null = null;
  for (let r = 0, rev = 2; observations.length < count; r += 1, rev += 2) {
    const client = 'Client2';
    // Client1 was granted revision 1 first; every seventh round it freezes, wakes and writes with it.
    const late = r % 7 === 6;
    if (r === 0) observations.push({ atMs: 0, party: 'Client1', kind: 'lock.granted', token: '1' });
    if (late) observations.push({ atMs: r * 30, party: 'Client1', kind: 'client.paused', detail: { frozen: true } });
    observations.push(...round(client, rev, r * 30 + 1, maxSeen, late ? '1' : null));
    maxSeen = String(rev);
  }
  observations.length = count;
  // The schedule stays the base's, so the model's side is the same small run at every size.
  return { ...structuredClone(base), id, title: `A long run of ${count} observations`, observations };
}
