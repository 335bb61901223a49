// The scenario: the document a user edits, shares and exports. Everything else (the trace, the
// views) is derived from it by simulate(). Invariant: a Scenario value that passed
// validateScenario() can be simulated without throwing.

import type { StepKind } from './vocabulary';
import type { BLOB_STORES, CHECK_MODES, SECOND_RESOURCES, SIDE_EFFECTS, StopPolicy, TOKEN_SOURCES } from './defaults';

export const SCENARIO_FORMAT = 'fencelab.scenario';
export const SCENARIO_VERSION = 1;

/** A strategy's id as a file stores it; validation holds it to STRATEGY_IDS (core/defaults.ts). */
export type StrategyId = string;

/**
 * Where the lock service's tokens come from (the article's "issue" obligation and its pitfalls):
 * - `durable-counter`: persisted before the reply, so it survives restarts;
 * - `resetting-counter`: kept in memory, so a restart starts it again from firstToken (ZooKeeper
 *   and etcd give this value their own meaning: see docs/scenario-format.md);
 * - `uuid`: a random value, unique but carrying no order;
 * - `wall-clock`: the lock service's clock in ms, which skew, jumps and ties break;
 * - `none`: a plain lease, nothing to carry.
 */
export type TokenSource = (typeof TOKEN_SOURCES)[number];

/**
 * How a resource compares an incoming token with max_seen (the "compare" obligation):
 * - `reject-le`: the article's rule, reject token <= max_seen;
 * - `reject-lt`: published practice, reject token < max_seen, so equal tokens pass;
 * - `token-seq`: (token, per-write seq) compared as a pair with <=;
 * - `equal`: accepted only if the token equals the current holder's, which the store was given
 *   when the lock changed hands (Flink's fenced endpoints); implies `fenceAtTakeover`;
 * - `validity`: the data lives in the lock service, and a write succeeds only while its grant is current;
 * - `none`: the resource trusts the client.
 */
export type CheckMode = (typeof CHECK_MODES)[number];

/** What kind of blob store `Storage` is, when it is one (Knobs.blobStore). */
export type BlobStore = (typeof BLOB_STORES)[number];

export interface Knobs {
  tokenSource: TokenSource;
  check: CheckMode;
  leaseTtlMs: number;
  /**
   * Lock-delay, in ms: after a holder's lease or session ends without a release, nobody may take
   * the lock for this long. Chubby: up to a minute beside a session lease of about 12 s (Burrows
   * §2.4); absent there, as long as the lease. The generic lock service: Consul's lock-delay
   * (default 15 s in Consul); absent there, none. Other systems have none and ignore it.
   */
  lockDelayMs?: number;
  /**
   * The generic lock service ends a lease this many leases after its last renewal instead of one
   * (Consul keeps a session up to twice its TTL). Absent: 1. Other systems ignore it.
   */
  leaseGraceFactor?: number;
  /**
   * The generic strategies' clients renew their lease every third of it while they hold the lock
   * (a keepalive, Redisson's watchdog). Absent: false, one lease per grant. The real systems'
   * clients always keep their sessions alive and ignore it.
   */
  keepalive?: boolean;
  /**
   * How often (ms) those clients renew while keepalive is on: 1 ms up to the lease. Absent: a
   * third of the lease, rounded down (Redisson's watchdog: 10 s of 30 s; Hazelcast's CP session
   * heartbeat is 5 s of a 300 s session). The real systems' clients ignore it.
   */
  renewEveryMs?: number;
  /** When each client's application stops acting on the lock; absent clients: `lost`. */
  stopActing?: Partial<Record<string, StopPolicy>>;
  /**
   * The generic strategies' clients check their lease by their own clock right before each write
   * (a `lease.checked` step) and send it only if the lease has time left; the send is a step of
   * its own, so a pause can fall between the check and the send. Absent: false, no check step.
   * The real systems' clients ignore it.
   */
  checkLeaseBeforeWrite?: boolean;
  /**
   * The generic strategies: a client that takes the lock first fences `Storage` with its token
   * (max_seen raised to it, or under `equal` made the current token) and sends no write until the
   * store has answered, so a stale write that arrives before the new holder's first write is
   * refused (Temporal's shard `range_id`, Kafka's broker epoch). Absent: false, the store learns
   * a token from the first write that carries it; `check: 'equal'` fences regardless.
   */
  fenceAtTakeover?: boolean;
  /**
   * What `Storage` is: absent, a store that checks tokens itself (`check`); `plain-put`, a blob
   * store with no conditional write, which overwrites whatever arrives and cannot compare tokens;
   * `if-match`, a blob store fronted by conditional writes: the front keeps max_seen in the
   * object's metadata, compares with `check`, and puts If-Match the version it read.
   */
  blobStore?: BlobStore;
  /**
   * Redlock: how many more times a client tries for the lock after a failed try before it gives
   * up (node-redlock's retryCount). Absent: the strategy's default (strategies/retry.ts). Other
   * systems' clients wait or ask again until answered, and ignore it, as they do the two below.
   */
  retryCount?: number;
  /** Redlock: the base wait in ms between a failed try and the next (absent: the strategy's). */
  retryDelayMs?: number;
  /** Redlock: a random extra wait of 0 … retryJitterMs − 1 ms on top of retryDelayMs, drawn from
   * the client's random stream; 0 means none (absent: the strategy's). */
  retryJitterMs?: number;
  /** The first token the lock service issues (the article: 33). */
  firstToken: number;
  /** max_seen at the resource before anything happens (the article: 32). */
  initialMaxSeen: number;
  /** Whether the resource's max_seen survives its own restart. */
  maxSeenDurable: boolean;
  /** A second store written by the same operation: absent, or present and not checking tokens. */
  secondResource: (typeof SECOND_RESOURCES)[number];
  /** An action outside the fence taken with every write. */
  sideEffect: (typeof SIDE_EFFECTS)[number];
}

/** Knobs a scenario may leave out with no base value: each system says what absent means. */
export type OptionalKnob =
  | 'lockDelayMs'
  | 'leaseGraceFactor'
  | 'keepalive'
  | 'renewEveryMs'
  | 'stopActing'
  | 'checkLeaseBeforeWrite'
  | 'fenceAtTakeover'
  | 'blobStore'
  | 'retryCount'
  | 'retryDelayMs'
  | 'retryJitterMs';

export interface NetworkSpec {
  latencyMsMin: number;
  latencyMsMax: number;
  /** Probability in [0, 1) that a message is lost. */
  dropRate: number;
}

export interface ClockSpec {
  offsetMs: number;
  /** Rate error in parts per million: +1000 runs 0.1% fast. */
  driftPpm: number;
}

interface ActionBase {
  atMs: number;
}

/**
 * A timed action: at `atMs`, a command to a client or a fault the engine brings about. Each type is
 * defined, with its fields, how it runs, its words and its form, in src/engine/actions/<type>.ts.
 */
export type Action = ActionBase &
  (
    | { type: 'acquire'; client: string }
    | { type: 'write'; client: string; value: string }
    | { type: 'release'; client: string }
    | { type: 'pause'; client: string; durationMs?: number }
    | { type: 'resume'; client: string }
    | { type: 'expireLease' }
    | { type: 'crash'; party: string; restartAfterMs?: number }
    | { type: 'restart'; party: string }
    | { type: 'partition'; a: string; b: string }
    | { type: 'heal'; a: string; b: string }
    | { type: 'delay'; from: string; to: string; extraMs: number }
    | { type: 'clockJump'; party: string; deltaMs: number }
  );

export type ActionType = Action['type'];

/** An action without its time: what the lab's form makes, before the store times it at the cursor. */
export type NewAction = { [T in ActionType]: Omit<Extract<Action, { type: T }>, 'atMs'> }[ActionType];

/** Names a trace step: the first step after the previous label that matches every given field. */
export interface StepLabel {
  label: string;
  kind: StepKind;
  party?: string;
  client?: string;
  token?: number | string;
  /** On a `write.accepted` or `write.rejected` label: the step may be either verdict on that
   * client's write (a scenario carried to another strategy, whose store may decide otherwise). */
  anyVerdict?: true;
  /** On a write label: the write was (true) or was not (false) a stale holder's, as the run's
   * oracle judges it (Step.write.stale: a newer grant had superseded the writer's when the store
   * decided). A label that says "stale" names only a stale write, under every strategy it is
   * carried to; where the write is not stale there, it labels nothing. */
  stale?: boolean;
}

export interface Scenario {
  format: typeof SCENARIO_FORMAT;
  version: typeof SCENARIO_VERSION;
  name: string;
  description?: string;
  seed: number;
  strategy: StrategyId;
  /** Overrides of the strategy's defaults; absent knobs take the strategy's value. */
  knobs: Partial<Knobs>;
  clients: number;
  network: NetworkSpec;
  clocks: Record<string, ClockSpec>;
  /** The simulation stops at this virtual time; absent means "when nothing is left to do". */
  durationMs?: number;
  actions: Action[];
  labels: StepLabel[];
}
