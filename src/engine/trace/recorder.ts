// Builds the trace as the scheduler runs: steps with snapshots shared between steps where a party
// did not change, message records, lease and pause intervals, and the t-labels.
// Invariant: a step's snapshots are never mutated after the step is recorded.

import type { Note } from '../sim/logic';
import type { StepLabel } from '../scenario/types';
import type { LeaseRecord, MessageRecord, PartyInfo, PartyView, PauseRecord, Step, TokenValue } from './types';
import { Oracle } from './oracle';
import { narrate } from './narrate';

export class Recorder {
  readonly steps: Step[] = [];
  readonly messages: MessageRecord[] = [];
  readonly leases: LeaseRecord[] = [];
  readonly pauses: PauseRecord[] = [];
  readonly oracle = new Oracle();
  private readonly leaseById = new Map<number, LeaseRecord>();
  private snapshots: Record<string, PartyView>;

  constructor(
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
    const stale = this.oracle.observe(note, party, index);
    this.oracle.observeView(party, view, index);
    this.track(note, party, timeMs);
    const step: Step = {
      index,
      timeMs,
      kind: note.kind,
      party,
      parties: [party, ...(note.parties ?? []).filter((p) => p && p !== party)],
      text: narrate({ party, note, stale, fields: view.fields }),
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
    this.steps.push(step);
    return step;
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
        this.leases.push(record);
        this.leaseById.set(record.grantId, record);
        break;
      }
      case 'lease.expired':
      case 'lock.released':
      case 'node.crashed':
        if (lease && lease.endedMs === null) {
          lease.endedMs = timeMs;
          lease.endReason =
            note.kind === 'lease.expired'
              ? 'expired'
              : note.kind === 'lock.released'
                ? 'released'
                : 'lock service crashed';
        }
        break;
      case 'lock.acquired':
        if (lease) lease.believedFromMs ??= timeMs;
        break;
      case 'lease.lapsed':
      case 'lock.releasing':
        if (lease) lease.believedUntilMs ??= timeMs;
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
