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

export class Recorder {
  readonly steps: Step[] = [];
  readonly messages: MessageRecord[] = [];
  readonly leases: LeaseRecord[] = [];
  readonly pauses: PauseRecord[] = [];
  readonly oracle = new Oracle();
  private readonly leaseById = new Map<number, LeaseRecord>();
  /** Grants no single authority ends (see Note.promisedMs): when their promise runs out. */
  private readonly promisedUntil = new Map<number, number>();
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
    const { stale, alsoHolding } = this.oracle.observe(note, party, index, this.leases);
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
      changed: changed.length ? { [party]: changed } : {},
      status: this.oracle.status(),
    };
    if (note.token !== undefined) step.token = note.token;
    if (messageId !== undefined) step.messageId = messageId;
    if (note.detail) step.detail = note.detail;
    if (note.write) {
      const { grantId: _ghost, ...write } = note.write;
      step.write = { ...write, resource: party, stale };
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

  /** Keeps lease and pause intervals for the timeline. */
  private track(note: Note, party: string, timeMs: number): void {
    const lease =
      note.grantId !== undefined
        ? this.leaseById.get(note.grantId)
        : // A party that cannot know the ghost grant id (a Redlock master) names the lease by holder and token.
          [...this.leases]
            .reverse()
            .find((l) => l.endedMs === null && l.holder === note.holder && l.token === note.token);
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
        this.leaseById.set(record.grantId, record);
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

  applyLabels(labels: StepLabel[]): void {
    let from = 0;
    for (const label of labels) {
      const found = this.steps.findIndex(
        (s, i) =>
          i >= from &&
          s.kind === label.kind &&
          (label.party === undefined || s.party === label.party) &&
          (label.client === undefined || s.parties.includes(label.client)) &&
          (label.token === undefined || s.token === label.token),
      );
      if (found < 0) continue;
      this.steps[found]!.label = label.label;
      from = found + 1;
    }
  }
}

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
