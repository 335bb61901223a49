// Every default and every list of choices a scenario has, defined once. The validator, the
// presets, the strategies and the UI's pickers all read them from here.
// Invariant: a scenario that leaves a field out means exactly the value written here.

import type { Knobs, NetworkSpec, OptionalKnob } from './scenario';

/** Where the lock service's tokens come from, in the order the pickers offer them. What each
 * means under each system is in docs/scenario-format.md. */
export const TOKEN_SOURCES = ['durable-counter', 'resetting-counter', 'uuid', 'wall-clock', 'none'] as const;

/** How a resource compares an incoming token with its max_seen, in the order the pickers offer them. */
export const CHECK_MODES = ['reject-le', 'reject-lt', 'token-seq', 'equal', 'validity', 'none'] as const;

/** The checks a store fenced at takeover can keep (Knobs.fenceAtTakeover): the fence raises
 * max_seen to the new holder's own token, so the check must let that token through again. */
export const TAKEOVER_CHECKS = [
  'reject-lt',
  'token-seq',
  'equal',
] as const satisfies readonly (typeof CHECK_MODES)[number][];

export const SECOND_RESOURCES = ['none', 'unchecked'] as const;

/** What kind of blob store `Storage` may be (Knobs.blobStore): one with plain puts only, or one
 * fronted by conditional (If-Match) writes. */
export const BLOB_STORES = ['plain-put', 'if-match'] as const;

/**
 * When a holder's application stops acting on the lock (shared/domain.md, "When the application
 * stops acting"), in the order the pickers offer them:
 * - `lost`: when its lock library says the lease or session is lost (the default);
 * - `first-doubt`: at the first sign of trouble, a heartbeat or renewal that goes unanswered
 *   (Curator's SUSPENDED);
 * - `renew-deadline`: a third of the lease before the library's own estimate of its end, unless
 *   renewed by then (client-go's renewDeadline, 10 s of a 15 s lease);
 * - `never`: only when it releases (a plain mutex, Redisson's watchdog): a lost lease is not told.
 */
export const STOP_POLICIES = ['lost', 'first-doubt', 'renew-deadline', 'never'] as const;
export type StopPolicy = (typeof STOP_POLICIES)[number];
export const DEFAULT_STOP_POLICY: StopPolicy = 'lost';

/**
 * The lock-delay (ms) a run has: the knob, or what leaving it out means in its system, as long as
 * the lease (`lease`: Chubby) or none (`none`: the generic lock service).
 */
export const lockDelayMsOf = (knobs: Pick<Knobs, 'lockDelayMs' | 'leaseTtlMs'>, absent: 'lease' | 'none'): number =>
  knobs.lockDelayMs ?? (absent === 'lease' ? knobs.leaseTtlMs : 0);

/** The stop policy of `client` under these knobs. */
export const stopPolicyOf = (knobs: Pick<Knobs, 'stopActing'>, client: string): StopPolicy =>
  knobs.stopActing?.[client] ?? DEFAULT_STOP_POLICY;
export const SIDE_EFFECTS = ['none', 'email'] as const;

/** How a client tries again after a failed try for the lock (Redlock's retry knobs): `retryCount`
 * more tries at most after the first, each `retryDelayMs` plus 0 … `retryJitterMs` − 1 ms (none
 * when 0) after the previous one failed. */
export interface RetryPolicy {
  retryCount: number;
  retryDelayMs: number;
  retryJitterMs: number;
}

/** The retry knobs, in the order the pickers show them. */
export const RETRY_KNOBS = ['retryCount', 'retryDelayMs', 'retryJitterMs'] as const satisfies readonly (keyof Knobs &
  keyof RetryPolicy)[];

/** The policy a run has: each knob, or the strategy's default where the scenario leaves it out. */
export const retryPolicyOf = (knobs: Partial<RetryPolicy>, defaults: Readonly<RetryPolicy>): RetryPolicy => ({
  retryCount: knobs.retryCount ?? defaults.retryCount,
  retryDelayMs: knobs.retryDelayMs ?? defaults.retryDelayMs,
  retryJitterMs: knobs.retryJitterMs ?? defaults.retryJitterMs,
});

/** The wait before a retry, from one draw `rand` of the client's random stream. */
export const retryWaitMs = (policy: RetryPolicy, rand: number): number =>
  policy.retryDelayMs + (policy.retryJitterMs > 0 ? rand % policy.retryJitterMs : 0);

/** Every strategy's id, as scenario files and links store it; strategies/registry.ts orders them
 * for the comparison. */
export const STRATEGY_IDS = [
  'lease-trust',
  'redlock',
  'zookeeper',
  'etcd',
  'fencing',
  'chubby',
  'qjm',
  'redis-watchdog',
  'k8s-lease',
] as const;
export type KnownStrategyId = (typeof STRATEGY_IDS)[number];

/** The id of a strategy a validated scenario or a trace names.
 * @throws Error for an id no strategy has (a scenario that skipped validation). */
export function strategyIdOf(id: string): KnownStrategyId {
  const known = STRATEGY_IDS.find((s) => s === id);
  if (!known) throw new Error(`unknown strategy "${id}"`);
  return known;
}

/** The network-timing seed a scenario gets when it names none. */
export const DEFAULT_SEED = 7;
export const DEFAULT_CLIENTS = 2;
export const DEFAULT_NETWORK: Readonly<NetworkSpec> = { latencyMsMin: 2, latencyMsMax: 8, dropRate: 0 };

/** Knobs every strategy shares, before the strategy's own defaults and the scenario's overrides.
 * The article's race: the first grant is token 33 and the store has seen 32. */
export const BASE_KNOBS: Readonly<Omit<Knobs, 'tokenSource' | 'check' | OptionalKnob>> = {
  leaseTtlMs: 1000,
  firstToken: 33,
  initialMaxSeen: 32,
  maxSeenDurable: true,
  secondResource: 'none',
  sideEffect: 'none',
};

/**
 * How often a holder's heartbeat goes (ZooKeeper pings, etcd keepalives, Chubby KeepAlives, the
 * generic client's renewals): every third of its lease or session timeout, in ms, and never less
 * than 1 ms, so a 1 or 2 ms lease cannot make a timer that fires again at the same instant forever.
 */
export const heartbeatEveryMs = (leaseMs: number): number => Math.max(1, Math.floor(leaseMs / 3));

/** How often a generic client renews its lease (ms): the `renewEveryMs` knob, or, absent, every
 * third of the lease (heartbeatEveryMs), as Redisson's watchdog does (10 s of its 30 s). */
export const renewEveryMsOf = (knobs: Pick<Knobs, 'renewEveryMs' | 'leaseTtlMs'>): number =>
  knobs.renewEveryMs ?? heartbeatEveryMs(knobs.leaseTtlMs);
