// What a timed action may touch of a run (simulate.ts's Run implements it), and the two ways a
// party comes back that both an action and the scheduler's own pending events use. Invariant: as
// simulate.ts, no wall time or host randomness, so the same scenario gives the same trace.

import type { Message, Note } from '../core/party';
import type { EventQueue } from '../kernel/queue';
import type { Network } from '../kernel/network';
import type { PartyRuntime, Pending } from '../kernel/world';

export interface ActionWorld {
  /** Virtual time now (ms). */
  readonly nowMs: number;
  readonly queue: EventQueue<Pending>;
  readonly network: Network;
  /** The parties a lease can be expired at (one lock service, or each of a quorum). */
  readonly lockAuthorities: readonly string[];
  /** @throws Error for a party the strategy does not have */
  party(id: string): PartyRuntime;
  /** Hands an event to a party, or holds it while the party is paused. */
  dispatch(party: PartyRuntime, event: Message, messageId?: number): void;
  /** One transition of the party's logic, its effects and its steps. */
  process(party: PartyRuntime, event: Message, messageId?: number): void;
  /** A step the engine takes for a party. */
  engineStep(party: PartyRuntime, note: Note, messageId?: number): void;
}

/** A paused party goes on: one step, then the events it held, in order. */
export function resumeParty(run: ActionWorld, party: PartyRuntime): void {
  if (!party.paused) return;
  party.paused = false;
  run.engineStep(party, { kind: 'client.resumed' });
  const held = party.buffer.splice(0);
  for (const { event, messageId } of held) {
    if (party.paused) {
      party.buffer.push(messageId === undefined ? { event } : { event, messageId });
      continue;
    }
    run.process(party, event, messageId);
  }
}

/** A crashed party comes back up (its logic decides what it keeps). */
export function restartParty(run: ActionWorld, party: PartyRuntime): void {
  if (!party.down) return;
  party.down = false;
  run.process(party, { type: 'node.restart' });
}

/** After a clock jump, every pending timer fires when the party's new clock reaches it. */
export function rearmTimers(run: ActionWorld, party: PartyRuntime): void {
  for (const [id, old] of [...party.timers]) {
    // The deadline was fixed in local time when armed; the jump moved local time under it.
    const item = old.item as Extract<Pending, { type: 'timer' }>;
    party.timers.set(id, run.queue.push(party.clock.trueTimeAt(item.deadlineMs, run.nowMs), item));
  }
}
