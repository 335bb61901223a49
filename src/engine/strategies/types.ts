// What a strategy is: which parties it has, given the effective knobs, its name and knobs, and
// (apart, in StrategyAbout) the sentences the lab says about it. The parties' behaviour (their machines) is the strategy's model, in ../models, loaded
// only by what runs a scenario. Invariant: a strategy is data; the scheduler knows nothing about
// any particular strategy.

import type { CheckMode, Knobs, TokenSource } from '../core/scenario';
import type { PartyInfo } from '../core/trace';
import type { PartyLogic } from '../core/party';
import type { KnownStrategyId, RetryPolicy, StopPolicy } from '../core/defaults';
import type { RetryChoice } from './retry';
import type { TimerClock } from '../kernel/clock';

export interface PartySpec {
  info: PartyInfo;
  logic: PartyLogic<unknown>;
  /** The clock the party times on (default: its wall clock, which a clock jump steps). */
  timerClock?: TimerClock;
}

export interface StrategyDef {
  id: KnownStrategyId;
  name: string;
  /** The knobs this strategy defines; a scenario may still override them (keepalive: on where
   * the system's client always renews, Redisson's watchdog). */
  defaults: Pick<Knobs, 'tokenSource' | 'check'> & Partial<Pick<Knobs, 'keepalive'>>;
  /** The party that "expire the lease now" addresses. */
  lockAuthority: string;
  /** Every party "expire the lease now" addresses, where there are several (Redlock's masters). */
  lockAuthorities?: readonly string[];
  /** The parties that together are the lock authority, where there are several and they are not
   * all addressed by "expire the lease now" (the journal nodes); absent: lockAuthorities, or
   * lockAuthority alone. A what-if carried from another strategy reaches each of them. */
  authorityParties?: readonly string[];
  /** The knob values this strategy models; absent means the generic ones (see GENERIC_CHOICES). */
  choices?: { tokenSource?: readonly TokenSource[]; check?: readonly CheckMode[] };
  /**
   * What the lease length knob sets in this system, as a field label ("Session timeout (ms)");
   * absent means "Lease length (ms)", null that the system has no lease and the knob is hidden.
   */
  leaseKnob?: string | null;
  /** Whether the lockDelayMs knob means something here, and what a scenario that leaves it out
   * gets: as long as the lease (Chubby), or none (the generic lock service, as Consul's). */
  lockDelay?: 'lease' | 'none';
  /** Whether the keepalive and leaseGraceFactor knobs mean something here (the generic lock
   * service; the real systems' clients always keep their sessions alive). */
  hasRenewalKnobs?: boolean;
  /** Whether its clients can fence the store when they take the lock (knob `fenceAtTakeover`, and
   * the `equal` check that needs it): the generic strategies' clients. */
  fencesAtTakeover?: boolean;
  /** Where the retry knobs mean something (Redlock's client gives up after its retries; the
   * others wait or ask again until answered): what a scenario that leaves them out gets, and the
   * client libraries' defaults the pickers offer. */
  retry?: { defaults: Readonly<RetryPolicy>; choices: readonly RetryChoice[] };
  /** What a client the `stopActing` knob leaves out gets; absent: DEFAULT_STOP_POLICY (`lost`).
   * Redisson's watchdog never tells its holder (`never`). */
  defaultStopPolicy?: StopPolicy;
  /** False where the stop policies do not apply (a QJM writer has no lease to lose). */
  hasStopPolicy?: boolean;
  /**
   * The timers its parties set beyond the lease, the lock-delay and the retries (ms), by what they
   * time (a QJM writer's write timeout, ZooKeeper's container check): when a run stops counts each.
   */
  ownTimersMs?: (knobs: Knobs) => Readonly<Record<string, number>>;
  /**
   * The parties a run of this strategy has, in the order the trace lists them, from the effective
   * knobs and the client ids. Its model (../models) builds these same parties with their logic.
   */
  parties(knobs: Knobs, clients: string[]): PartyInfo[];
}

/**
 * What the lab says about a strategy, in sentences: its panel in the lab, the comparison and the
 * recordings show them; the embed shows none, and so loads none (./about.ts).
 */
export interface StrategyAbout {
  /** One or two sentences: how it works and whether it stops a zombie. */
  summary: string;
  /** One sentence on what the model leaves out or simplifies. */
  simplification: string;
  /** One sentence: which clock each of its timers runs on, and what a wall-clock step does there
   * (shared/domain.md, "Which clock a timer uses"). */
  timers: string;
  /**
   * What the token source choices are in this system's own terms (ZooKeeper's durable counter is
   * the lock node's czxid); absent ones keep the generic words.
   */
  sourceWords?: Partial<Record<TokenSource, { label: string; explain: string }>>;
  /** A sentence the comparison table adds where a plain yes or no would hide something. */
  caveat?: string;
  /** A sentence on how its client keeps a grant alive (heartbeats, keepalives), said where a
   * comparison row's lock never changed hands because the holder still held it; absent: its
   * clients do not renew. A function where the renewal period is the `renewEveryMs` knob: given
   * the run's period in words ("10 s", "333 ms"), it says the sentence with it. */
  keptAlive?: string | ((every: string) => string);
  /** What the system's own authors answer to the model's verdict, and how far the answer goes,
   * said beside the sources (Redlock's: a store can check the random value, not order it);
   * absent: the model's verdict is not disputed. */
  disputed?: string;
  /** The real server its runs were recorded on (the Real servers view: the model's run beside the
   * server's), or null where the lab has none to run (Chubby, HDFS) or nothing to record (the
   * article's generic patterns): modelled from the sources alone. */
  recordedOn: string | null;
  /** Where the model's behaviour comes from, for an engineer to check (shared/domain.md's source
   * key): the system's documents and code, papers, analyses. A source with no url is a book. */
  sources: readonly { title: string; url?: string }[];
}

/**
 * A strategy's model: its parties with their logic (machines), built for the effective knobs and
 * the client ids, in the order the strategy's `parties()` lists them for the same knobs. What
 * "model" means everywhere in the lab; ../models has one per strategy.
 */
export type Model = (knobs: Knobs, clients: string[]) => PartySpec[];

/**
 * The models a simulator runs, by strategy id: it runs a scenario only under a strategy it was
 * given the model of (../models/all.ts has every one; ../models/loaders.ts fetches them one by one).
 */
export type Models = Readonly<Partial<Record<KnownStrategyId, Model>>>;
