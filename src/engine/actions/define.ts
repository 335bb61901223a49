// What one kind of timed action is, in one object (see kinds.ts for all of them): its fields, which
// the scenario format checks and the lab's forms offer; how the engine runs it; its words; how it
// carries to another strategy; why adding it at a step would change nothing; and how a random
// workload draws it. Invariant: a definition is plain data and pure functions; nothing here runs
// on import.

import type { Action, ActionType, Scenario } from '../core/scenario';
import type { PartyKind, Step, Trace } from '../core/trace';
import type { Rng } from '../kernel/rng';
import type { ActionWorld } from './world';

/** The action of kind `T`, with its time. */
type ActionOf<T extends ActionType> = Extract<Action, { type: T }>;

/** The action of kind `T` without its time: what the lab's form builds, before the store times it. */
type NewActionOf<T extends ActionType> = Omit<ActionOf<T>, 'atMs'>;

/** The names of kind `T`'s own fields (beside `atMs` and `type`). */
type FieldName<T extends ActionType> = Exclude<keyof ActionOf<T>, 'atMs' | 'type'> & string;

/**
 * What a field holds, which says how the scenario format checks it and how the lab's form asks:
 * - `client`: one of the scenario's clients;
 * - `server`: one of the strategy's parties that is not a client;
 * - `party`: any of the strategy's parties;
 * - `otherParty`: any party but the one field `otherThan` names;
 * - `ms`: whole milliseconds, 0 … LIMITS.timeMs;
 * - `optionalMs`: absent, or whole milliseconds 1 … LIMITS.timeMs;
 * - `signedMs`: whole milliseconds, −LIMITS.timeMs … LIMITS.timeMs;
 * - `text`: up to ACTION_TEXT_CHARS characters.
 */
type FieldKind = 'client' | 'server' | 'party' | 'otherParty' | 'ms' | 'optionalMs' | 'signedMs' | 'text';

/** The longest text a `text` field holds (a write's value). */
export const ACTION_TEXT_CHARS = 40;

export interface ActionField<N extends string = string> {
  name: N;
  kind: FieldKind;
  /** An `otherParty` field: the field whose party it may not be. */
  otherThan?: N;
  /** Its label in the lab's forms ("For (ms, empty = until resumed)"). */
  label: string;
  /** What the form to add one starts with; absent: a party field's preferred or first choice, else ''. */
  initial?: string;
  /** A party field: the form offers the first party of this kind until the user chooses. */
  prefer?: PartyKind;
  /** False where editing the action in place does not offer the field (a write's value). */
  editable?: false;
}

/**
 * How an action carries to another strategy (comparison/carry.ts), whose parties may differ:
 * - `kept`: as it is (it names only clients, which every strategy has the same of, or nobody);
 * - `party`: its one party field is mapped by role (LockService to ZooKeeper, to each Redis master);
 * - `link`: its two ends are mapped by role, one action per pair of parties they map to.
 */
export type CarryShape<N extends string> =
  { by: 'kept' } | { by: 'party'; field: N } | { by: 'link'; ends: readonly [N, N] };

/** What a random workload (workload/random.ts) hands a kind to draw one of it. */
interface WorkloadDraw {
  /** When it happens (ms). */
  atMs: number;
  /** Its number in the workload, for a value that names it (`v12`). */
  index: number;
  /** The client drawn for this action (every action draws one, whether it uses it or not). */
  client: string;
  /** The workload's random stream: each kind draws from it in a fixed order. */
  rng: Rng;
  /** One of `items`, drawn from rng. */
  pick<T>(items: readonly T[]): T;
  /** The workload's servers (the lock service and the store). */
  servers: readonly string[];
  /** Its store. */
  store: string;
  /** Every party: the servers, then the clients. */
  parties: readonly string[];
}

/**
 * How a random workload draws a kind. A workload draws each action in two rounds: a roll in [0, 1)
 * says whether it is a command (below 0.8, or always when faults are off) or a fault; a command is
 * then chosen by a whole number 0 … 9. `band` is the part of that draw that picks this kind:
 * [from, to) of the whole number for a command, of the roll in hundredths for a fault. The bands of
 * each round tile it exactly (kinds.test.ts holds them to it).
 */
interface RandomDraw<T extends ActionType> {
  among: 'commands' | 'faults';
  band: readonly [from: number, to: number];
  /** The actions to add: one of its kind, and what it schedules with it (a cut, its heal), drawing
   * from `draw.rng` only. */
  make(draw: WorkloadDraw): [ActionOf<T>, ...Action[]];
}

/** A step of a run, as a form sees it before it adds an action there. */
export interface AtStep {
  trace: Pick<Trace, 'parties'> & { scenario: Pick<Scenario, 'strategy'> };
  snapshots: Step['snapshots'];
}

export interface ActionKind<T extends ActionType> {
  type: T;
  /** What the lab's form calls it in its list of what can happen ("Pause a client (GC pause)"). */
  label: string;
  /** Its fields, in the order a file and the form give them. */
  fields: readonly ActionField<FieldName<T>>[];
  /** The action in a sentence, for the list of timed actions and the timeline's marks. */
  describe(action: NewActionOf<T>): string;
  /** What a note about a carried action calls it ("the forced expiry at 800 ms"). */
  noun: string;
  /**
   * Runs it at `world.nowMs` (its atMs). A party it names exists: validation checked it.
   * @throws Error for a party the strategy does not have (an unvalidated scenario)
   */
  run(world: ActionWorld, action: ActionOf<T>): void;
  /** How long it goes on after atMs (ms): a pause's length, a crash's time down. Absent: 0. */
  lastsMs?(action: ActionOf<T>): number;
  carry: CarryShape<FieldName<T>>;
  /** Why adding it at `at` would change nothing (a sentence), or null. Absent: it always may. */
  noEffect?(action: NewActionOf<T>, at: AtStep): string | null;
  /** Absent: random workloads never draw it (a heal comes with its cut, a resume with its pause). */
  random?: RandomDraw<T>;
}

/** `kind`, typed by its own `type`: each kinds file's one export goes through it. */
export const defineAction = <T extends ActionType>(kind: ActionKind<T>): ActionKind<T> => kind;
