// What each party of a recording looked like after each observation, as far as the observations
// say: a client's lock and belief, a lock server's holder, the store's max_seen. These are not the
// servers' own states (nobody dumped them): they are the observations so far, folded. Invariant:
// every field is read from an observation at or before the step; tokens stay exact strings.

import type { FieldValue, PartyInfo, PartyView } from '../../../engine';
import type { Observation } from '../../../engine/surfaces/recorded';

export interface Snapshots {
  /** Applies one observation; returns every party's view after it and the fields that changed. */
  apply(o: Observation): { snapshots: Record<string, PartyView>; changed: Record<string, string[]> };
}

const view = (state: string, fields: Record<string, FieldValue>): PartyView => ({
  state,
  paused: false,
  down: false,
  fields,
});

/** The first view of each party: clients idle, servers serving, the store with nothing seen. */
function initial(party: PartyInfo, check: string): PartyView {
  if (party.kind === 'client') return view('idle', { token: null, believes: false, writesSent: 0, lastValue: null });
  if (party.kind === 'resource') return view('up', { maxSeen: null, check, value: null, accepted: 0, rejected: 0 });
  return view('serving', { holder: null, token: null });
}

function diff(before: PartyView, after: PartyView): string[] {
  const out: string[] = [];
  if (before.state !== after.state) out.push('state');
  if (before.paused !== after.paused) out.push('paused');
  if (before.down !== after.down) out.push('down');
  for (const key of Object.keys(after.fields)) if (before.fields[key] !== after.fields[key]) out.push(key);
  return out;
}

/**
 * A folder of observations into party views. `check` is the store's rule (`reject-le`, `none`).
 */
// eslint-disable-next-line max-lines-per-function -- one switch over every kind of observation, each case a few lines, read best side by side
export function createSnapshots(parties: readonly PartyInfo[], check: string): Snapshots {
  let current: Record<string, PartyView> = Object.fromEntries(parties.map((p) => [p.id, initial(p, check)]));
  const kindOf = new Map(parties.map((p) => [p.id, p.kind]));

  const edit = (next: Record<string, PartyView>, id: string, change: Partial<PartyView>) => {
    const was = next[id];
    if (!was) return;
    next[id] = { ...was, ...change, fields: { ...was.fields, ...(change.fields ?? {}) } };
  };

  /** A server lets go of `client`'s lock (a deleted key or node, a master's expired key). */
  const letGo = (next: Record<string, PartyView>, server: string, client: string | undefined) => {
    if (client !== undefined && next[server]?.fields.holder === client)
      edit(next, server, { fields: { holder: null, token: null } });
  };

  return {
    apply(o) {
      const next = { ...current };
      const d = o.detail ?? {};
      const token = o.token ?? null;
      const isClient = kindOf.get(o.party) === 'client';
      switch (o.kind) {
        case 'lock.requested':
          edit(next, o.party, { state: 'acquiring' });
          break;
        case 'lock.queued':
          if (isClient) edit(next, o.party, { state: 'waiting', fields: { token } });
          break;
        case 'lock.granted':
          edit(next, o.party, { state: 'holding', fields: { token, believes: true } });
          // The single lock service now counts this client as the holder (Redis masters: key.set).
          for (const [id, kind] of kindOf)
            if (kind === 'lock' && !/^Redis\d$/.test(id)) edit(next, id, { fields: { holder: o.party, token } });
          break;
        case 'key.set':
          edit(next, o.party, { fields: { holder: o.client ?? null, token } });
          break;
        case 'key.deleted':
        case 'node.deleted':
          letGo(next, o.party, o.client);
          break;
        case 'lease.lost':
        case 'session.expired':
          if (isClient) edit(next, o.party, { state: 'lost', fields: { believes: false } });
          break;
        case 'lock.released':
          edit(next, o.party, { state: 'idle', fields: { token: null, believes: false } });
          break;
        case 'client.paused':
          edit(next, o.party, { state: 'frozen', paused: true });
          break;
        case 'client.resumed':
          edit(next, o.party, { state: next[o.party]?.fields.believes ? 'holding' : 'idle', paused: false });
          break;
        case 'write.sent': {
          const sent = Number(next[o.party]?.fields.writesSent ?? 0) + 1;
          edit(next, o.party, { fields: { writesSent: sent, lastValue: String(d.value ?? '') } });
          break;
        }
        case 'write.accepted':
        case 'write.rejected':
          if (kindOf.get(o.party) === 'resource') {
            const counter = o.kind === 'write.accepted' ? 'accepted' : 'rejected';
            const maxSeen = d.maxSeenAfter === undefined ? (next[o.party]?.fields.maxSeen ?? null) : d.maxSeenAfter;
            edit(next, o.party, {
              fields: {
                maxSeen,
                value: d.stored === undefined ? (next[o.party]?.fields.value ?? null) : d.stored,
                [counter]: Number(next[o.party]?.fields[counter] ?? 0) + 1,
              },
            });
          }
          break;
        case 'node.crashed':
          edit(next, o.party, { state: 'down', down: true, fields: { holder: null, token: null } });
          break;
        case 'node.restarted':
          edit(next, o.party, { state: 'serving', down: false });
          break;
      }
      const changed: Record<string, string[]> = {};
      for (const id of Object.keys(next)) {
        const fields = next[id] === current[id] ? [] : diff(current[id]!, next[id]!);
        if (fields.length) changed[id] = fields;
      }
      current = next;
      return { snapshots: current, changed };
    },
  };
}
