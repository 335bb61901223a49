// The running world: every party's logic and state, its clock, its own random stream, whether it
// is paused or down, and the events a paused party has not processed yet.
// Invariant: a paused party processes nothing; what reaches it waits, in arrival order, and is
// processed when it resumes. A down party loses what reaches it.

import type { ClockSpec } from '../core/scenario';
import type { PartyInfo, PartyView } from '../core/trace';
import type { Message, PartyLogic } from '../core/party';
import type { Scheduled } from './queue';
import { NodeClock, type TimerClock } from './clock';
import { createRng, type Rng } from './rng';

/** What the scheduler can have pending; every kind is processed by exactly one party. */
export type Pending =
  | { type: 'action'; index: number }
  /** `renewal`: a client's renewal's index in the run's RenewalLog (a quiet message). */
  | { type: 'deliver'; messageId: number; to: string; msg: Message & { from: string }; renewal?: number }
  /** deadlineMs is on the party's timer clock: a jump moves it only where that is the wall clock. */
  | { type: 'timer'; party: string; id: string; event: Message; deadlineMs: number }
  | { type: 'self'; party: string; event: Message }
  | { type: 'resume'; party: string }
  | { type: 'restart'; party: string };

/** An event held by a paused party, with the message it came in on, if any. */
export interface Buffered {
  event: Message;
  messageId?: number;
}

export class PartyRuntime {
  state: unknown;
  view: PartyView;
  paused = false;
  down = false;
  buffer: Buffered[] = [];
  timers = new Map<string, Scheduled<Pending>>();
  /** Its clock and random stream: set once here, or replaced by copy(). */
  clock: NodeClock;
  rng: Rng;

  constructor(
    readonly info: PartyInfo,
    readonly logic: PartyLogic<unknown>,
    clock: ClockSpec | undefined,
    seed: number,
    /** The clock the party reads and times on (a real server's leases: monotonic). */
    readonly timerClock: TimerClock = 'wall',
  ) {
    this.clock = new NodeClock(clock);
    this.rng = createRng(seed, `party:${info.id}`);
    this.state = undefined;
    this.view = { state: '', paused: false, down: false, fields: {} };
  }

  /**
   * An independent party in the same state (a checkpoint's copy). Logic states and views are
   * immutable values and are shared; `entryOf` maps each pending timer entry to the queue entry
   * the copy's scheduler holds for it.
   */
  copy(entryOf: (entry: Scheduled<Pending>) => Scheduled<Pending>): PartyRuntime {
    const party = new PartyRuntime(this.info, this.logic, undefined, 0, this.timerClock);
    party.clock = this.clock.copy();
    party.rng = this.rng.copy();
    party.state = this.state;
    party.view = this.view;
    party.paused = this.paused;
    party.down = this.down;
    party.buffer = [...this.buffer];
    party.timers = new Map([...this.timers].map(([id, entry]) => [id, entryOf(entry)]));
    return party;
  }

  /** The party's own time at true time `trueMs`: what its logic reads as `env.nowMs`. */
  now(trueMs: number): number {
    return this.clock.readAt(this.timerClock, trueMs);
  }

  /** The card view of the current state, reusing the previous object when nothing changed. */
  refreshView(): PartyView {
    const { state, fields } = this.logic.view(this.state);
    const prev = this.view;
    const same =
      prev.state === state && prev.paused === this.paused && prev.down === this.down && sameFields(prev.fields, fields);
    if (!same) this.view = { state, paused: this.paused, down: this.down, fields };
    return this.view;
  }
}

function sameFields(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) if (a[k] !== b[k]) return false;
  return true;
}
