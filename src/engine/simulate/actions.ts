// The scenario's actions, as the scheduler runs them: a command to a client (acquire, write,
// release), a fault the engine itself brings about (a pause, a crash, a partition, a delayed
// message, a clock jump, a lease expired now), and a paused or crashed party coming back. Each
// acts on the run only through ActionWorld (Run, in simulate.ts). Invariant: as simulate.ts, no
// wall time or host randomness, so the same scenario gives the same trace.

import type { Action } from '../core/scenario';
import type { Message, Note } from '../core/party';
import type { EventQueue } from '../kernel/queue';
import type { Network } from '../kernel/network';
import type { PartyRuntime, Pending } from '../kernel/world';

/** What an action may touch of a run (Run implements it). */
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

export function runAction(run: ActionWorld, action: Action): void {
  switch (action.type) {
    case 'acquire':
      return run.dispatch(run.party(action.client), { type: 'cmd.acquire' });
    case 'write':
      return run.dispatch(run.party(action.client), { type: 'cmd.write', value: action.value });
    case 'release':
      return run.dispatch(run.party(action.client), { type: 'cmd.release' });
    case 'expireLease':
      for (const id of run.lockAuthorities) run.dispatch(run.party(id), { type: 'lease.expireNow' });
      return;
    case 'pause': {
      const client = run.party(action.client);
      if (client.paused) return;
      client.paused = true;
      run.engineStep(client, {
        kind: 'client.paused',
        ...(action.durationMs ? { detail: { durationMs: action.durationMs } } : {}),
      });
      if (action.durationMs) run.queue.push(run.nowMs + action.durationMs, { type: 'resume', party: action.client });
      return;
    }
    case 'resume':
      return resumeParty(run, run.party(action.client));
    case 'crash': {
      const party = run.party(action.party);
      if (party.down) return;
      party.down = true;
      party.timers.clear();
      run.process(party, { type: 'node.crash' });
      if (action.restartAfterMs)
        run.queue.push(run.nowMs + action.restartAfterMs, { type: 'restart', party: action.party });
      return;
    }
    case 'restart':
      return restartParty(run, run.party(action.party));
    case 'partition':
      run.network.partition(action.a, action.b);
      return run.engineStep(run.party(action.a), { kind: 'network.partitioned', parties: [action.b] });
    case 'heal':
      run.network.heal(action.a, action.b);
      return run.engineStep(run.party(action.a), { kind: 'network.healed', parties: [action.b] });
    case 'delay':
      run.network.delayNext(action.from, action.to, action.extraMs);
      return run.engineStep(run.party(action.from), {
        kind: 'network.delayArmed',
        parties: [action.to],
        detail: { extraMs: action.extraMs },
      });
    case 'clockJump': {
      const party = run.party(action.party);
      party.clock.jump(action.deltaMs);
      // A party that times on a monotonic clock does not see the step: its timers stand.
      if (party.timerClock === 'wall') rearmTimers(run, party);
      const monotonic = party.timerClock === 'monotonic' ? { timerClock: 'monotonic' } : {};
      return run.engineStep(party, { kind: 'clock.jumped', detail: { deltaMs: action.deltaMs, ...monotonic } });
    }
  }
}

/** After a clock jump, every pending timer fires when the party's new clock reaches it. */
function rearmTimers(run: ActionWorld, party: PartyRuntime): void {
  for (const [id, old] of [...party.timers]) {
    // The deadline was fixed in local time when armed; the jump moved local time under it.
    const item = old.item as Extract<Pending, { type: 'timer' }>;
    party.timers.set(id, run.queue.push(party.clock.trueTimeAt(item.deadlineMs, run.nowMs), item));
  }
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
