// The trace: the immutable result of simulate(scenario). Views only read it; stepping back is
// moving a cursor. Invariant: steps are in (timeMs, index) order and step i's snapshots are the
// state of every party after step i was processed.

import type { Knobs, Scenario } from './scenario';
import type { NoteDetails, StepKind } from './vocabulary';

export const TRACE_FORMAT = 'fencelab.trace';
export const TRACE_VERSION = 1;

export type TokenValue = number | string | null;
export type FieldValue = number | string | boolean | null;

export type PartyKind = 'lock' | 'client' | 'resource' | 'mailer';

export interface PartyInfo {
  id: string;
  kind: PartyKind;
  label: string;
}

/** What a party card shows: its machine state and a flat record of its data. */
export interface PartyView {
  state: string;
  paused: boolean;
  down: boolean;
  fields: Record<string, FieldValue>;
}

export interface WriteOutcome {
  resource: string;
  client: string;
  value: string;
  token: TokenValue;
  seq: number;
  verdict: 'accepted' | 'rejected';
  reason: string;
  maxSeenBefore: TokenValue;
  maxSeenAfter: TokenValue;
  /** The comparison written out, as the article does: "33 <= 34 -> REJECT". */
  comparison: string;
  /** Ghost knowledge the resource does not have: had the writer's grant been superseded? */
  stale: boolean;
  /**
   * Present (true) only on a refused write of the lock's current holder that no later write of
   * its own had overtaken: the store's rule refused the rightful writer. The engine's oracle decides
   * it, and Verdict.rightfulWritesRejected counts these; a refused write without it was stale, or
   * overtaken by its holder's later write ("33 = 33, but write 3 came first -> REJECT").
   */
  holderRefused?: true;
}

export interface StepStatus {
  violations: number;
  staleWriteAccepted: boolean;
}

/** What every step has, whatever its kind. */
export interface StepFields {
  index: number;
  timeMs: number;
  /** The party that processed this step. */
  party: string;
  /** Every party involved, the processing one first. */
  parties: string[];
  token?: TokenValue;
  label?: string;
  messageId?: number;
  write?: WriteOutcome;
  /** A sentence in plain words saying what happened and why. */
  text: string;
  snapshots: Record<string, PartyView>;
  /** Field names that changed at this step, per party (state/paused/down included). */
  changed: Record<string, string[]>;
  status: StepStatus;
}

/** A step of one kind, with that kind's detail (core/vocabulary.ts). */
export type StepOf<K extends StepKind> = StepFields & {
  kind: K;
  /** Facts specific to this kind of step (the value written, a pause's length, a clock's jump). */
  detail?: NoteDetails[K];
};

/** One step of the trace, discriminated by `kind`: a `switch (step.kind)` narrows `detail`. */
export type Step = { [K in StepKind]: StepOf<K> }[StepKind];

export interface MessageRecord {
  id: number;
  from: string;
  to: string;
  type: string;
  token?: TokenValue;
  sentMs: number;
  /** When it arrives (or would have, for a message lost on the way). */
  deliverMs: number;
  sentStep: number;
  /** The step that processed it; null if it was lost or never arrived. */
  deliveredStep: number | null;
  status: 'delivered' | 'dropped' | 'lost' | 'in-flight';
  /** Extra latency added by a `delay` action. */
  delayedMs: number;
}

/** One grant of the lock, as the lock service knows it and as its holder believes it. */
export interface LeaseRecord {
  grantId: number;
  holder: string;
  token: TokenValue;
  grantedMs: number;
  /** When the lock service stopped counting it (expiry, release, crash); null if never. */
  endedMs: number | null;
  endReason: string | null;
  /** When the holder learned of it and when it stopped believing it holds the lock. */
  believedFromMs: number | null;
  believedUntilMs: number | null;
}

/**
 * One renewal a client sent: a keepalive, a watchdog's renewal, a session heartbeat that extends
 * its lease or session (the quiet traffic `Trace.heartbeats` counts, a client's half of it).
 */
export interface RenewalRecord {
  client: string;
  /** The party it was sent to (the lock service, a ZooKeeper, etcd or Chubby server). */
  to: string;
  /** When it was sent (true time, ms). */
  atMs: number;
  /** It never arrived: dropped on the way, sent over a cut link, or its receiver was down. */
  lost: boolean;
}

export interface PauseRecord {
  client: string;
  fromMs: number;
  toMs: number | null;
}

export type InvariantId =
  | 'issued-tokens-increase'
  | 'one-grant-at-a-time'
  | 'accepted-writes-in-grant-order'
  | 'max-seen-never-decreases'
  | 'no-stale-side-effect';

export interface Violation {
  invariant: InvariantId;
  step: number;
  message: string;
}

export interface Verdict {
  /** True when no invariant was broken. */
  ok: boolean;
  tokensIssued: TokenValue[];
  /** Were there tokens, all numbers, each strictly larger than the one before? */
  tokensMonotonic: boolean;
  /** The first write accepted from a holder whose grant had been superseded. */
  staleWriteAccepted: { step: number; client: string; resource: string; token: TokenValue } | null;
  staleWritesAccepted: number;
  staleWritesRejected: number;
  /**
   * The first write refused from the lock's current holder: no invariant breaks (nothing stale got
   * in), but the fence stopped the rightful writer too, as a check that cannot order the tokens does.
   */
  rightfulWriteRejected: { step: number; client: string; resource: string } | null;
  rightfulWritesRejected: number;
  violations: Violation[];
  /**
   * Present only when the run was cut short by its budget of engine events (every message, timer
   * and action, heartbeats included): the run stopped at `atMs` after `events` events, and nothing
   * is known of it beyond. The rest of the verdict covers the run up to there.
   */
  cutShort?: CutShort;
  /**
   * Present only when a run that reached its end left clients still trying for the lock (waiting
   * in its queue, or between tries): each, with the writes it was holding for the lock and never
   * sent. A run stopped before its end (`truncated`) leaves it out.
   */
  endedWaiting?: EndedWaiting[];
}

/** A client the run ended with still trying for the lock, and the writes it never sent. */
export interface EndedWaiting {
  client: string;
  /** Writes asked for while it waited, never sent (oldest first). */
  queuedWrites: string[];
}

/** Where a run stopped when its event budget ran out. */
export interface CutShort {
  /** Engine events processed (the budget). */
  events: number;
  /** The virtual time (ms) of the last event processed. */
  atMs: number;
  /** When the run would have ended (ms): its durationMs, or the horizon after its last action. */
  horizonMs: number;
}

export interface Trace {
  format: typeof TRACE_FORMAT;
  version: typeof TRACE_VERSION;
  scenario: Scenario;
  knobs: Knobs;
  parties: PartyInfo[];
  steps: Step[];
  messages: MessageRecord[];
  /** Keepalives, pings and lease renewals, with their answers, sent over the run: routine
   * traffic the timeline does not draw, counted because short leases cost more of it. */
  heartbeats: number;
  /** Every renewal a client sent, in send order (RenewalRecord). */
  renewals: RenewalRecord[];
  leases: LeaseRecord[];
  pauses: PauseRecord[];
  verdict: Verdict;
  /** True when the run stopped before it finished: at the step limit, or when its event budget ran
   * out (then verdict.cutShort says where). */
  truncated: boolean;
  endMs: number;
}

/** A step's detail as a plain record, for readers that show every kind alike (tables, tests);
 * code that acts on one kind switches on `step.kind` and reads the typed detail instead. */
export function stepDetail(step: Step): Readonly<Record<string, FieldValue>> {
  return step.detail ?? {};
}
