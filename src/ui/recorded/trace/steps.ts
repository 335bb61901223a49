// One observation of a recording as the start of a trace step: which step kind it is, who acts,
// who else is involved, and the detail the event table's phrase reads. Its sentence is the
// engine's (narrateObservation), told from the same observation.
// Invariant: pure; kinds are chosen so the engine's short phrases (trace/text.ts) read true of
// what was observed, never of what the model would have done.

import type { StepKind } from '../../../engine';
import type { Observation, ObservationContext } from '../../../engine/surfaces/recorded';

/** A step's kind, actors and detail; the converter adds the rest (its sentence among them). */
export interface StepStart {
  kind: StepKind;
  party: string;
  parties: string[];
  detail?: Record<string, string | number | boolean>;
}

const str = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

/** The step of an observation that is about the lock service or a client's lock. */
function lockStep(o: Observation, c: ObservationContext): StepStart | null {
  const d = o.detail ?? {};
  const who = o.client ?? '';
  const zk = c.system === 'zookeeper';
  // A client's own step with its lock service.
  const withLock = (kind: StepKind, detail?: StepStart['detail']): StepStart => ({
    kind,
    party: o.party,
    parties: [o.party, c.locks[0] ?? ''],
    ...(detail ? { detail } : {}),
  });
  switch (o.kind) {
    case 'lock.requested':
      return { kind: 'lock.requested', party: o.party, parties: [o.party, ...c.locks] };
    case 'session.opened':
      return withLock('session.ready', zk ? { session: str(d.session) } : { lease: str(d.lease) });
    case 'lock.queued':
      return withLock('lock.queued', zk ? { node: str(d.node) } : { key: str(d.key) });
    case 'key.created':
    case 'node.created':
      return { kind: 'lock.queued', party: o.party, parties: [o.party, who] };
    case 'lock.granted':
      return {
        kind: 'lock.acquired',
        party: o.party,
        // Redlock: the masters it won are on the step before (lock.quorum).
        parties: c.system === 'redis' ? [o.party] : [o.party, ...c.locks],
      };
    case 'lock.quorum':
      return {
        kind: 'lock.granted',
        party: o.party,
        parties: [o.party, ...str(d.okMasters).split(',').filter(Boolean)],
        detail: { masters: c.locks.length, validityMs: Number(d.validityMs) },
      };
    case 'lock.failed':
      return {
        kind: 'lock.failed',
        party: o.party,
        parties: [o.party, ...c.locks],
        detail: { yes: Number(d.votes ?? 0), quorum: Math.floor(c.locks.length / 2) + 1 },
      };
    case 'key.set':
      return { kind: 'key.set', party: o.party, parties: [o.party, who] };
    case 'key.deleted':
    case 'node.deleted':
      return deletedStep(o, c);
    case 'lock.released':
      return withLock('lock.releasing');
    default:
      return null;
  }
}

/** A lock key or node gone: a release, an expiry, or (Redis) a master's copy of the key gone. */
function deletedStep(o: Observation, c: ObservationContext): StepStart {
  const who = o.client ?? '';
  const key = c.keyOf.get(who) ?? str(o.detail?.key ?? o.detail?.node);
  const parties = [o.party, who];
  if (c.system === 'redis') return { kind: 'lease.expired', party: o.party, parties, detail: { scope: 'master' } };
  if (c.releasedBefore(who, o.atMs + 50))
    return {
      kind: 'lock.released',
      party: o.party,
      parties,
      detail: c.system === 'zookeeper' ? { node: key } : { key },
    };
  const lease = c.leaseOf.get(who) ?? '';
  return {
    kind: 'lease.expired',
    party: o.party,
    parties,
    detail: c.system === 'zookeeper' ? { session: lease, node: key } : { lease, key },
  };
}

/** The step of a client's own event, a fault, or the store's reply. */
function clientStep(o: Observation, c: ObservationContext): StepStart | null {
  const d = o.detail ?? {};
  const lock = c.locks[0] ?? '';
  const me = o.party;
  const one = (kind: StepKind, parties = [me], detail?: StepStart['detail']): StepStart => ({
    kind,
    party: me,
    parties,
    ...(detail ? { detail } : {}),
  });
  switch (o.kind) {
    case 'client.paused':
    case 'client.resumed':
      return one(o.kind);
    case 'write.queued':
    case 'write.skipped':
      return one(o.kind, [me], { value: str(d.value) });
    case 'write.accepted':
    case 'write.rejected':
      return one(o.kind === 'write.accepted' ? 'write.acked' : 'write.refused', [me, 'Storage'], {
        value: str(d.value),
      });
    case 'session.expired':
      return one('session.lost', [me, lock], { cause: c.system === 'zookeeper' ? 'expired' : str(d.reply) });
    case 'lease.lost':
      return one('lease.lapsed');
    case 'session.disconnected':
      // The library's report, not a cut: the drawing shows a cut only where the schedule made one.
      return one('session.suspended', [me, lock]);
    case 'session.reconnected':
      return one('session.reconnected', [me, lock]);
    case 'node.checked':
    case 'op.failed':
      return one('lease.checked', [me, lock]);
    case 'network.partitioned':
    case 'network.healed':
      return one(o.kind, [me, str(d.to)]);
    default:
      return null;
  }
}

/** A server's crash or restart. */
function serverStep(o: Observation, c: ObservationContext): StepStart | null {
  if (o.kind !== 'node.crashed' && o.kind !== 'node.restarted') return null;
  return {
    kind: o.kind,
    party: o.party,
    parties: [o.party],
    ...(o.kind === 'node.restarted' && c.system === 'etcd' ? { detail: { restored: true } } : {}),
  };
}

/** The step an observation starts, or null for one this lab has no step for (the view counts those). */
export function stepFor(o: Observation, c: ObservationContext): StepStart | null {
  if (o.kind === 'write.sent') return { kind: 'write.sent', party: o.party, parties: [o.party, 'Storage'] };
  return lockStep(o, c) ?? (/^Client\d+$/.test(o.party) ? clientStep(o, c) : serverStep(o, c));
}
