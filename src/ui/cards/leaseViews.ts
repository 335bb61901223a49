// A client's two views of its grant at the cursor: what it believes, from its own state and clock,
// and what the authority that grants the lock has on record (a lock service, a majority of Redis
// masters, a quorum of journal nodes), in each strategy's own terms: a lease runs out, a session
// dies, an epoch is deposed by a newer promise.
// Invariant: the zombie mark reads the trace's lease records, as the timeline's zombie bars and the
// oracle do: a client is a zombie when it believes it holds a grant that the authority has ended,
// or has since given to someone newer. HDFS's one addition: a writer is deposed as soon as a quorum
// of journal nodes has promised a newer epoch, a few steps before the trace records that grant.
// Never "until —": a view without a time says why not.

import { formatToken, grantsEpochs, type FieldValue, type LeaseRecord, type Step, type Trace } from '../../engine';
import { ms } from './fields';
import { grantSteps } from './grants';

export interface LeaseViews {
  /** What the client believes, from its own state and clock. */
  believes: string;
  /** Who keeps the record the belief is set against: "Lock service", "Redis masters", ... */
  authority: string;
  /** What that authority has on record about this client's grant at the same moment. */
  service: string;
  /** The client believes it holds a lock whose grant the authority has ended or given away. */
  zombie: boolean;
  /** Why it is a zombie, in words for the badge; empty when it is not one. */
  zombieWhy: string;
  /** The belief changed at this step. */
  changed: boolean;
}

const AUTHORITY: Record<string, string> = {
  redlock: 'Redis masters',
  zookeeper: 'ZooKeeper',
  etcd: 'etcd',
  chubby: 'Chubby cell',
  qjm: 'Journal nodes',
};

/** What the authority says about a client it has granted nothing. */
const NO_GRANT: Record<string, string> = {
  redlock: 'no majority holds its value',
  zookeeper: 'has not given it the lock',
  etcd: 'has not given it the lock',
  chubby: 'has not given it the lock',
  qjm: 'has promised it no epoch',
};

/** What a holder's grant lives by, for "its ... is over" (a Redlock holder has only its validity time). */
const LIVES_BY: Record<string, string> = {
  redlock: 'validity time',
  zookeeper: 'session',
  chubby: 'session',
};

const REASON_WORDS: Record<string, string> = {
  expired: 'expired',
  'validity over': 'ran out of validity',
  released: 'released',
  'lock service crashed': 'lost in a crash',
  'lost in a restore': 'lost in a restore',
  superseded: 'superseded',
};

/** Fields whose change is a change of belief. */
const BELIEF_FIELDS = ['state', 'token', 'believedUntilMs', 'paused', 'suspended'];

function grantWords(token: FieldValue | LeaseRecord['token'], strategy: string, noToken: string): string {
  if (token === null || token === undefined || typeof token === 'boolean') return noToken;
  return `${grantsEpochs(strategy) ? 'epoch' : 'token'} ${formatToken(token)}`;
}

interface Context {
  trace: Trace;
  step: Step;
  client: string;
  strategy: string;
}

export function leaseViews(trace: Trace, cursor: number, client: string, changed: Set<string>): LeaseViews {
  const step = trace.steps[cursor]!;
  const strategy = trace.scenario.strategy;
  const ctx: Context = { trace, step, client, strategy };
  const view = step.snapshots[client]!;
  const holding = view.state === 'holding';
  const { grantStep, endStep } = grantSteps(trace);
  const granted = (k: number) => grantStep[k]! <= cursor;
  const ended = (k: number) => endStep[k]! <= cursor;

  // The grant the client's belief is about: its newest one with the token it holds. When it holds
  // nothing, its newest grant, which may still be on its way to it.
  const token = view.fields.token ?? null;
  const mine = lastIndex(trace.leases, (l, k) => l.holder === client && granted(k) && (!holding || l.token === token));
  const own = mine < 0 ? null : trace.leases[mine]!;
  // The first grant to someone else after it (with none, the newest): the authority has moved on.
  const other = (l: LeaseRecord, k: number) => l.holder !== client && granted(k) && k > mine;
  const newer = own ? trace.leases.findIndex(other) : lastIndex(trace.leases, other);
  const next = newer < 0 ? null : trace.leases[newer]!;

  const promisedSince = grantsEpochs(strategy) && typeof token === 'number' ? newerPromises(ctx, token) : null;
  const deposed = promisedSince?.quorum ? promisedSince : null;

  let service: string;
  let zombieWhy = '';
  if (own && ended(mine)) {
    service = endedWords(own, next, strategy);
    if (holding) zombieWhy = overWords(own, strategy);
  } else if (own && holding && next) {
    service = `${grantWords(own.token, strategy, 'its lease')} still counts, but ${next.holder} was granted the lock too (${grantWords(next.token, strategy, 'a lease')}) at ${ms(next.grantedMs)}`;
    zombieWhy = `the lock went to ${next.holder} too, and it does not know`;
  } else if (holding && deposed) {
    // A quorum of journal nodes has promised a newer epoch: the fence is up before the new writer
    // even hears of its win (and the trace records the grant).
    service = `${list(deposed.by)} promised epoch ${deposed.epoch}, a quorum: epoch ${formatToken(token as never)} is deposed`;
    zombieWhy = 'a newer epoch was promised, and it does not know';
  } else if (own) {
    service = liveWords(ctx, own, mine);
  } else if (holding && next) {
    // A grant the authority never counted (a writer that heard of its quorum after a newer one).
    service = `has no record of ${grantWords(token, strategy, 'its lease')}: the lock went to ${next.holder}`;
    zombieWhy = `the lock went to ${next.holder}, and it does not know`;
  } else {
    service = NO_GRANT[strategy] ?? 'no lease for it';
  }

  return {
    believes: believesWords(view, holding, strategy),
    authority: AUTHORITY[strategy] ?? 'Lock service',
    service,
    zombie: zombieWhy !== '',
    zombieWhy,
    changed: BELIEF_FIELDS.some((k) => changed.has(k)),
  };
}

function believesWords(view: Step['snapshots'][string], holding: boolean, strategy: string): string {
  const token = view.fields.token ?? null;
  if (grantsEpochs(strategy)) {
    return holding
      ? `is the writer with epoch ${formatToken(token as never)} until a newer epoch is promised`
      : 'is not the writer';
  }
  if (!holding) return 'holds no lock';
  const held = `holds ${grantWords(token, strategy, 'a lease (no token)')}`;
  const until = view.fields.believedUntilMs;
  if (view.fields.stopsActing === 'never') return `${held} until it releases it: nothing will tell it to stop`;
  if (typeof until === 'number') return `${held} until ${ms(until)} on its own clock${view.paused ? ' (frozen)' : ''}`;
  if (strategy === 'zookeeper') {
    return `${held} for as long as its session lives${view.fields.suspended === true ? ', though it has lost touch with ZooKeeper' : ''}`;
  }
  return `${held}, with no end it knows of`;
}

/** "token 33 expired at 1,005 ms"; a deposed epoch names the one that deposed it. */
function endedWords(own: LeaseRecord, next: LeaseRecord | null, strategy: string): string {
  const words = `${grantWords(own.token, strategy, 'its lease')} ${REASON_WORDS[own.endReason ?? ''] ?? 'ended'} at ${ms(own.endedMs!)}`;
  if (own.endReason === 'superseded' && next)
    return `${words} by ${grantWords(next.token, strategy, 'a lease')} (${next.holder})`;
  return words;
}

function overWords(own: LeaseRecord, strategy: string): string {
  if (own.endReason === 'superseded') return 'a newer epoch was promised, and it does not know';
  return `its ${LIVES_BY[strategy] ?? 'lease'} is over, and it does not know`;
}

/** A grant the authority still counts, with the deadline it keeps where it keeps one. */
function liveWords(ctx: Context, own: LeaseRecord, index: number): string {
  const { trace, step, client, strategy } = ctx;
  const held = grantWords(own.token, strategy, 'a lease');
  const locks = trace.parties.filter((p) => p.kind === 'lock').map((p) => step.snapshots[p.id]!.fields);
  switch (strategy) {
    case 'redlock': {
      const keeping = locks.filter((f) => f.value !== null && f.value === own.token).length;
      const grant = trace.steps[grantSteps(trace).grantStep[index]!]!;
      const validityMs = grant.kind === 'lock.granted' ? grant.detail?.validityMs : undefined;
      const until = typeof validityMs === 'number' ? `, valid until ${ms(own.grantedMs + validityMs)}` : '';
      return `${held} on ${keeping} of ${locks.length} masters${until}`;
    }
    case 'qjm': {
      const promised = journals(ctx).filter((j) => j.promised === own.token);
      const since = typeof own.token === 'number' ? newerPromises(ctx, own.token) : null;
      const newer = since ? `; ${list(since.by)} ${since.by.length === 1 ? 'has' : 'have'} promised a newer epoch` : '';
      return `${held}, promised by ${promised.length ? list(promised.map((j) => j.id)) : 'none of them now'}${newer}`;
    }
    case 'zookeeper':
    case 'chubby':
    case 'etcd': {
      const until = deadlineOf(locks, client);
      const what = strategy === 'etcd' ? 'lease' : 'session';
      return until === null ? `${held}, still held` : `${held}, ${what} alive until ${ms(until)}`;
    }
    default: {
      const lock = locks.find((f) => f.holder === client);
      const until = lock?.leaseExpiresAtMs;
      return typeof until === 'number' ? `${held} valid until ${ms(until)}` : `${held}, still held`;
    }
  }
}

/** The journal nodes (QJM's fence) and the epoch each has promised. */
function journals({ trace, step }: Context): { id: string; promised: FieldValue }[] {
  return trace.parties
    .filter((p) => p.kind === 'resource' && 'lastWriterEpoch' in step.snapshots[p.id]!.fields)
    .map((p) => ({ id: p.id, promised: step.snapshots[p.id]!.fields.maxSeen ?? null }));
}

/** The journal nodes that have promised an epoch above `epoch`; `quorum` when they are a majority. */
function newerPromises(ctx: Context, epoch: number): { by: string[]; epoch: number; quorum: boolean } | null {
  const all = journals(ctx);
  const newer = all.filter((j) => typeof j.promised === 'number' && j.promised > epoch);
  if (newer.length === 0) return null;
  return {
    by: newer.map((j) => j.id),
    epoch: Math.max(...newer.map((j) => j.promised as number)),
    quorum: newer.length > all.length / 2,
  };
}

const list = (ids: string[]): string => ids.join(', ');

/** The client's deadline in a server's session or lease list ("0x2 Client2 until 2221, ..."). */
function deadlineOf(locks: Record<string, FieldValue>[], client: string): number | null {
  const pattern = new RegExp(`(?:^|\\s)${client.replace(/\W/g, '\\$&')} until (\\d+)`);
  for (const fields of locks) {
    for (const entries of [fields.sessions, fields.leases]) {
      const match = typeof entries === 'string' ? pattern.exec(entries) : null;
      if (match) return Number(match[1]);
    }
  }
  return null;
}

function lastIndex<T>(items: readonly T[], test: (item: T, index: number) => boolean): number {
  for (let i = items.length - 1; i >= 0; i--) if (test(items[i]!, i)) return i;
  return -1;
}
