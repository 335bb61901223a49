// Compare: the resource's decision on one write, for every check mode a user can pick.
// Invariant kept by 'reject-le' and 'token-seq' (the default): the accepted (token, seq) pairs at
// one resource strictly increase, so once a newer holder's write is accepted no older holder's
// write can be; under 'token-seq' the holder's own further writes, with the same token, still pass.
// Kept by 'equal' (with the fence at takeover): only the newest fenced holder's token is accepted.

import type { BlobStore, CheckMode } from '../core/scenario';
import type { TokenValue } from '../core/trace';
import type { Note } from '../core/party';
import type { DetailOf } from '../core/vocabulary';
import { compareTokens, formatToken } from './tokens';

export interface WriteDecision {
  accept: boolean;
  reason: string;
  comparison: string;
  maxSeenAfter: TokenValue;
  maxSeqAfter: number;
}

/**
 * The words of a verdict a store reached by its rule on a write's token alone: the reason, and
 * the comparison written out as the article does ("34 > 33 -> ACCEPT", "33 <= 34 -> REJECT",
 * "no check -> ACCEPT"). The verdict is given, not decided here, so a recording's store, which
 * decided on its own, is told in the model's words.
 * @param rule a CheckMode compared on the token alone (`none`, `reject-le`, `reject-lt`); any
 *   other rule is named as it is ("2 vs 4 (rule) -> REJECT").
 * @param token the write's token, and `maxSeen` the store's before it (null: nothing seen), as text.
 * @param order the token against maxSeen: below 0 older, 0 equal, above 0 newer (unused when
 *   nothing was seen).
 */
export function verdictWords(
  rule: string,
  token: string,
  maxSeen: string | null,
  accept: boolean,
  order: number,
): Pick<WriteDecision, 'reason' | 'comparison'> {
  const verdict = accept ? 'ACCEPT' : 'REJECT';
  if (rule === 'none') return { reason: 'the resource does not check tokens', comparison: `no check -> ${verdict}` };
  if (maxSeen === null && accept) return { reason: 'nothing seen yet', comparison: `${token} > none -> ACCEPT` };
  const m = maxSeen ?? 'none';
  if (rule === 'reject-le')
    return accept
      ? { reason: 'newer than any token seen', comparison: `${token} > ${m} -> ACCEPT` }
      : {
          reason: order === 0 ? 'equal to the newest token seen' : 'older than a token already seen',
          comparison: `${token} <= ${m} -> REJECT`,
        };
  if (rule === 'reject-lt')
    return accept
      ? {
          reason: order === 0 ? 'equal tokens pass under <' : 'newer than any token seen',
          comparison: `${token} >= ${m} -> ACCEPT`,
        }
      : { reason: 'older than a token already seen', comparison: `${token} < ${m} -> REJECT` };
  return { reason: `by the store's own rule, ${rule}`, comparison: `${token} vs ${m} (${rule}) -> ${verdict}` };
}

export function decideWrite(
  check: CheckMode,
  maxSeen: TokenValue,
  maxSeq: number,
  token: TokenValue,
  seq: number,
): WriteDecision {
  const t = formatToken(token);
  const m = formatToken(maxSeen);
  const keep = { maxSeenAfter: maxSeen, maxSeqAfter: maxSeq };
  if (check === 'none') return { accept: true, ...verdictWords(check, t, m, true, 0), ...keep };
  if (check === 'validity') {
    // Only a store inside the lock service can ask whether a grant is current (etcd's txn guard).
    return {
      accept: false,
      reason: 'this store cannot ask the lock service',
      comparison: 'no guard -> REJECT',
      ...keep,
    };
  }
  if (token === null) {
    return { accept: false, reason: 'the write carries no token', comparison: 'no token -> REJECT', ...keep };
  }
  if (check === 'equal') return decideEqual(maxSeen, token, seq, keep);
  const fresh = { maxSeenAfter: token, maxSeqAfter: seq };
  if (maxSeen === null) return { accept: true, ...verdictWords(check, t, null, true, 0), ...fresh };
  const order = compareTokens(token, maxSeen);
  if (check === 'reject-le' || check === 'reject-lt') {
    const accept = check === 'reject-le' ? order > 0 : order >= 0;
    return { accept, ...verdictWords(check, t, m, accept, order), ...(accept ? fresh : keep) };
  }
  // token-seq: the pair (token, seq) must be strictly newer than the newest pair accepted. Tokens
  // that differ decide alone, so the comparison reads as the article's; only an equal token, the
  // holder's own further write, is told apart by its write number.
  if (order !== 0) {
    const accept = order > 0;
    return { accept, ...verdictWords('reject-le', t, m, accept, order), ...(accept ? fresh : keep) };
  }
  return seq > maxSeq
    ? { accept: true, ...sameTokenWords(t, seq, maxSeq, true), ...fresh }
    : { accept: false, ...sameTokenWords(t, seq, maxSeq, false), ...keep };
}

/** The reason a `token-seq` store gives for refusing a write its own holder's later write
 * overtook: refusing it keeps the newest data, so it is no rightful write refused. */
const OLDER_OWN_WRITE_REASON = 'an older write of the same holder';

/**
 * The words of a `token-seq` verdict on a write whose token equals max_seen: the write numbers in
 * plain words ("33 = 33, write 2 after write 1 -> ACCEPT"; a write its holder's later one overtook,
 * "33 = 33, but write 3 came first -> REJECT"; the same write again, "33 = 33, write 2 not after
 * write 2 -> REJECT"). `seq` is the write's number by its client (1, 2, …, never reused), `maxSeq`
 * the newest accepted under that token (0: none yet, so any write of it is the first seen).
 */
function sameTokenWords(
  token: string,
  seq: number,
  maxSeq: number,
  accept: boolean,
): Pick<WriteDecision, 'reason' | 'comparison'> {
  if (maxSeq === 0 && accept)
    return {
      reason: 'the first write seen with this token',
      comparison: `${token} = ${token}, write ${seq}, the first seen -> ACCEPT`,
    };
  return accept
    ? {
        reason: 'the same token, a later write of its holder',
        comparison: `${token} = ${token}, write ${seq} after write ${maxSeq} -> ACCEPT`,
      }
    : seq < maxSeq
      ? // Overtaken on the way: the holder's own later write got there first and is kept, as it
        // holds the newest data; applying this one would put older data over it.
        {
          reason: OLDER_OWN_WRITE_REASON,
          comparison: `${token} = ${token}, but write ${maxSeq} came first -> REJECT`,
        }
      : {
          reason: 'the same token, but not a later write than one already accepted',
          comparison: `${token} = ${token}, write ${seq} not after write ${maxSeq} -> REJECT`,
        };
}

/** Equality (Flink's fenced endpoints): the write's token must be the current holder's, which the
 * store was given at takeover (`current`); order plays no part, so random tokens fence as well. */
function decideEqual(
  current: TokenValue,
  token: TokenValue,
  seq: number,
  keep: Pick<WriteDecision, 'maxSeenAfter' | 'maxSeqAfter'>,
): WriteDecision {
  const t = formatToken(token);
  if (current === null)
    return { accept: false, reason: 'no holder has fenced the store yet', comparison: `${t} = ? -> REJECT`, ...keep };
  const c = formatToken(current);
  return token === current
    ? {
        accept: true,
        reason: 'the current holder’s token',
        comparison: `${t} = ${c} -> ACCEPT`,
        ...keep,
        maxSeqAfter: seq,
      }
    : { accept: false, reason: 'not the current holder’s token', comparison: `${t} != ${c} -> REJECT`, ...keep };
}

/** What a store does with a new holder's fence at takeover (Knobs.fenceAtTakeover). */
export interface FenceDecision {
  accept: boolean;
  /** The comparison written out ("34 > 33 -> max_seen = 34", "current = 5f3a…"). */
  comparison: string;
  maxSeenAfter: TokenValue;
  maxSeqAfter: number;
}

/**
 * A new holder fences the store with its token before any write of its own (Temporal: taking a
 * shard writes `range_id + 1` into the store; Kafka: the controller learns the broker epoch at
 * registration; shared/domain.md, "Fenced at takeover").
 * - `equal`: the token becomes the current one, whatever its order (Flink: the endpoint is given
 *   the new leader session id, a random UUID);
 * - the ordering checks: max_seen rises to the token (seq 0, so the holder's first write, seq 1,
 *   passes `token-seq`); an equal token changes nothing; an older one is refused, since a newer
 *   holder has already fenced (Temporal's ShardOwnershipLostError).
 * A fence with no token is refused (validation keeps plain leases from fencing).
 */
export function decideFence(check: CheckMode, maxSeen: TokenValue, maxSeq: number, token: TokenValue): FenceDecision {
  const t = formatToken(token);
  const keep = { maxSeenAfter: maxSeen, maxSeqAfter: maxSeq };
  if (token === null) return { accept: false, comparison: 'no token -> REFUSED', ...keep };
  if (check === 'equal') return { accept: true, comparison: `current = ${t}`, maxSeenAfter: token, maxSeqAfter: 0 };
  if (maxSeen === null)
    return { accept: true, comparison: `${t} > none -> max_seen = ${t}`, maxSeenAfter: token, maxSeqAfter: 0 };
  const m = formatToken(maxSeen);
  const order = compareTokens(token, maxSeen);
  if (order > 0)
    return { accept: true, comparison: `${t} > ${m} -> max_seen = ${t}`, maxSeenAfter: token, maxSeqAfter: 0 };
  if (order === 0) return { accept: true, comparison: `${t} = ${m} -> max_seen stays ${m}`, ...keep };
  return { accept: false, comparison: `${t} < ${m} -> REFUSED`, ...keep };
}

/** A write's decision at a store that may be a blob store, with what the trace says about it. */
export interface StoreDecision extends WriteDecision {
  /** The object's version after the write (bumped by every accepted put of a blob store). */
  versionAfter: number;
  /** For a blob store: its kind, and for `if-match` the version the front read and put against. */
  detail?: DetailOf<'write.accepted'>;
}

/**
 * Decides a write at `Storage` as its kind (Knobs.blobStore) does it:
 * - `null`: a store that checks tokens itself, by `check` (decideWrite);
 * - `plain-put`: a blob store with no conditional write: every put overwrites the object, and the
 *   token it carries is never compared;
 * - `if-match`: a blob store fronted by conditional writes: the front reads the object's version
 *   and the max_seen kept in its metadata, decides by `check`, and only then puts, If-Match the
 *   version it read. The simulation runs the read and the put in one step, so nothing can change
 *   the object in between and the put never fails its precondition; against a real store a
 *   concurrent put would (HTTP 412), and the front would read again.
 * Every accepted put of a blob store bumps `version`.
 */
export function decideStoreWrite(
  blob: BlobStore | null,
  check: CheckMode,
  state: { maxSeen: TokenValue; maxSeq: number; version: number },
  token: TokenValue,
  seq: number,
): StoreDecision {
  const { maxSeen, maxSeq, version } = state;
  if (blob === null) return { ...decideWrite(check, maxSeen, maxSeq, token, seq), versionAfter: version };
  if (blob === 'plain-put') {
    return {
      accept: true,
      reason: 'a plain blob store has no conditional write, so it cannot compare tokens',
      comparison: 'plain PUT -> ACCEPT',
      maxSeenAfter: maxSeen,
      maxSeqAfter: maxSeq,
      versionAfter: version + 1,
      detail: { blob, version: version + 1 },
    };
  }
  const d = decideWrite(check, maxSeen, maxSeq, token, seq);
  const at = `If-Match v${version}`;
  return d.accept
    ? {
        ...d,
        comparison: d.comparison.replace(/ -> ACCEPT$/, ` -> PUT ${at} -> ACCEPT`),
        versionAfter: version + 1,
        detail: { blob, ifMatch: version, version: version + 1 },
      }
    : {
        ...d,
        comparison: d.comparison.replace(/ -> REJECT$/, ' -> no PUT -> REJECT'),
        versionAfter: version,
        detail: { blob, ifMatch: version, version },
      };
}

/** One write as it was decided: who, what, with which token, and the comparison written out. */
export interface DecidedWrite {
  client: string;
  value: string;
  token: TokenValue;
  seq: number;
  /** Ghost: the writer's grant, for the invariant checker. */
  grantId: number;
  decision: Pick<WriteDecision, 'accept' | 'reason' | 'comparison'>;
  maxSeenBefore: TokenValue;
  maxSeenAfter: TokenValue;
  /** What the store adds about its decision (etcd's guard and revision, a journal node's txid). */
  detail?: DetailOf<'write.accepted'>;
}

/** The trace note for a decided write (the recorder fills in which resource decided it). */
export function writeNote(w: DecidedWrite): Note {
  return {
    kind: w.decision.accept ? 'write.accepted' : 'write.rejected',
    parties: [w.client],
    token: w.token,
    grantId: w.grantId,
    client: w.client,
    ...(w.detail ? { detail: w.detail } : {}),
    write: {
      resource: '',
      client: w.client,
      value: w.value,
      token: w.token,
      seq: w.seq,
      verdict: w.decision.accept ? 'accepted' : 'rejected',
      reason: w.decision.reason,
      maxSeenBefore: w.maxSeenBefore,
      maxSeenAfter: w.maxSeenAfter,
      comparison: w.decision.comparison,
      grantId: w.grantId,
    },
  };
}
