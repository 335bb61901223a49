// The invariant checker. It watches every note with ghost knowledge no party has (which grant is
// the newest) and records each broken invariant with the step that broke it.
// Invariants: issued tokens strictly increase; per resource, accepted writes never go back to an
// older grant; max_seen never decreases; no side effect is taken for a superseded holder.

import type { Note } from '../sim/logic';
import type { PartyView, StepStatus, TokenValue, Verdict, Violation } from './types';
import { compareTokens, formatToken } from '../protocol/tokens';

export class Oracle {
  private latestGrantId = 0;
  private readonly tokens: TokenValue[] = [];
  private reportedUnordered = false;
  private readonly newestAcceptedGrant = new Map<string, { grantId: number; token: TokenValue; client: string }>();
  private readonly maxSeen = new Map<string, TokenValue>();
  private readonly violations: Violation[] = [];
  private staleFirst: Verdict['staleWriteAccepted'] = null;
  private staleAccepted = 0;
  private staleRejected = 0;

  /** Looks at one note; returns whether it is about a superseded grant. */
  observe(note: Note, party: string, step: number): boolean {
    switch (note.kind) {
      case 'lock.granted':
        this.onIssue(note.token ?? null, step);
        this.latestGrantId = Math.max(this.latestGrantId, note.grantId ?? 0);
        return false;
      case 'write.accepted':
      case 'write.rejected':
        return this.onWrite(note, party, step);
      case 'effect.sent': {
        const stale = this.isSuperseded(note.grantId);
        if (stale) {
          this.violations.push({
            invariant: 'no-stale-side-effect',
            step,
            message: `${party} acted for ${note.client ?? 'a client'} after its grant had been superseded: nothing outside the fence checks tokens.`,
          });
        }
        return stale;
      }
      default:
        return false;
    }
  }

  observeView(party: string, view: PartyView, step: number): void {
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

  status(): StepStatus {
    return { violations: this.violations.length, staleWriteAccepted: this.staleFirst !== null };
  }

  verdict(): Verdict {
    return {
      ok: this.violations.length === 0,
      tokensIssued: [...this.tokens],
      tokensMonotonic: this.tokens.length > 0 && isStrictlyIncreasing(this.tokens),
      staleWriteAccepted: this.staleFirst,
      staleWritesAccepted: this.staleAccepted,
      staleWritesRejected: this.staleRejected,
      violations: [...this.violations],
    };
  }

  private isSuperseded(grantId: number | undefined): boolean {
    return grantId !== undefined && grantId < this.latestGrantId;
  }

  private onIssue(token: TokenValue, step: number): void {
    const prev = this.tokens[this.tokens.length - 1];
    this.tokens.push(token);
    if (token === null) return; // a plain lease issues no token: nothing to order
    if (typeof token !== 'number') {
      if (!this.reportedUnordered) {
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

  private onWrite(note: Note, party: string, step: number): boolean {
    const write = note.write;
    if (!write) return false;
    const stale = this.isSuperseded(write.grantId);
    if (write.verdict === 'rejected') {
      if (stale) this.staleRejected++;
      return stale;
    }
    if (stale) {
      this.staleAccepted++;
      this.staleFirst ??= { step, client: write.client, resource: party, token: write.token };
    }
    const newest = this.newestAcceptedGrant.get(party);
    if (newest && write.grantId < newest.grantId) {
      this.violations.push({
        invariant: 'accepted-writes-in-grant-order',
        step,
        message: `${party} accepted ${describe(write.client, write.token)} after one from a newer holder, ${describe(newest.client, newest.token)}: older data overwrote newer data.`,
      });
    }
    if (!newest || write.grantId >= newest.grantId) {
      this.newestAcceptedGrant.set(party, { grantId: write.grantId, token: write.token, client: write.client });
    }
    return stale;
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
