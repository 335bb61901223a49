// The invariant checker. It watches every note with ghost knowledge no party has (which grant is
// the newest) and records each broken invariant with the step that broke it.
// Invariants: issued tokens strictly increase; at most one grant's lease is live at the lock
// service at a time; per resource, accepted writes never go back to an older grant; max_seen never
// decreases; no side effect is taken for a superseded holder. Overlapping client *beliefs* are
// the lesson, not a broken rule: only the lock service's own records count.

import type { Note } from '../core/party';
import type { LeaseRecord, PartyView, StepStatus, TokenValue, Verdict, Violation } from '../core/trace';
import { compareTokens, formatToken } from '../protocol/tokens';

/** What the oracle knows about a note that no party knows. */
export interface Judgement {
  /** The note is about a grant that a newer grant has superseded. */
  stale: boolean;
  /**
   * Set when that superseded grant's lease had not ended at the lock service: its holder is no
   * zombie but a second holder, alongside this newer one.
   */
  alsoHolding: string | null;
  /**
   * Set on a refused write of the lock's current holder that no later write of its own had
   * overtaken: the store's rule stopped the rightful writer (Verdict.rightfulWriteRejected counts
   * exactly these).
   */
  holderRefused?: true;
}

const FRESH: Judgement = { stale: false, alsoHolding: null };

export class Oracle {
  private latestGrantId = 0;
  private latestHolder = '';
  private tokens: TokenValue[] = [];
  private reportedUnordered = false;
  /** A store that checks for equality with the holder it was told of needs no order in tokens. */
  private equalityFenced = false;
  private newestAcceptedGrant = new Map<string, { grantId: number; token: TokenValue; client: string }>();
  private maxSeen = new Map<string, TokenValue>();
  private violations: Violation[] = [];
  private staleFirst: Verdict['staleWriteAccepted'] = null;
  private staleAccepted = 0;
  private staleRejected = 0;
  private rightfulFirst: Verdict['rightfulWriteRejected'] = null;
  private rightfulRejected = 0;
  /** Per resource and grant, the highest write number it accepted (grant id -> seq). */
  private acceptedSeq = new Map<string, Map<number, number>>();
  private lastStatus: StepStatus | null = null;

  /** An independent oracle that knows what this one knows (a checkpoint's copy). */
  copy(): Oracle {
    const oracle = Object.assign(new Oracle(), this);
    oracle.tokens = [...this.tokens];
    oracle.newestAcceptedGrant = new Map(this.newestAcceptedGrant);
    oracle.maxSeen = new Map(this.maxSeen);
    oracle.acceptedSeq = new Map([...this.acceptedSeq].map(([k, v]) => [k, new Map(v)]));
    oracle.violations = [...this.violations];
    return oracle;
  }

  /**
   * Looks at one note, with the lease records as they stand after it (a grant's own record
   * included); says whether it is about a superseded grant, and whether that grant is still live.
   */
  observe(note: Note, party: string, step: number, leases: readonly LeaseRecord[] = []): Judgement {
    switch (note.kind) {
      case 'lock.granted':
        this.onIssue(note.token ?? null, step);
        this.onGrant(note, step, leases);
        if ((note.grantId ?? 0) >= this.latestGrantId) {
          this.latestGrantId = note.grantId ?? 0;
          this.latestHolder = note.holder ?? '';
        }
        return FRESH;
      case 'write.accepted':
      case 'write.rejected':
        return this.onWrite(note, party, step, leases);
      case 'effect.sent': {
        const judgement = this.judge(note.grantId, leases);
        if (judgement.stale) {
          this.violations.push({
            invariant: 'no-stale-side-effect',
            step,
            message: judgement.alsoHolding
              ? `${party} acted for ${note.client ?? 'a client'} while ${judgement.alsoHolding} also held the lock: nothing outside the fence checks tokens.`
              : `${party} acted for ${note.client ?? 'a client'} after its grant had been superseded: nothing outside the fence checks tokens.`,
          });
        }
        return judgement;
      }
      default:
        return FRESH;
    }
  }

  observeView(party: string, view: PartyView, step: number): void {
    if (view.fields.check === 'equal') this.equalityFenced = true;
    if (!('maxSeen' in view.fields)) return;
    const next = view.fields.maxSeen as TokenValue;
    const prev = this.maxSeen.get(party);
    this.maxSeen.set(party, next);
    if (prev === undefined || prev === null) return;
    if (next === null || compareTokens(next, prev) < 0) {
      this.violations.push({
        invariant: 'max-seen-never-decreases',
        step,
        message: `${party}'s max_seen went from ${formatToken(prev)} to ${formatToken(next)}: it forgot what it had seen.`,
      });
    }
  }

  /** Whether a store has accepted a stale holder's write so far. */
  get staleWriteAccepted(): boolean {
    return this.staleFirst !== null;
  }

  /** The status a step shows; the same object while nothing in it changes (a long trace shares it). */
  status(): StepStatus {
    const violations = this.violations.length;
    const staleWriteAccepted = this.staleFirst !== null;
    const last = this.lastStatus;
    if (last && last.violations === violations && last.staleWriteAccepted === staleWriteAccepted) return last;
    return (this.lastStatus = { violations, staleWriteAccepted });
  }

  verdict(): Verdict {
    return {
      ok: this.violations.length === 0,
      tokensIssued: [...this.tokens],
      tokensMonotonic: this.tokens.length > 0 && isStrictlyIncreasing(this.tokens),
      staleWriteAccepted: this.staleFirst,
      staleWritesAccepted: this.staleAccepted,
      staleWritesRejected: this.staleRejected,
      rightfulWriteRejected: this.rightfulFirst,
      rightfulWritesRejected: this.rightfulRejected,
      violations: [...this.violations],
    };
  }

  private judge(grantId: number | undefined, leases: readonly LeaseRecord[]): Judgement {
    if (grantId === undefined || grantId >= this.latestGrantId) return FRESH;
    const own = leases.find((l) => l.grantId === grantId);
    return { stale: true, alsoHolding: own && own.endedMs === null ? this.latestHolder : null };
  }

  /** Whether `party` already accepted a later write of the same grant than write `seq`: refusing
   * this one then keeps the newest data, so it is no rightful write refused. */
  private overtaken(party: string, grantId: number, seq: number): boolean {
    return (this.acceptedSeq.get(party)?.get(grantId) ?? 0) > seq;
  }

  private noteAcceptedSeq(party: string, grantId: number | undefined, seq: number): void {
    if (grantId === undefined) return;
    const seqs = this.acceptedSeq.get(party) ?? new Map<number, number>();
    this.acceptedSeq.set(party, seqs);
    seqs.set(grantId, Math.max(seqs.get(grantId) ?? 0, seq));
  }

  /** I3: a grant while another grant's lease is still live at the lock service makes two holders. */
  private onGrant(note: Note, step: number, leases: readonly LeaseRecord[]): void {
    const live = leases.find((l) => l.endedMs === null && l.grantId !== note.grantId);
    if (!live) return;
    const theirs =
      live.token === null ? `${live.holder}'s lease` : `${live.holder}'s grant (${formatToken(live.token)})`;
    this.violations.push({
      invariant: 'one-grant-at-a-time',
      step,
      message: `${note.holder ?? 'A client'} was granted the lock while ${theirs} had not ended: two clients hold the lock at once, by the lock service's own reckoning.`,
    });
  }

  private onIssue(token: TokenValue, step: number): void {
    const prev = this.tokens[this.tokens.length - 1];
    this.tokens.push(token);
    if (token === null) return; // a plain lease issues no token: nothing to order
    if (typeof token !== 'number') {
      // One random token has nothing to be ordered against; the second one shows there is no order.
      const issued = this.tokens.filter((t) => t !== null).length;
      if (issued >= 2 && !this.reportedUnordered && !this.equalityFenced) {
        this.reportedUnordered = true;
        this.violations.push({
          invariant: 'issued-tokens-increase',
          step,
          message: `Token ${token} is a random value: it is unique but carries no order, so no resource can tell a newer holder from an older one.`,
        });
      }
      return;
    }
    if (typeof prev === 'number' && token <= prev) {
      this.violations.push({
        invariant: 'issued-tokens-increase',
        step,
        message: `Token ${token} was issued after token ${prev}: tokens must strictly increase, even across restarts and clock jumps.`,
      });
    }
  }

  private onWrite(note: Note, party: string, step: number, leases: readonly LeaseRecord[]): Judgement {
    const write = note.write;
    if (!write) return FRESH;
    const judgement = this.judge(write.grantId, leases);
    const stale = judgement.stale;
    if (write.verdict === 'rejected') {
      if (stale) this.staleRejected++;
      else if (write.grantId !== undefined && !this.overtaken(party, write.grantId, write.seq)) {
        this.rightfulRejected++;
        this.rightfulFirst ??= { step, client: write.client, resource: party };
        return { ...judgement, holderRefused: true };
      }
      return judgement;
    }
    this.noteAcceptedSeq(party, write.grantId, write.seq);
    if (stale) {
      this.staleAccepted++;
      this.staleFirst ??= { step, client: write.client, resource: party, token: write.token };
    }
    const newest = this.newestAcceptedGrant.get(party);
    if (newest && write.grantId < newest.grantId) {
      this.violations.push({
        invariant: 'accepted-writes-in-grant-order',
        step,
        message: judgement.alsoHolding
          ? `${party} accepted ${describe(write.client, write.token)} after ${describe(newest.client, newest.token)}, while both held the lock: the store cannot tell them apart, and ${newest.client}'s data was overwritten.`
          : `${party} accepted ${describe(write.client, write.token)} after one from a newer holder, ${describe(newest.client, newest.token)}: older data overwrote newer data.`,
      });
    }
    if (!newest || write.grantId >= newest.grantId) {
      this.newestAcceptedGrant.set(party, { grantId: write.grantId, token: write.token, client: write.client });
    }
    return judgement;
  }
}

const describe = (client: string, token: TokenValue): string =>
  token === null ? `${client}'s write` : `${client}'s write with token ${formatToken(token)}`;

function isStrictlyIncreasing(tokens: TokenValue[]): boolean {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (typeof t !== 'number') return false;
    const prev = tokens[i - 1];
    if (i > 0 && typeof prev === 'number' && t <= prev) return false;
  }
  return true;
}
