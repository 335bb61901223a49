// What a party card shows at the cursor, as plain data: the machine state, each field with a
// human label, what changed at this step, and for a client the two views of its grant (what it
// believes, what the lock service or quorum has on record: leaseViews.ts).
// Invariant: a pure read of the trace at one step.

import type { PartyInfo, Trace } from '../../engine';
import { fieldLabel, fieldText } from './fields';
import { leaseViews, type LeaseViews } from './leaseViews';

export type { LeaseViews } from './leaseViews';

export interface FieldRow {
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
