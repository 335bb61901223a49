// The client's side of a lease: when a grant that arrives may be believed, and until when.
// Invariant: a client never believes a grant past the moment the lock service ends its lease,
// however late the grant arrives, unless the client's own clock is wrong (the lesson of skew).
// Its belief is timed from when it asked, not from when the answer came (as Chubby's client
// does: Burrows, OSDI '06 §2.8), and a grant older than one it has already had is ignored.

/** What a grant message tells its client about the lease, in the client's and the service's terms. */
export interface GrantTiming {
  /** When the client sent the request this grant answers, on the client's own clock (ms). */
  askedAtMs: number;
  /** How long after that request reached the lock service the lease ends, on the service's clock (ms). */
  leaseEndsInMs: number;
  /** The grant's id: grants are numbered in the order the lock service makes them. */
  grantId: number;
}

export type GrantJudgement =
  { take: true; believedUntilMs: number } | { take: false; reason: 'older' | 'over'; believedUntilMs: number };

/**
 * Judges a grant arriving at `nowMs` (the client's clock) at a client whose newest grant so far
 * is `newestGrantId` (0: none): `older` if it has had a newer one since (a late or duplicated
 * message), `over` if its lease has ended by the time it arrives, else taken until
 * `askedAtMs + leaseEndsInMs`.
 */
export function judgeGrant(grant: GrantTiming, newestGrantId: number, nowMs: number): GrantJudgement {
  const believedUntilMs = grant.askedAtMs + grant.leaseEndsInMs;
  if (grant.grantId < newestGrantId) return { take: false, reason: 'older', believedUntilMs };
  if (believedUntilMs <= nowMs) return { take: false, reason: 'over', believedUntilMs };
  return { take: true, believedUntilMs };
}
