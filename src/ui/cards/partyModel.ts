// What a party card shows at the cursor, as plain data: the machine state, each field with a
// human label, what changed at this step, and for a client the two views of its lease (what it
// believes, what the lock service knows). Invariant: a pure read of the trace at one step.

import { formatToken, type PartyInfo, type Step, type Trace } from '../../engine';
import { fieldLabel, fieldText, ms } from './fields';

export interface FieldRow {
  key: string;
  label: string;
  value: string;
  changed: boolean;
}

export interface LeaseViews {
  /** What the client believes, from its own state and clock. */
  believes: string;
  /** What the lock service knows about this client's lease at the same moment. */
  service: string;
  /** The client believes it holds a lock whose grant the service has ended or given away. */
  zombie: boolean;
  /** The belief changed at this step. */
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

function leaseViews(trace: Trace, step: Step, client: string, changed: Set<string>): LeaseViews {
  const view = step.snapshots[client]!;
  const holding = view.state === 'holding';
  const token = view.fields.token ?? null;
  const tokenWords = token === null ? 'a lease (no token)' : `token ${formatToken(token as never)}`;
  const believes = holding
    ? `holds ${tokenWords} until ${fieldText('believedUntilMs', view.fields.believedUntilMs ?? null)} on its own clock${view.paused ? ' (frozen)' : ''}`
    : 'holds no lock';

  const authority = trace.parties.find((p) => p.kind === 'lock' && step.snapshots[p.id]?.fields.holder === client);
  let service: string;
  if (authority) {
    const f = step.snapshots[authority.id]!.fields;
    const held = f.token === null || f.token === undefined ? 'a lease' : `token ${formatToken(f.token as never)}`;
    service = `${held} valid until ${fieldText('leaseExpiresAtMs', f.leaseExpiresAtMs ?? null)}`;
  } else {
    const lease = trace.leases.filter((l) => l.holder === client && l.grantedMs <= step.timeMs).at(-1);
    service =
      lease && lease.endedMs !== null && lease.endedMs <= step.timeMs
        ? `${lease.token === null ? 'its lease' : `token ${formatToken(lease.token)}`} ${lease.endReason ?? 'ended'} at ${ms(lease.endedMs)}`
        : 'no lease for it';
  }
  const beliefChanged = ['state', 'token', 'believedUntilMs', 'paused'].some((k) => changed.has(k));
  return { believes, service, zombie: holding && !authority, changed: beliefChanged };
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
    if (info.kind === 'client') model.lease = leaseViews(trace, step, info.id, changed);
    return model;
  });
}
