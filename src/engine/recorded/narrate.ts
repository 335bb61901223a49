// The narration of a recording: the sentence for each observation of a run on real servers, as
// the "Real servers" view shows it. Where the model has a step for the same event, the sentence is
// the engine's own (narrate(), told from a note built of the observation's facts), so a wording
// changed there changes here too; what only a recording has (a server seen holding a key, a
// library's report, the signals the recorder sent) is worded here, and nowhere else.
// Invariant: pure; every fact in a sentence was observed, never what the model would have done; a
// fact the recording lacks is left out of the sentence, never filled in.

import { strategyIdOf, type KnownStrategyId } from '../core/defaults';
import type { Note } from '../core/party';
import type { WriteOutcome } from '../core/trace';
import type { StepKind } from '../core/vocabulary';
import { narrate, staleSentence, type NarrationInput } from '../trace/narrate';
import type { Observation, Recording, SystemId } from './format';

/** What the narrator knows of a whole recording when it words one observation. */
export interface ObservationContext {
  system: SystemId;
  /** The model's strategy for the system: the engine's words are that system's. */
  strategy: KnownStrategyId;
  /** The lock service's party ids: `etcd`, `ZooKeeper`, or `Redis1` … `Redis5`. */
  locks: readonly string[];
  /** The store's rule, as its decisions name it (`reject-le`, `none`). */
  rule: string;
  /** The lock key or node of each client, and its lease or session, as first observed. */
  keyOf: ReadonlyMap<string, string>;
  leaseOf: ReadonlyMap<string, string>;
  /** Whether `client` released the lock before `atMs` (so a deleted key was a release). */
  releasedBefore(client: string, atMs: number): boolean;
  /** Whether server `party` restarted between `fromMs` and `toMs`. */
  restartedBetween(party: string, fromMs: number, toMs: number): boolean;
  /** The token of the last grant `client` got at or before `atMs`. */
  tokenOf(client: string, atMs: number): string | undefined;
  /** The random value a Redlock client asking at `atMs` sets: the first token seen for it since. */
  valueAskedAt(client: string, atMs: number): string | undefined;
}

/** The store's rule: the one its decisions name, else the schedule's check. */
function storeRuleOf(rec: Recording): string {
  const named = rec.observations.find((o) => o.party === 'Storage' && typeof o.detail?.rule === 'string');
  return String(named?.detail?.rule ?? rec.schedule.knobs.check ?? 'reject-le');
}

/** What the narrator needs to know, read once from the whole recording. `locks` are the lanes of
 * its lock service, in order. */
export function observationContext(rec: Recording, locks: readonly string[]): ObservationContext {
  const obs = rec.observations;
  const keyOf = new Map<string, string>();
  const leaseOf = new Map<string, string>();
  for (const o of obs) {
    const who = o.client ?? o.party;
    const d = o.detail ?? {};
    if (typeof d.key === 'string' && !keyOf.has(who)) keyOf.set(who, d.key);
    if (typeof d.node === 'string' && o.kind === 'node.created') keyOf.set(who, d.node);
    if (typeof d.lease === 'string' && !leaseOf.has(who)) leaseOf.set(who, d.lease);
    if (typeof d.session === 'string' && !leaseOf.has(who)) leaseOf.set(who, d.session);
  }
  return {
    system: rec.system,
    strategy: strategyIdOf(rec.schedule.strategy),
    locks,
    rule: storeRuleOf(rec),
    keyOf,
    leaseOf,
    releasedBefore: (client, atMs) =>
      obs.some((o) => o.party === client && o.kind === 'lock.released' && o.atMs <= atMs),
    restartedBetween: (party, fromMs, toMs) =>
      obs.some((o) => o.party === party && o.kind === 'node.restarted' && o.atMs >= fromMs && o.atMs <= toMs),
    tokenOf: (client, atMs) =>
      obs.filter((o) => o.party === client && o.kind === 'lock.granted' && o.atMs <= atMs).at(-1)?.token,
    valueAskedAt: (client, atMs) =>
      obs.find((o) => o.atMs >= atMs && (o.party === client || o.client === client) && o.token !== undefined)?.token,
  };
}

/** The step the view made of an observation, as far as its words depend on it. */
export interface ObservedStep {
  /** The step's kind: for a deleted key or node, whether it was a release or an expiry. */
  kind: StepKind;
  /** For a store's verdict or etcd's txn: the write outcome, with `stale` read from the grants. */
  write?: WriteOutcome;
  /** For a stale write whose writer's lease had not ended: the newer holder beside it. */
  alsoHolding?: string | null;
  /** The step's detail, where the engine's sentence reads it (a write's seq). */
  detail?: Record<string, string | number | boolean>;
}

const str = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

/** The guard of etcd's txn for a client's write: what the txn compares before it puts. */
export const txnGuard = (key: string, token: string): string => `CreateRevision(${key}) = ${token}`;

/**
 * The sentence for one observation of a recording, which the view has made a step of kind
 * `step.kind`.
 * @throws Error for an observation of a kind this narrator has no words for (the view makes no
 *   step of one).
 */
// eslint-disable-next-line max-lines-per-function -- one case per kind of observation a recording holds, each handing its facts to narrate(); a kind's words are found under its own name, in one place.
export function narrateObservation(o: Observation, c: ObservationContext, step: ObservedStep): string {
  const told = (party: string, note: Note, more: Partial<NarrationInput> = {}): string =>
    narrate({ system: c.strategy, party, note, stale: false, fields: {}, ...more });
  const d = o.detail ?? {};
  const me = o.party;
  const who = o.client ?? '';
  const lock = c.locks[0] ?? '';
  const token = o.token ?? null;
  const zk = c.system === 'zookeeper';
  switch (o.kind) {
    case 'lock.requested': {
      if (c.system !== 'redis') return told(me, { kind: o.kind, parties: [lock] });
      const value = c.valueAskedAt(me, o.atMs);
      return told(me, { kind: o.kind, parties: [...c.locks], ...(value ? { detail: { value } } : {}) });
    }
    case 'session.opened':
      return zk
        ? told(lock, {
            kind: o.kind,
            client: me,
            detail: { session: str(d.session), timeoutMs: Number(d.negotiatedTimeoutMs) },
          })
        : `${told(lock, { kind: o.kind, client: me, detail: { lease: str(d.lease), timeoutMs: Number(d.ttlS) * 1000 } })} ${me}'s lock key will live as long as the lease.`;
    case 'lock.queued':
      return zk
        ? `${me}'s lock node ${str(d.node)} exists, created at zxid ${str(token)}: that number is its token. It waits until its node is the lowest.`
        : `${me}'s lock key ${str(d.key)} exists, created at revision ${str(token)}: that number is its token. It waits until its key is the oldest.`;
    case 'key.created':
      return `Seen at etcd: ${who}'s lock key ${str(d.key)}${token ? ` (revision ${token})` : ''}, tied to lease ${str(d.lease)}.`;
    case 'node.created':
      return `Seen at ZooKeeper: ${who}'s ephemeral lock node ${str(d.node)}, tied to session ${str(d.session)}.`;
    case 'lock.granted':
      if (zk) return told(me, { kind: 'lock.acquired', token, detail: { node: c.keyOf.get(me) ?? '' } });
      return c.system === 'redis'
        ? `${me}'s lock call returns: its "token" is its random value ${str(token)}, a value, not a number that grows.`
        : `${me} holds the lock, with token ${str(token)}.`;
    case 'lock.quorum': {
      const quorum = str(d.okMasters).split(',').filter(Boolean).join(', ');
      const granted = told(me, {
        kind: 'lock.granted',
        holder: me,
        token,
        detail: { quorum, validityMs: Number(d.validityMs) },
      });
      return `${granted} The round took ${str(d.elapsedMs)} ms.`;
    }
    case 'lock.failed':
      return told(me, {
        kind: o.kind,
        detail: { yes: Number(d.votes ?? 0), quorum: Math.floor(c.locks.length / 2) + 1 },
      });
    case 'key.set':
      return told(me, { kind: o.kind, holder: who, token });
    case 'key.deleted':
    case 'node.deleted':
      return deletedWords(o, c, step.kind, told);
    case 'lock.released':
      return told(me, { kind: 'lock.releasing', token });
    case 'write.sent':
      return told(me, {
        kind: o.kind,
        parties: ['Storage'],
        token,
        detail: { value: str(d.value), seq: Number(step.detail?.seq ?? 0) },
      });
    case 'write.queued':
    case 'write.skipped':
      return told(me, { kind: o.kind, detail: { value: str(d.value) } });
    case 'write.accepted':
    case 'write.rejected':
      if (me === 'Storage') return toldVerdict(o, c, step, told);
      return told(me, {
        kind: o.kind === 'write.accepted' ? 'write.acked' : 'write.refused',
        parties: ['Storage'],
        detail: { value: str(d.value) },
      });
    case 'txn.succeeded':
    case 'txn.failed':
      return `${toldVerdict(o, c, step, told)} Seen by ${me} when the answer came.`;
    case 'session.expired':
      return told(me, {
        kind: 'session.lost',
        parties: [lock],
        detail: zk ? { session: str(d.session), cause: 'expired' } : { lease: str(d.lease), cause: str(d.reply) },
      });
    case 'lease.lost':
      return told(me, { kind: 'lease.lapsed', token, detail: { cause: str(d.why) } });
    case 'session.disconnected':
      // The library's report, not a cut, and not Curator's SUSPENDED, which the model tells.
      return `${me}'s connection to ZooKeeper drops (its library reports Disconnected).`;
    case 'session.reconnected':
      return `${me} is connected to ZooKeeper again.`;
    case 'node.checked':
      return `${me} asks ZooKeeper about its own node ${str(d.node)}: ${d.exists ? 'it still exists' : 'it is gone'}.`;
    case 'op.failed':
      return `${me}'s request (${str(d.op)}) fails: ${str(d.error)}.`;
    case 'client.paused':
      return `${told(me, { kind: o.kind })} The recorder stopped its process (SIGSTOP).`;
    case 'client.resumed':
      return `${told(me, { kind: o.kind })} The recorder let its process go on (SIGCONT).`;
    case 'network.partitioned':
    case 'network.healed':
      return told(me, { kind: o.kind, parties: [str(d.to)] });
    case 'node.crashed':
      return `${told(me, { kind: o.kind })} The recorder killed it (SIGKILL).`;
    case 'node.restarted':
      if (c.system === 'etcd')
        return 'etcd starts again from a snapshot saved before the race: it has forgotten every revision since, so it will count them again.';
      return told(me, {
        kind: o.kind,
        ...(c.system === 'redis' ? { detail: { persistence: str(d.persistence) } } : {}),
      });
    default:
      throw new Error(`narrateObservation: no words for an observation of kind "${o.kind}"`);
  }
}

type Told = (party: string, note: Note, more?: Partial<NarrationInput>) => string;

/** A lock key or node gone: a release, an expiry, or (Redis) a master that restarted empty. */
function deletedWords(o: Observation, c: ObservationContext, kind: StepKind, told: Told): string {
  const who = o.client ?? '';
  if (kind === 'lock.released') return told(o.party, { kind, holder: who });
  const token = o.token ?? c.tokenOf(who, o.atMs) ?? null;
  if (c.system === 'redis')
    return c.restartedBetween(o.party, 0, o.atMs)
      ? `${o.party}'s key (${who}'s value) is gone: the master restarted with nothing on disk.`
      : told(o.party, { kind: 'lease.expired', holder: who, token, detail: { scope: 'master' } });
  const key = c.keyOf.get(who) ?? str(o.detail?.key ?? o.detail?.node);
  const lease = c.leaseOf.get(who) ?? '';
  const expired = told(o.party, {
    kind: 'lease.expired',
    holder: who,
    token,
    detail: c.system === 'zookeeper' ? { session: lease, node: key } : { lease, key },
  });
  const now = o.detail?.revisionNow;
  return now === undefined ? expired : `${expired} etcd is now at revision ${str(now)}.`;
}

/** A store's verdict, or etcd's txn, told as the model's store tells its own. */
function toldVerdict(o: Observation, c: ObservationContext, step: ObservedStep, told: Told): string {
  const w = step.write;
  if (!w) throw new Error(`narrateObservation: the verdict at ${o.atMs} ms comes with no write outcome`);
  const { stale, ...decided } = w;
  // Which grant a write came under is the model's ghost knowledge; a recording has none to give.
  const write = { ...decided, grantId: 0 };
  const kind = w.verdict === 'accepted' ? 'write.accepted' : 'write.rejected';
  if (o.kind === 'txn.succeeded' || o.kind === 'txn.failed') {
    const guard = txnGuard(c.keyOf.get(w.client) ?? 'its lock key', w.token === null ? '' : String(w.token));
    return told(w.resource, { kind, parties: [w.client], client: w.client, token: w.token, detail: { guard }, write });
  }
  const alsoHolding = step.alsoHolding ?? null;
  const said = told(
    w.resource,
    { kind, parties: [w.client], client: w.client, token: w.token, write },
    // Redlock's random values, compared: a store that checks nothing compares none.
    { stale, alsoHolding, luck: c.system === 'redis' && String(o.detail?.rule ?? c.rule) !== 'none' },
  );
  if (w.verdict === 'accepted') return said;
  // The model says nothing more of a refused write; a recording says whose write the fence stopped.
  return stale
    ? `${said}${staleSentence(w.resource, w.client, stale, alsoHolding)}`
    : `${said} ${w.client} does hold the lock: the fence turned away the rightful holder.`;
}
