// One observation of a recording as the start of a trace step: which step kind it is, who acts,
// who else is involved, the detail the event table's phrase reads, and a sentence in plain words.
// Invariant: pure; every sentence says only what was observed (and by whom), never what the
// model would have done. Kinds are chosen so the engine's short phrases (trace/text.ts) read true.

import type { StepKind } from '../../../engine';
import type { Observation, SystemId } from '../../../engine/surfaces/recorded';

/** What the converter knows when it words an observation. */
export interface WordsContext {
  system: SystemId;
  /** The lock service's party ids: `etcd`, `ZooKeeper`, or `Redis1` … `Redis5`. */
  locks: readonly string[];
  /** The lock key or node of each client, and its lease or session, as last observed. */
  keyOf: ReadonlyMap<string, string>;
  leaseOf: ReadonlyMap<string, string>;
  /** Whether `client` released the lock before `atMs` (so a deleted key was a release). */
  releasedBefore(client: string, atMs: number): boolean;
  /** Whether server `party` restarted between `fromMs` and `toMs`. */
  restartedBetween(party: string, fromMs: number, toMs: number): boolean;
}

/** A step's kind, actors, detail and sentence; the converter adds the rest. Null: not a step. */
export interface Worded {
  kind: StepKind;
  party: string;
  parties: string[];
  detail?: Record<string, string | number | boolean>;
  text: string;
}

const str = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

const SERVICE: Record<SystemId, string> = { etcd: 'etcd', zookeeper: 'ZooKeeper', redis: 'the five Redis masters' };

/** The words for an observation that is about the lock service or a client's lock. */
function lockWords(o: Observation, c: WordsContext): Worded | null {
  const d = o.detail ?? {};
  const who = o.client ?? '';
  const lock = c.locks[0] ?? '';
  switch (o.kind) {
    case 'lock.requested':
      return {
        kind: 'lock.requested',
        party: o.party,
        parties: [o.party, ...c.locks],
        text:
          c.system === 'redis'
            ? `${o.party} asks ${SERVICE.redis} for the lock: SET NX PX with its own random value on each.`
            : `${o.party} asks ${SERVICE[c.system]} for the lock.`,
      };
    case 'session.opened':
      return c.system === 'zookeeper'
        ? {
            kind: 'session.ready',
            party: o.party,
            parties: [o.party, lock],
            detail: { session: str(d.session) },
            text: `ZooKeeper opens session ${str(d.session)} for ${o.party}, with a timeout of ${str(d.negotiatedTimeoutMs)} ms.`,
          }
        : {
            kind: 'session.ready',
            party: o.party,
            parties: [o.party, lock],
            detail: { lease: str(d.lease) },
            text: `etcd grants ${o.party} lease ${str(d.lease)} with a TTL of ${str(d.ttlS)} s; its lock key will live as long as the lease.`,
          };
    case 'lock.queued':
      return {
        kind: 'lock.queued',
        party: o.party,
        parties: [o.party, lock],
        detail: c.system === 'zookeeper' ? { node: str(d.node) } : { key: str(d.key) },
        text:
          c.system === 'zookeeper'
            ? `${o.party}'s lock node ${str(d.node)} exists, created at zxid ${str(o.token)}: that number is its token. It waits until its node is the lowest.`
            : `${o.party}'s lock key ${str(d.key)} exists, created at revision ${str(o.token)}: that number is its token. It waits until its key is the oldest.`,
      };
    case 'key.created':
    case 'node.created':
      return {
        kind: 'lock.queued',
        party: o.party,
        parties: [o.party, who],
        text:
          o.kind === 'key.created'
            ? `Seen at etcd: ${who}'s lock key ${str(d.key)}${o.token ? ` (revision ${o.token})` : ''}, tied to lease ${str(d.lease)}.`
            : `Seen at ZooKeeper: ${who}'s ephemeral lock node ${str(d.node)}, tied to session ${str(d.session)}.`,
      };
    case 'lock.granted':
      return {
        kind: 'lock.acquired',
        party: o.party,
        // Redlock: the masters it won are on the step before (lock.quorum).
        parties: c.system === 'redis' ? [o.party] : [o.party, ...c.locks],
        text:
          c.system === 'redis'
            ? `${o.party} holds the lock. Its "token" is its random value ${str(o.token)}: a value, not a number that grows.`
            : `${o.party} holds the lock, with token ${str(o.token)}.`,
      };
    case 'lock.quorum':
      return {
        kind: 'lock.granted',
        party: o.party,
        parties: [o.party, ...str(d.okMasters).split(',').filter(Boolean)],
        detail: { masters: c.locks.length, validityMs: Number(d.validityMs) },
        text: `${o.party} won ${str(d.votes)} of ${c.locks.length} masters (${str(d.okMasters).replaceAll(',', ', ')}) in ${str(d.elapsedMs)} ms: a majority. By its own count the lock is valid for ${str(d.validityMs)} ms more.`,
      };
    case 'lock.failed':
      return {
        kind: 'lock.failed',
        party: o.party,
        parties: [o.party, ...c.locks],
        detail: { yes: Number(d.votes ?? 0), quorum: Math.floor(c.locks.length / 2) + 1 },
        text: `${o.party} won only ${str(d.votes)} of ${c.locks.length} masters: no majority, so no lock.`,
      };
    case 'key.set':
      return {
        kind: 'key.set',
        party: o.party,
        parties: [o.party, who],
        text: `${o.party} sets its lock key to ${who}'s random value.`,
      };
    case 'key.deleted':
    case 'node.deleted':
      return deletedWords(o, c);
    case 'lock.released':
      return {
        kind: 'lock.releasing',
        party: o.party,
        parties: [o.party, lock],
        text: `${o.party} releases the lock (token ${str(o.token)}).`,
      };
    default:
      return null;
  }
}

/** A lock key or node gone: a release, an expiry, or (Redis) a master that restarted empty. */
function deletedWords(o: Observation, c: WordsContext): Worded {
  const who = o.client ?? '';
  const key = c.keyOf.get(who) ?? str(o.detail?.key ?? o.detail?.node);
  if (c.system === 'redis') {
    const gone = c.restartedBetween(o.party, 0, o.atMs)
      ? 'the master restarted with nothing on disk'
      : 'its PX time ran out on the master';
    return {
      kind: 'lease.expired',
      party: o.party,
      parties: [o.party, who],
      detail: { scope: 'master' },
      text: `${o.party}'s key (${who}'s value) is gone: ${gone}.`,
    };
  }
  if (c.releasedBefore(who, o.atMs + 50))
    return {
      kind: 'lock.released',
      party: o.party,
      parties: [o.party, who],
      detail: c.system === 'zookeeper' ? { node: key } : { key },
      text: `${o.party} deletes ${who}'s lock ${c.system === 'zookeeper' ? 'node' : 'key'} ${key}: ${who} released the lock.`,
    };
  const lease = c.leaseOf.get(who) ?? '';
  const now = o.detail?.revisionNow === undefined ? '' : ` etcd is now at revision ${str(o.detail.revisionNow)}.`;
  return {
    kind: 'lease.expired',
    party: o.party,
    parties: [o.party, who],
    detail: c.system === 'zookeeper' ? { session: lease, node: key } : { lease, key },
    text:
      c.system === 'zookeeper'
        ? `ZooKeeper deletes ${who}'s lock node ${key}: its session ${lease} expired. The lock is free, whatever ${who} believes.`
        : `etcd deletes ${who}'s lock key ${key}: its lease ${lease} expired. The lock is free, whatever ${who} believes.${now}`,
  };
}

/** The words for a client's own events, faults and the store's replies. */
function clientWords(o: Observation, c: WordsContext): Worded | null {
  const d = o.detail ?? {};
  const lock = c.locks[0] ?? '';
  const me = o.party;
  const one = (kind: StepKind, text: string, parties = [me], detail?: Worded['detail']): Worded => ({
    kind,
    party: me,
    parties,
    text,
    ...(detail ? { detail } : {}),
  });
  switch (o.kind) {
    case 'client.paused':
      return one(
        'client.paused',
        `${me} freezes: the recorder stopped its process (SIGSTOP), so it does nothing, not even renew its lease.`,
      );
    case 'client.resumed':
      return one('client.resumed', `${me} wakes (SIGCONT) and carries on with what it believed before.`);
    case 'write.queued':
      return one('write.queued', `${me} will write ${str(d.value)} once it holds the lock.`, [me], {
        value: str(d.value),
      });
    case 'write.skipped':
      return one(
        'write.skipped',
        `${me} does not write ${str(d.value)}: it does not believe it holds the lock.`,
        [me],
        {
          value: str(d.value),
        },
      );
    case 'write.accepted':
    case 'write.rejected': {
      const ok = o.kind === 'write.accepted';
      return one(
        ok ? 'write.acked' : 'write.refused',
        `${me} hears that Storage ${ok ? 'accepted' : 'refused'} its write ${str(d.value)}.`,
        [me, 'Storage'],
        { value: str(d.value) },
      );
    }
    case 'session.expired':
      return one(
        'session.lost',
        c.system === 'zookeeper'
          ? `${me}'s library reports that its session ${str(d.session)} has expired.`
          : `${me}'s library reports that its lease ${str(d.lease)} is gone (${str(d.reply)}).`,
        [me, lock],
        { cause: c.system === 'zookeeper' ? 'expired' : str(d.reply) },
      );
    case 'lease.lost':
      return one('lease.lapsed', `${me} stops believing it holds the lock (token ${str(o.token)}): ${str(d.why)}.`);
    case 'session.disconnected':
      // The library's report, not a cut: the drawing shows a cut only where the schedule made one.
      return one('session.suspended', `${me}'s connection to ZooKeeper drops (its library reports Disconnected).`, [
        me,
        lock,
      ]);
    case 'session.reconnected':
      return one('session.reconnected', `${me} is connected to ZooKeeper again.`, [me, lock]);
    case 'node.checked':
      return one(
        'lease.checked',
        `${me} asks ZooKeeper about its own node ${str(d.node)}: ${d.exists ? 'it still exists' : 'it is gone'}.`,
        [me, lock],
      );
    case 'op.failed':
      return one('lease.checked', `${me}'s request (${str(d.op)}) fails: ${str(d.error)}.`, [me, lock]);
    case 'network.partitioned':
    case 'network.healed':
      return one(
        o.kind,
        o.kind === 'network.partitioned'
          ? `The recorder cuts the link between ${me} and ${str(d.to)}: bytes both ways are dropped.`
          : `The recorder heals the link between ${me} and ${str(d.to)}.`,
        [me, str(d.to)],
      );
    default:
      return null;
  }
}

/** A server's crash or restart. */
function serverWords(o: Observation, c: WordsContext): Worded | null {
  if (o.kind === 'node.crashed')
    return {
      kind: 'node.crashed',
      party: o.party,
      parties: [o.party],
      text: `The recorder kills ${o.party} (SIGKILL).`,
    };
  if (o.kind !== 'node.restarted') return null;
  const text =
    c.system === 'etcd'
      ? 'etcd starts again from a snapshot saved before the race: it has forgotten every revision since, so it will count them again.'
      : c.system === 'redis'
        ? `${o.party} starts again, empty (no persistence): it has forgotten every key.`
        : `${o.party} starts again.`;
  return {
    kind: 'node.restarted',
    party: o.party,
    parties: [o.party],
    ...(c.system === 'etcd' ? { detail: { restored: true } } : {}),
    text,
  };
}

/** The step an observation starts, or null for one this lab has no step for (the view counts those). */
export function wordsFor(o: Observation, c: WordsContext): Worded | null {
  if (o.kind === 'write.sent')
    return {
      kind: 'write.sent',
      party: o.party,
      parties: [o.party, 'Storage'],
      text: `${o.party} sends write ${str(o.detail?.value)} with token ${str(o.token)} to Storage.`,
    };
  return lockWords(o, c) ?? (/^Client\d+$/.test(o.party) ? clientWords(o, c) : serverWords(o, c));
}
