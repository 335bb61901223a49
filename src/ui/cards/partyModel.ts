// What a party card shows at the cursor, as plain data: the machine state, each field with a
// human label, what changed at this step, and for a client the two views of its grant (what it
// believes, what the lock service or quorum has on record: leaseViews.ts).
// Invariant: a pure read of the trace at one step. A count a card shows ("Writes sent") counts the
// whole run up to the step, so it never falls as the cursor moves forward: the machines' own
// `writesSent` is the per-grant sequence number (it goes back to 0 when a grant starts or ends),
// and the card counts the client's `write.sent` steps instead.

import type { PartyInfo, Trace } from '../../engine';
import { fieldLabel, fieldText } from './fields';
import { leaseViews, type LeaseViews } from './leaseViews';

interface FieldRow {
  key: string;
  label: string;
  value: string;
  changed: boolean;
}

export interface PartyCardModel {
  id: string;
  label: string;
  kind: PartyInfo['kind'];
  state: string;
  paused: boolean;
  down: boolean;
  /** The state, paused or down flag changed at this step. */
  stateChanged: boolean;
  /** The resource's max_seen, shown large; undefined for other parties. */
  maxSeen?: { value: string; changed: boolean; checks: boolean };
  rows: FieldRow[];
  lease?: LeaseViews;
}

/** For each party, the indices of the steps at which it sent a write, in order (per trace). */
const sentSteps = new WeakMap<Trace, Map<string, number[]>>();

function writeSteps(trace: Trace): Map<string, number[]> {
  const cached = sentSteps.get(trace);
  if (cached) return cached;
  const byParty = new Map<string, number[]>();
  trace.steps.forEach((step, i) => {
    if (step.kind !== 'write.sent') return;
    const list = byParty.get(step.party);
    if (list) list.push(i);
    else byParty.set(step.party, [i]);
  });
  sentSteps.set(trace, byParty);
  return byParty;
}

/** How many writes `party` sent at steps 0..cursor, and whether it sent one at `cursor`. */
function writesSentUpTo(trace: Trace, party: string, cursor: number): { count: number; now: boolean } {
  const steps = writeSteps(trace).get(party) ?? [];
  // Binary search: the number of entries <= cursor (a 40,000-step run is scrubbed step by step).
  let lo = 0;
  let hi = steps.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (steps[mid]! <= cursor) lo = mid + 1;
    else hi = mid;
  }
  return { count: lo, now: lo > 0 && steps[lo - 1] === cursor };
}

export function partyCards(trace: Trace, cursor: number): PartyCardModel[] {
  const step = trace.steps[cursor];
  if (!step) return [];
  return trace.parties.map((info) => {
    const view = step.snapshots[info.id]!;
    const changed = new Set(step.changed[info.id] ?? []);
    const model: PartyCardModel = {
      id: info.id,
      label: info.label,
      kind: info.kind,
      state: view.state,
      paused: view.paused,
      down: view.down,
      stateChanged: changed.has('state') || changed.has('paused') || changed.has('down'),
      rows: [],
    };
    for (const [key, value] of Object.entries(view.fields)) {
      if (key === 'maxSeen') {
        model.maxSeen = {
          value: fieldText(key, value),
          changed: changed.has(key),
          checks: view.fields.check !== 'none',
        };
        continue;
      }
      // A client's token and belief are shown (and highlighted) in its lease views.
      if (info.kind === 'client' && (key === 'believedUntilMs' || key === 'token')) continue;
      if (key === 'writesSent') {
        // The machines' field restarts with each grant; the card counts the run (see the top).
        const sent = writesSentUpTo(trace, info.id, cursor);
        model.rows.push({
          key,
          label: fieldLabel(key, info.kind, trace.scenario.strategy),
          value: fieldText(key, sent.count),
          changed: sent.now,
        });
        continue;
      }
      model.rows.push({
        key,
        label: fieldLabel(key, info.kind, trace.scenario.strategy),
        value: fieldText(key, value),
        changed: changed.has(key),
      });
    }
    if (info.kind === 'client') model.lease = leaseViews(trace, cursor, info.id, changed);
    return model;
  });
}
