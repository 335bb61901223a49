// The engine's vocabulary: every kind of trace step, and what each kind's detail may say.
// A machine's note and the step the recorder makes of it share one kind, from STEP_KINDS.
// Invariant: a kind is spelled here once; a typo anywhere else is a type error, and a label
// naming an unknown kind is refused by validation.

import type { FieldValue, TokenValue } from './trace';
import type { TokenSource } from './scenario';

/** Every kind of step, dotted and noun-first (`lock.granted`), grouped by what they are about. */
export const STEP_KINDS = [
  // The lock: asking, getting, waiting, giving back.
  'lock.requested',
  'lock.queued',
  'lock.waiting',
  'lock.granted',
  'lock.regranted',
  'lock.acquired',
  'lock.failed',
  'lock.retried',
  'lock.releasing',
  'lock.released',
  'release.ignored',
  'release.skipped',
  'acquire.skipped',
  // Leases and sessions: how a grant ends.
  'lease.expired',
  'lease.lapsed',
  'lease.lost',
  'lease.checked',
  'lease.none',
  'renewal.refused',
  'lockDelay.ended',
  'session.opened',
  'session.ready',
  'session.suspended',
  'session.reconnected',
  'session.expired',
  'session.unknown',
  'session.lost',
  // The real systems' own steps: Redis keys, quorum rounds, ZooKeeper's container, QJM epochs.
  'key.set',
  'key.busy',
  'key.deleted',
  'quorum.reply',
  'container.deleted',
  'journal.state',
  'epoch.promised',
  'epoch.refused',
  // Writes: carry (client side) and compare (store side), and what escapes the fence.
  'write.queued',
  'write.sent',
  'write.skipped',
  'write.accepted',
  'write.rejected',
  'store.fenced',
  'fence.acked',
  'write.acked',
  'write.refused',
  'effect.sent',
  // Faults and the network, as the scheduler applies them.
  'client.paused',
  'client.resumed',
  'node.crashed',
  'node.restarted',
  'clock.jumped',
  'network.partitioned',
  'network.healed',
  'network.delayArmed',
  'message.dropped',
  'message.lost',
  'message.ignored',
] as const;

export type StepKind = (typeof STEP_KINDS)[number];

const KIND_SET: ReadonlySet<string> = new Set(STEP_KINDS);

/** Kinds only the real systems' parties take (sessions, quorums, Redis keys, znodes, epochs):
 * their words are each system's own (trace/narrateSystems.ts), and the generic wording has none. */
const SYSTEM_KINDS = [
  'lock.failed',
  'session.opened',
  'session.ready',
  'session.suspended',
  'session.reconnected',
  'session.expired',
  'session.unknown',
  'session.lost',
  'key.set',
  'key.busy',
  'key.deleted',
  'quorum.reply',
  'container.deleted',
  'journal.state',
  'epoch.promised',
  'epoch.refused',
] as const satisfies readonly StepKind[];

export type SystemKind = (typeof SYSTEM_KINDS)[number];

const SYSTEM_KIND_SET: ReadonlySet<string> = new Set(SYSTEM_KINDS);

/** Whether a note or step is of a system-only kind; narrows it, so a switch after it need not
 * list those kinds to be exhaustive. */
export function isSystemKind<T extends { kind: StepKind }>(x: T): x is Extract<T, { kind: SystemKind }> {
  return SYSTEM_KIND_SET.has(x.kind);
}

/** Whether `kind` is one of STEP_KINDS (for input that was not typed: files, links). */
export function isStepKind(kind: string): kind is StepKind {
  return KIND_SET.has(kind);
}

/** A detail with nothing to say. */
type None = Record<never, FieldValue>;

/**
 * What each kind of step may carry in its detail, beyond the common note fields. Several systems
 * share a kind (every lock service grants), so a kind's detail lists every field any of them
 * sets; which system wrote it is the run's strategy, never guessed from which fields are there.
 */
export interface NoteDetails {
  'lock.requested': {
    /** Redlock: the random value the client SETs, and which attempt this is. */
    value?: string;
    attempt?: number;
  };
  'lock.queued': {
    /** ZooKeeper: the waiter's node, its czxid, the node it watches, whether the parent was made. */
    node?: string;
    czxid?: number;
    watching?: string;
    parentCreated?: boolean;
    /** etcd: the waiter's key and its create revision. */
    key?: string;
    revision?: number;
    /** Chubby: the lock is free but held back until then (the lock-delay). */
    lockDelayUntilMs?: number;
  };
  'lock.waiting': NoteDetails['lock.queued'];
  'lock.granted': {
    /** Kubernetes Lease: the resourceVersion the update wrote, and the holder it replaced. */
    revision?: number;
    previous?: string;
    /** Generic lock service: when the lease ends on its clock. */
    expiresAtMs?: number;
    /** Generic lock service with a grace factor: the end of the lease it told the holder of. */
    promisedUntilMs?: number;
    /** ZooKeeper: the holder's node, its czxid and sequence suffix, its session, the watch that fired. */
    node?: string;
    czxid?: number;
    seq?: number;
    session?: string;
    watchFired?: string;
    /** etcd: the holder's key and lease. */
    key?: string;
    lease?: string;
    /** Chubby: the sequencer, and the lock-delay the grant waited out. */
    sequencer?: string;
    lockDelayMs?: number;
    /** Redlock and QJM: which nodes said yes; Redlock: of how many masters, and validity left. */
    quorum?: string;
    masters?: number;
    validityMs?: number;
  };
  'lock.regranted': None;
  'lock.acquired': {
    /** When the client's own clock says its lease ends (null: while its session lives). */
    believedUntilMs?: number | null;
    node?: string;
    session?: string | null;
    key?: string;
    sequencer?: string;
    quorum?: string;
    masters?: number;
    validityMs?: number;
    /** QJM: the promise arrived after a newer epoch was promised. */
    late?: boolean;
  };
  'lock.failed': {
    /** Which round failed (Redlock's SET NX, a QJM phase), and the highest epoch promised so far. */
    round?: string;
    promised?: number;
    yes?: number;
    quorum?: number;
    validityMs?: number;
    retryInMs?: number;
  };
  'lock.retried': None;
  'lock.releasing': {
    /** The grant came for a lock the client no longer waits for. */
    unwanted?: boolean;
  };
  'lock.released': {
    node?: string;
    zxid?: number;
    key?: string;
    revision?: number;
  };
  'release.ignored': NoteDetails['lock.released'] & {
    /** Redlock: the key holds another client's value (compare-and-delete). */
    reason?: string;
  };
  'release.skipped': None;
  'acquire.skipped': None;
  'lease.expired': {
    /** Redlock: one master's copy of the key expired, not the grant. */
    scope?: string;
    session?: string;
    zxid?: number;
    node?: string;
    lease?: string;
    key?: string;
    revision?: number;
    lockDelayUntilMs?: number;
    lockDelayMs?: number;
    /** Kubernetes Lease: the waiter saw the record unchanged this long on its own clock (ms). */
    waitedMs?: number;
  };
  'lease.lapsed': {
    cause?: string;
    /** QJM: the writer aborts, as a NameNode does when it loses its quorum. */
    aborted?: boolean;
    /** QJM: it aborts because no quorum acknowledged an edit within its write timeout (ms). */
    writeTimeoutMs?: number;
  };
  /** The lock library has lost the lease or session, but the application is never told and goes on
   * as the holder (stop policy `never`). */
  'lease.lost': {
    cause: string;
    session?: string | null;
    lease?: string | null;
  };
  /** The client checks its lease by its own clock right before a write (knob
   * `checkLeaseBeforeWrite`): what its clock read, when it takes the lease to end, and whether the
   * write goes ahead. The send is its own step after this one, so a pause can fall between them. */
  'lease.checked': {
    value: string;
    /** Its own clock when it checks (ms). */
    ownClockMs: number;
    /** When the lease ends by that clock (ms). */
    untilMs: number;
    /** untilMs − ownClockMs: time left (negative: over since). */
    leftMs: number;
    goAhead: boolean;
  };
  'lease.none': None;
  /** The lock service refuses to renew a lease that is no longer current. */
  'renewal.refused': None;
  'lockDelay.ended': None;
  'session.opened': {
    session?: string;
    zxid?: number;
    lease?: string;
    timeoutMs?: number;
  };
  'session.ready': { session?: string; lease?: string };
  'session.suspended': { session?: string | null };
  'session.reconnected': { session?: string | null };
  'session.expired': {
    session?: string;
    zxid?: number;
    node?: string;
    lease?: string;
    key?: string;
    revision?: number;
  };
  'session.unknown': {
    session?: string;
    lease?: string;
    /** Why the server no longer knows it: it expired, or a restore wiped it. */
    cause?: string;
  };
  'session.lost': {
    session?: string;
    lease?: string;
    cause?: string;
    /** The client had already stopped relying on it. */
    already?: boolean;
  };
  'key.set': { expiresAtMs?: number };
  'key.busy': { expiresAtMs?: number };
  'key.deleted': None;
  'quorum.reply': {
    round?: string;
    ok?: boolean;
    yes?: number;
    quorum?: number;
    late?: boolean;
  };
  'container.deleted': { zxid?: number; cversion?: number };
  'journal.state': { lastPromisedEpoch?: number; lastTxid?: number };
  'epoch.promised': { promisedBefore?: number };
  'epoch.refused': { promisedBefore?: number };
  'write.queued': { value?: string };
  'write.sent': { value: string; seq: number };
  'write.skipped': {
    value?: string;
    /** Why a queued write will never go (a Redlock client out of retries). */
    cause?: string;
  };
  'write.accepted': {
    /** A blob store (knob `blobStore`): which kind; for `if-match`, the object version the front
     * read (and put If-Match) and the version after the write. */
    blob?: string;
    ifMatch?: number;
    version?: number;
    /** etcd: the txn's guard and the revision the put got. */
    guard?: string;
    revision?: number;
    /** QJM: the edit's transaction id. */
    txid?: number;
  };
  'write.rejected': NoteDetails['write.accepted'];
  'store.fenced': {
    /** Whether the store took the new holder's token (an older one than it knows is refused). */
    accepted: boolean;
    /** The comparison written out ("34 > 33 -> max_seen = 34", "current = 5f3a0c1e"). */
    comparison: string;
    maxSeenBefore: TokenValue;
    maxSeenAfter: TokenValue;
  };
  'fence.acked': {
    /** How many writes waited for the store's answer and leave now. */
    held: number;
  };
  'write.acked': QuorumWriteDetail;
  'write.refused': QuorumWriteDetail & { reason?: string; fenced?: boolean };
  'effect.sent': { value?: string };
  'client.paused': { durationMs?: number | null };
  'client.resumed': None;
  'node.crashed': None;
  'node.restarted': {
    /** Generic lock service: its counter after the restart, and where tokens come from. */
    counter?: number | null;
    tokenSource?: TokenSource;
    /** A store: whether max_seen survived, and what it was. */
    maxSeenDurable?: boolean;
    maxSeenBefore?: TokenValue;
    /** ZooKeeper: the new leader's epoch and the zxid it goes on from. */
    epoch?: number;
    zxid?: number;
    /** etcd: the revision after and before, and whether a snapshot was restored. */
    revision?: number;
    revisionBefore?: number;
    restored?: boolean;
    /** Chubby: the lock generation the new master keeps. */
    generation?: number;
    /** QJM: the promise a journal node keeps. */
    lastPromisedEpoch?: number;
    /** Redis: how much the master kept ('none': nothing). */
    persistence?: string;
  };
  'clock.jumped': {
    deltaMs: number;
    /** Set where the party times on a monotonic clock, which the step does not move. */
    timerClock?: string;
  };
  'network.partitioned': None;
  'network.healed': None;
  'network.delayArmed': { extraMs: number };
  'message.dropped': { type: string };
  'message.lost': { type: string };
  'message.ignored': {
    type: string;
    /** A grant a client ignores: 'older' than one it has had, or its lease 'over' when it came. */
    reason?: string;
    believedUntilMs?: number;
  };
}

/** A QJM writer's view of one journal node's answer to an edit. */
type QuorumWriteDetail = {
  value?: string;
  txid?: number;
  yes?: number;
  no?: number;
  quorum?: number;
  committed?: boolean;
};

/** The detail a step of `kind` carries, typed (the trace keeps it as a plain record). */
export type DetailOf<K extends StepKind> = NoteDetails[K];
