// Builds the trace as the scheduler runs: steps with snapshots shared between steps where a party
// did not change, message records, lease and pause intervals, and the t-labels.
// Invariant: a step's snapshots are never mutated after the step is recorded. A lease record ends
// when the lock service stops counting its grant, never earlier: the oracle's "one grant at a
// time" and "zombie or second holder" judgements read it.

import type { Note } from '../core/party';
import type { StepLabel } from '../core/scenario';
import type { KnownStrategyId } from '../core/defaults';
import type {
  FieldValue,
  LeaseRecord,
  MessageRecord,
  PartyInfo,
  PartyView,
  PauseRecord,
  Step,
  StepFields,
  TokenValue,
} from '../core/trace';
import type { StepKind } from '../core/vocabulary';
import { Oracle } from './oracle';
import { narrate } from './narrate';

/**
 * What a recorder had recorded at one moment, for a run to resume from (simulate/checkpoint.ts).
 * Records that can still change (a message in flight, a lease or pause not over) are copied;
 * the rest are shared, since nothing changes them again.
 */
export interface RecorderMark {
  readonly counts: { steps: number; messages: number; leases: number; pauses: number };
  /** The recorder's own arrays: they only grow, so their first `counts` entries are the mark's. */
  readonly arrays: { steps: Step[]; messages: MessageRecord[]; leases: LeaseRecord[]; pauses: PauseRecord[] };
  /** Copies of the records still open at the mark, by index. */
  readonly open: {
    messages: Map<number, MessageRecord>;
    leases: Map<number, LeaseRecord>;
    pauses: Map<number, PauseRecord>;
  };
  readonly promisedUntil: ReadonlyMap<number, number>;
  readonly snapshots: Record<string, PartyView>;
  readonly oracle: Oracle;
}

export class Recorder {
  /** Append-only: the trace gets a copy with the t-labels (applyLabels), so a mark's prefix stays as recorded. */
  steps: Step[] = [];
  messages: MessageRecord[] = [];
  leases: LeaseRecord[] = [];
  pauses: PauseRecord[] = [];
  oracle = new Oracle();
  private leaseById = new Map<number, LeaseRecord>();
  /** Leases by holder and token, oldest first: how a note without a grant id names its lease. */
  private leasesByHolder = new Map<string, LeaseRecord[]>();
  /** Grants no single authority ends (see Note.promisedMs): when their promise runs out. */
  private promisedUntil = new Map<number, number>();
  private snapshots: Record<string, PartyView>;

  constructor(
    /** The run's strategy: whose words narration uses. */
    readonly system: KnownStrategyId,
    readonly parties: PartyInfo[],
    initial: Record<string, PartyView>,
  ) {
    this.snapshots = initial;
    for (const [id, view] of Object.entries(initial)) this.oracle.observeView(id, view, -1);
  }

  /** What is recorded so far, for a run to resume from (see RecorderMark). */
  mark(): RecorderMark {
    const openOf = <T>(list: T[], isOpen: (r: T) => boolean): Map<number, T> => {
      const open = new Map<number, T>();
      list.forEach((r, i) => {
        if (isOpen(r)) open.set(i, { ...r });
      });
      return open;
    };
    return {
      counts: {
        steps: this.steps.length,
        messages: this.messages.length,
        leases: this.leases.length,
        pauses: this.pauses.length,
      },
      arrays: { steps: this.steps, messages: this.messages, leases: this.leases, pauses: this.pauses },
      open: {
        messages: openOf(this.messages, (m) => m.status === 'in-flight'),
        leases: openOf(
          this.leases,
          (l) => l.endedMs === null || l.believedFromMs === null || l.believedUntilMs === null,
        ),
        pauses: openOf(this.pauses, (p) => p.toMs === null),
      },
      promisedUntil: new Map(this.promisedUntil),
      snapshots: this.snapshots,
      oracle: this.oracle.copy(),
    };
  }

  /** A recorder that goes on from `mark` as if it had recorded everything up to it itself. */
  static resume(system: KnownStrategyId, parties: PartyInfo[], mark: RecorderMark): Recorder {
    const recorder = new Recorder(system, parties, mark.snapshots);
    const upTo = <T>(list: T[], count: number, open: Map<number, T>): T[] => {
      const copy = list.slice(0, count);
      for (const [i, r] of open) copy[i] = { ...r };
      return copy;
    };
    recorder.steps = mark.arrays.steps.slice(0, mark.counts.steps);
    recorder.messages = upTo(mark.arrays.messages, mark.counts.messages, mark.open.messages);
    recorder.leases = upTo(mark.arrays.leases, mark.counts.leases, mark.open.leases);
    recorder.pauses = upTo(mark.arrays.pauses, mark.counts.pauses, mark.open.pauses);
    for (const lease of recorder.leases) recorder.index(lease);
    recorder.promisedUntil = new Map(mark.promisedUntil);
    recorder.oracle = mark.oracle.copy();
    return recorder;
  }

  get nextIndex(): number {
    return this.steps.length;
  }

  current(party: string): PartyView {
    return this.snapshots[party]!;
  }

  /** Records one step for a note, after `party`'s view became `view`. */
  record(timeMs: number, party: string, note: Note, view: PartyView, messageId?: number): Step {
    const index = this.steps.length;
    const before = this.snapshots[party]!;
    const changed = before === view ? [] : diffViews(before, view);
    if (before !== view) this.snapshots = { ...this.snapshots, [party]: view };
    this.endPromises(timeMs);
    // Lease records first: the oracle judges a grant or a write against the leases as they stand.
    this.track(note, party, timeMs);
    const { stale, alsoHolding, holderRefused } = this.oracle.observe(note, party, index, this.leases);
    this.oracle.observeView(party, view, index);
    // A step keeps its note's kind and detail (NoteOf<K> becomes StepOf<K>); TypeScript cannot
    // correlate the two unions through a variable kind, so the step is built loose and typed once.
    const step: StepFields & { kind: StepKind; detail?: Readonly<Record<string, FieldValue>> } = {
      index,
      timeMs,
      kind: note.kind,
      party,
      parties: [party, ...(note.parties ?? []).filter((p) => p && p !== party)],
      text: narrate({ system: this.system, party, note, stale, alsoHolding, fields: view.fields }),
      snapshots: this.snapshots,
      changed: changed.length ? { [party]: changed } : NOTHING_CHANGED,
      status: this.oracle.status(),
    };
    if (note.token !== undefined) step.token = note.token;
    if (messageId !== undefined) step.messageId = messageId;
    if (note.detail) step.detail = note.detail;
    if (note.write) {
      const { grantId: _ghost, ...write } = note.write;
      step.write = { ...write, resource: party, stale, ...(holderRefused ? { holderRefused } : {}) };
    }
    this.steps.push(step as Step);
    return step as Step;
  }

  /** Ends the lease records whose promise ran out by `timeMs`; call it at the end of the run too. */
  endPromises(timeMs: number): void {
    for (const [grantId, untilMs] of this.promisedUntil) {
      if (untilMs > timeMs) continue;
      this.promisedUntil.delete(grantId);
      const lease = this.leaseById.get(grantId);
      if (lease) end(lease, untilMs, 'validity over');
    }
  }

  private index(lease: LeaseRecord): void {
    this.leaseById.set(lease.grantId, lease);
    const key = holderKey(lease.holder, lease.token);
    const list = this.leasesByHolder.get(key);
    if (list) list.push(lease);
    else this.leasesByHolder.set(key, [lease]);
  }

  /** The lease a note is about: by its grant id, or (from a party that cannot know the ghost grant
   * id, a Redlock master) the latest unended one of its holder and token. */
  private leaseOf(note: Note): LeaseRecord | undefined {
    if (note.grantId !== undefined) return this.leaseById.get(note.grantId);
    if (note.holder === undefined || note.token === undefined) return undefined;
    const list = this.leasesByHolder.get(holderKey(note.holder, note.token)) ?? [];
    for (let i = list.length - 1; i >= 0; i--) if (list[i]!.endedMs === null) return list[i];
    return undefined;
  }

  /** Keeps lease and pause intervals for the timeline. */
  private track(note: Note, party: string, timeMs: number): void {
    const lease = LEASE_KINDS.has(note.kind) ? this.leaseOf(note) : undefined;
    switch (note.kind) {
      case 'lock.granted': {
        const record: LeaseRecord = {
          grantId: note.grantId ?? 0,
          holder: note.holder ?? '',
          token: (note.token ?? null) as TokenValue,
          grantedMs: timeMs,
          endedMs: null,
          endReason: null,
          believedFromMs: null,
          believedUntilMs: null,
        };
        // A newer epoch promised by a quorum ends every older one (QJM): the grant is the revocation.
        if (note.supersedes) for (const l of this.leases) end(l, timeMs, 'superseded');
        this.leases.push(record);
        this.index(record);
        if (note.promisedMs !== undefined) this.promisedUntil.set(record.grantId, timeMs + note.promisedMs);
        break;
      }
      case 'lease.expired':
      case 'lock.released':
      case 'node.crashed':
        // One master of a quorum grant forgetting its copy does not end the grant (see promisedMs).
        if (lease && !this.promisedUntil.has(lease.grantId)) {
          end(
            lease,
            timeMs,
            note.kind === 'lease.expired'
              ? 'expired'
              : note.kind === 'lock.released'
                ? 'released'
                : 'lock service crashed',
          );
        }
        break;
      case 'node.restarted':
        // A restart that names a grant lost it (an etcd restore from an old snapshot wipes every lease).
        if (lease && note.grantId !== undefined) end(lease, timeMs, 'lost in a restore');
        break;
      case 'lock.acquired':
        if (lease) lease.believedFromMs ??= timeMs;
        break;
      case 'lease.lapsed':
      case 'lock.releasing':
        if (lease) lease.believedUntilMs ??= timeMs;
        // A quorum grant has no authority to free it: its holder's release is its end.
        if (lease && note.kind === 'lock.releasing' && this.promisedUntil.delete(lease.grantId))
          end(lease, timeMs, 'released');
        break;
      case 'write.refused':
        if (lease && note.detail?.fenced) lease.believedUntilMs ??= timeMs;
        break;
      case 'client.paused':
        this.pauses.push({ client: party, fromMs: timeMs, toMs: null });
        break;
      case 'client.resumed': {
        const open = [...this.pauses].reverse().find((p) => p.client === party && p.toMs === null);
        if (open) open.toMs = timeMs;
        break;
      }
    }
  }

  /** The steps with the scenario's t-labels: a copy where a step is labelled, the recorded step untouched. */
  labelled(labels: StepLabel[]): Step[] {
    const steps = this.steps.slice();
    let from = 0;
    for (const label of labels) {
      const found = this.steps.findIndex(
        (s, i) =>
          i >= from &&
          (s.kind === label.kind || (label.anyVerdict === true && isVerdict(s.kind) && isVerdict(label.kind))) &&
          (label.party === undefined || s.party === label.party) &&
          (label.client === undefined || s.parties.includes(label.client)) &&
          (label.token === undefined || s.token === label.token) &&
          (label.stale === undefined || s.write?.stale === label.stale),
      );
      if (found < 0) continue;
      steps[found] = { ...steps[found]!, label: label.label };
      from = found + 1;
    }
    return steps;
  }
}

/** A store's verdict on a write: what an `anyVerdict` label matches either way. */
const isVerdict = (kind: string): boolean => kind === 'write.accepted' || kind === 'write.rejected';

/** A step's `changed` where no field changed: one shared, frozen object. */
const NOTHING_CHANGED: Step['changed'] = Object.freeze({});

/** The note kinds whose lease track() looks up. */
const LEASE_KINDS: ReadonlySet<string> = new Set([
  'lease.expired',
  'lock.released',
  'node.crashed',
  'node.restarted',
  'lock.acquired',
  'lease.lapsed',
  'lock.releasing',
  'write.refused',
]);

const holderKey = (holder: string, token: TokenValue): string => `${holder}|${typeof token}|${String(token)}`;

function end(lease: LeaseRecord, timeMs: number, reason: string): void {
  if (lease.endedMs !== null) return;
  lease.endedMs = timeMs;
  lease.endReason = reason;
}

function diffViews(a: PartyView, b: PartyView): string[] {
  const out: string[] = [];
  if (a.state !== b.state) out.push('state');
  if (a.paused !== b.paused) out.push('paused');
  if (a.down !== b.down) out.push('down');
  for (const key of new Set([...Object.keys(a.fields), ...Object.keys(b.fields)])) {
    if (a.fields[key] !== b.fields[key]) out.push(key);
  }
  return out;
}
