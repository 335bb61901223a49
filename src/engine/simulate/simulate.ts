// The discrete-event scheduler behind every run (a Simulator, simulator.ts, is how a caller runs
// one). It owns virtual time (integer ms), pops events in (time, sequence) order, hands each to one
// party's pure logic, and executes the effects that logic returns as data: messages through the
// network, timers on the party's own clock, notes into the trace. Invariant: the trace is a
// function of the scenario and its strategy's model alone; nothing here reads wall time or host
// randomness, so the same scenario gives the same trace, byte for byte. The parties' logic comes
// from the model the run is given; the scenario's own actions (commands and faults) are run by
// their definitions (../actions); its options and horizon (when a run stops) are options.ts's.

import type { Scenario } from '../core/scenario';
import type { EndedWaiting, PartyView, Trace } from '../core/trace';
import { TRACE_FORMAT, TRACE_VERSION } from '../core/trace';
import type { Effect, Message, Note } from '../core/party';
import { EventQueue, type Scheduled } from '../kernel/queue';
import { Network } from '../kernel/network';
import { PartyRuntime, type Pending } from '../kernel/world';
import { Recorder } from '../trace/recorder';
import type { RunCheckpoint } from './checkpoint';
import { RenewalLog } from './renewals';
import { runAction } from '../actions/kinds';
import { restartParty, resumeParty, type ActionWorld } from '../actions/world';
import { effectiveKnobs, findStrategy, modelOf } from '../strategies/registry';
import { clientIds } from '../core/parties';
import type { Model, Models, StrategyDef } from '../strategies/types';
import {
  DEFAULT_EVENT_BUDGET,
  DEFAULT_MAX_STEPS,
  PROGRESS_EVERY,
  horizonOf,
  lastActivityMs,
  type SimulateOptions,
} from './options';

export { DEFAULT_EVENT_BUDGET, DEFAULT_MAX_STEPS, horizonOf, type SimulateOptions } from './options';

/** The message id of a quiet message, which has no record in the trace. */
const QUIET = -1;

/** One run of a scenario, from the start or from a checkpoint: run() returns its trace. */
export class Run {
  private queue = new EventQueue<Pending>();
  private readonly parties = new Map<string, PartyRuntime>();
  private readonly network: Network;
  private readonly recorder: Recorder;
  private readonly knobs;
  private readonly lockAuthorities: readonly string[];
  /** The strategy's model this run builds its parties with (a checkpoint keeps it: resume()). */
  private readonly model: Model;
  private readonly maxSteps: number;
  private nowMs = 0;
  private nextGrantId = 1;
  private nextMessageId = 0;
  private truncated = false;
  private heartbeats = 0;
  private renewals = RenewalLog.empty();
  /** Engine events processed so far (messages, timers, actions; heartbeats included). */
  events = 0;
  /** The queue sequence of the first timed action: start-up events come before, run events after. */
  private actionSeq = 0;
  private readonly checkpointEvery: number;
  private readonly untilStale: boolean;
  private readonly maxEvents: number;
  private readonly eventBudget: number;
  private readonly onProgress: SimulateOptions['onProgress'];
  /** The run stopped at maxEvents: its trace is not the whole run. */
  overBudget = false;
  /** The run stopped when its event budget ran out (its verdict's cutShort says where). */
  private cutShort = false;
  readonly checkpoints: RunCheckpoint[] = [];
  /** What the scenario's actions may touch of this run (../actions/world.ts), and nothing else. */
  private readonly world: ActionWorld = (() => {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the getters read this run's fields as they are now
    const run = this;
    return {
      get nowMs() {
        return run.nowMs;
      },
      get queue() {
        return run.queue;
      },
      get network() {
        return run.network;
      },
      get lockAuthorities() {
        return run.lockAuthorities;
      },
      party: (id) => run.party(id),
      dispatch: (party, event, messageId) => run.dispatch(party, event, messageId),
      process: (party, event, messageId) => run.process(party, event, messageId),
      engineStep: (party, note, messageId) => run.engineStep(party, note, messageId),
    };
  })();

  /**
   * @param models the models the run may use: the scenario's strategy must be among them
   * @param from a checkpoint of a run under the same model to resume from (checkpoint.ts)
   * @throws Error for an unknown strategy, or one `models` has no model of
   */
  constructor(
    private readonly scenario: Scenario,
    models: Models,
    options: SimulateOptions,
    from?: RunCheckpoint,
  ) {
    const strategy = findStrategy(scenario.strategy);
    if (!strategy) throw new Error(`unknown strategy "${scenario.strategy}"`);
    this.model = modelOf(models, strategy.id);
    this.knobs = effectiveKnobs(strategy, scenario.knobs);
    this.lockAuthorities = strategy.lockAuthorities ?? [strategy.lockAuthority];
    this.maxSteps = options.maxSteps ?? DEFAULT_MAX_STEPS;
    this.checkpointEvery = options.checkpointEvery ?? 0;
    this.untilStale = options.untilStaleWriteAccepted ?? false;
    this.maxEvents = options.maxEvents ?? Infinity;
    this.eventBudget = options.eventBudget ?? DEFAULT_EVENT_BUDGET;
    this.onProgress = options.onProgress;
    if (from) {
      this.network = from.network.copy();
      this.recorder = this.resumeFrom(from, strategy);
      return;
    }
    this.network = new Network(scenario.network, scenario.seed);
    const specs = this.model(this.knobs, clientIds(scenario.clients));
    const initial: Record<string, PartyView> = {};
    const startEffects: [PartyRuntime, Effect[]][] = [];
    for (const spec of specs) {
      const party = new PartyRuntime(
        spec.info,
        spec.logic,
        scenario.clocks[spec.info.id],
        scenario.seed,
        spec.timerClock,
      );
      const { state, effects } = spec.logic.init();
      party.state = state;
      initial[spec.info.id] = party.refreshView();
      this.parties.set(spec.info.id, party);
      startEffects.push([party, effects]);
    }
    this.recorder = new Recorder(
      strategy.id,
      specs.map((s) => s.info),
      initial,
    );
    for (const [party, effects] of startEffects) this.apply(party, effects, []);
    this.actionSeq = this.queue.sequence;
    scenario.actions.forEach((action, index) => this.queue.push(action.atMs, { type: 'action', index }));
  }

  /**
   * Takes over a checkpoint's state for this run's scenario. The queue is renumbered to what a run
   * from the start would hold: the checkpoint's pending timed actions give way to this scenario's
   * (its actions before the checkpoint are the same, so already done), and events the run itself
   * scheduled move by the difference in action count, keeping their order.
   */
  private resumeFrom(from: RunCheckpoint, strategy: StrategyDef): Recorder {
    const shift = this.scenario.actions.length - from.scenario.actions.length;
    const renumbered = new Map<Scheduled<Pending>, Scheduled<Pending>>();
    const entries: Scheduled<Pending>[] = [];
    for (const entry of from.entries) {
      if (entry.item.type === 'action') continue;
      const seq = entry.seq < from.actionSeq ? entry.seq : entry.seq + shift;
      const copy = { timeMs: entry.timeMs, seq, item: entry.item };
      renumbered.set(entry, copy);
      entries.push(copy);
    }
    this.scenario.actions.forEach((action, index) => {
      if (action.atMs > from.lastEventMs)
        entries.push({ timeMs: action.atMs, seq: from.actionSeq + index, item: { type: 'action', index } });
    });
    this.queue = EventQueue.of(entries, from.nextSeq + shift);
    this.actionSeq = from.actionSeq;
    for (const party of from.parties) {
      const copy = party.copy((entry) => {
        const moved = renumbered.get(entry);
        if (!moved) throw new Error(`checkpoint: ${party.info.id}'s timer is not in the queue`);
        return moved;
      });
      this.parties.set(party.info.id, copy);
    }
    this.nowMs = from.lastEventMs;
    this.nextGrantId = from.nextGrantId;
    this.nextMessageId = from.nextMessageId;
    this.heartbeats = from.heartbeats;
    this.renewals = from.renewals.copy();
    this.events = from.events;
    return Recorder.resume(
      strategy.id,
      from.parties.map((p) => p.info),
      from.recorder,
    );
  }

  /** The engine's state now, between two instants (see Checkpoint). */
  private checkpoint(): RunCheckpoint {
    return {
      lastEventMs: this.nowMs,
      steps: this.recorder.nextIndex,
      scenario: this.scenario,
      model: this.model,
      entries: this.queue.entries().slice(),
      nextSeq: this.queue.sequence,
      actionSeq: this.actionSeq,
      // Queue entries are never changed once pushed: the copies' timers point at the same ones.
      parties: [...this.parties.values()].map((p) => p.copy((entry) => entry)),
      network: this.network.copy(),
      recorder: this.recorder.mark(),
      nextGrantId: this.nextGrantId,
      nextMessageId: this.nextMessageId,
      heartbeats: this.heartbeats,
      renewals: this.renewals.copy(),
      events: this.events,
    };
  }

  run(): Trace {
    const horizonMs = horizonOf(this.scenario);
    let lastCheckpointStep = this.recorder.nextIndex;
    for (;;) {
      const next = this.queue.peek();
      if (!next || next.timeMs > horizonMs) break;
      if (this.recorder.nextIndex >= this.maxSteps || (this.untilStale && this.recorder.oracle.staleWriteAccepted)) {
        this.truncated = true;
        break;
      }
      if (this.events >= this.eventBudget) {
        this.truncated = true;
        this.cutShort = true;
        break;
      }
      if (
        this.checkpointEvery > 0 &&
        next.timeMs > this.nowMs &&
        this.recorder.nextIndex - lastCheckpointStep >= this.checkpointEvery
      ) {
        this.checkpoints.push(this.checkpoint());
        lastCheckpointStep = this.recorder.nextIndex;
      }
      // A timer cancelled or re-armed since it was queued is dropped unprocessed: it is no event.
      // (Every lease renewal re-arms the expiry, so long runs of heartbeats hold many of these.)
      const counted = !this.isStaleTimer(next);
      if (counted && ++this.events > this.maxEvents) {
        this.overBudget = true;
        break;
      }
      this.queue.pop();
      this.nowMs = next.timeMs;
      this.handle(next.item, next);
      if (counted && this.onProgress && this.events % PROGRESS_EVERY === 0)
        this.onProgress({ events: this.events, eventBudget: this.eventBudget, atMs: this.nowMs, horizonMs });
    }
    const steps = this.recorder.labelled(this.scenario.labels);
    const lastStepMs = steps.length ? steps[steps.length - 1]!.timeMs : 0;
    // A run cut short covers the time it reached, and no more.
    const endMs = this.cutShort
      ? this.nowMs
      : (this.scenario.durationMs ?? Math.max(lastStepMs, lastActivityMs(this.scenario)));
    this.recorder.endPromises(endMs);
    const verdict = this.recorder.oracle.verdict();
    if (this.cutShort) verdict.cutShort = { events: this.events, atMs: this.nowMs, horizonMs };
    const endedWaiting = this.truncated ? [] : this.endedWaiting();
    if (endedWaiting.length) verdict.endedWaiting = endedWaiting;
    return {
      format: TRACE_FORMAT,
      version: TRACE_VERSION,
      scenario: this.scenario,
      knobs: this.knobs,
      parties: this.recorder.parties,
      steps,
      messages: this.recorder.messages,
      heartbeats: this.heartbeats,
      renewals: this.renewals.list(),
      leases: this.recorder.leases,
      pauses: this.recorder.pauses,
      verdict,
      truncated: this.truncated,
      endMs,
    };
  }

  /** The clients still trying for the lock as the run ends (neither idle nor holding), with the
   * writes they queued for it. */
  private endedWaiting(): EndedWaiting[] {
    const out: EndedWaiting[] = [];
    for (const party of this.parties.values()) {
      if (party.info.kind !== 'client') continue;
      const view = this.recorder.current(party.info.id);
      if (view.state === 'idle' || view.state === 'holding') continue;
      out.push({ client: party.info.id, queuedWrites: this.queuedWrites(party.info.id, view.fields.pendingWrites) });
    }
    return out;
  }

  /**
   * The writes `client` holds for the lock: its view lists them joined by ", " (`pending`), the
   * newest of its queued writes, so they are the shortest run of its last `write.queued` values
   * that joins to it (a value may hold ", " itself).
   */
  private queuedWrites(client: string, pending: unknown): string[] {
    if (typeof pending !== 'string' || pending === '') return [];
    const queued: string[] = [];
    for (const step of this.recorder.steps)
      if (step.kind === 'write.queued' && step.party === client) queued.push(String(step.detail?.value ?? ''));
    for (let k = 1; k <= queued.length; k++) {
      const last = queued.slice(-k);
      if (last.join(', ') === pending) return last;
    }
    return [pending];
  }

  /** Whether `entry` is a timer its party has cancelled or re-armed since (handle() drops it). */
  private isStaleTimer(entry: Scheduled<Pending>): boolean {
    const item = entry.item;
    return item.type === 'timer' && this.party(item.party).timers.get(item.id) !== entry;
  }

  private party(id: string): PartyRuntime {
    const party = this.parties.get(id);
    if (!party) throw new Error(`no party "${id}" in this strategy`);
    return party;
  }

  private handle(item: Pending, entry: { timeMs: number }): void {
    switch (item.type) {
      case 'action':
        return runAction(this.world, this.scenario.actions[item.index]!);
      case 'deliver':
        return this.deliver(item);
      case 'timer': {
        const party = this.party(item.party);
        if (party.timers.get(item.id) !== entry) return; // cancelled or re-armed since
        party.timers.delete(item.id);
        return this.dispatch(party, item.event);
      }
      case 'self':
        return this.dispatch(this.party(item.party), item.event);
      case 'resume':
        return resumeParty(this.world, this.party(item.party));
      case 'restart':
        return restartParty(this.world, this.party(item.party));
    }
  }

  private deliver(item: Extract<Pending, { type: 'deliver' }>): void {
    if (item.messageId === QUIET) {
      // Routine traffic is lost silently: the receiver notices the silence, not the loss.
      const to = this.party(item.to);
      if (!this.network.isCut(item.msg.from, item.to) && !to.down) this.dispatch(to, item.msg);
      else if (item.renewal !== undefined) this.renewals.lost(item.renewal);
      return;
    }
    const record = this.recorder.messages[item.messageId]!;
    const to = this.party(item.to);
    const lostTo =
      record.status === 'dropped' || this.network.isCut(item.msg.from, item.to) ? 'dropped' : to.down ? 'lost' : null;
    if (lostTo) {
      record.status = lostTo;
      this.engineStep(
        to,
        {
          kind: lostTo === 'dropped' ? 'message.dropped' : 'message.lost',
          parties: [item.msg.from],
          detail: { type: item.msg.type },
        },
        item.messageId,
      );
      return;
    }
    this.dispatch(to, item.msg, item.messageId);
  }

  /** Hands an event to a party, or holds it if the party is paused. */
  private dispatch(party: PartyRuntime, event: Message, messageId?: number): void {
    if (party.paused) {
      party.buffer.push(messageId === undefined ? { event } : { event, messageId });
      return;
    }
    if (party.down && !event.type.startsWith('node.')) return;
    this.process(party, event, messageId);
  }

  /** One pure transition of one party, then its effects, then one step per note. */
  private process(party: PartyRuntime, event: Message, messageId?: number): void {
    const env = { nowMs: party.now(this.nowMs), rand: party.rng.nextU32(), nextGrantId: this.nextGrantId };
    const { state, effects } = party.logic.step(party.state, { ...event, env });
    party.state = state;
    const notes: Note[] = [];
    const firstStep = this.recorder.nextIndex;
    this.apply(party, effects, notes);
    const view = party.refreshView();
    if (messageId !== undefined) {
      const record = this.recorder.messages[messageId]!;
      record.status = 'delivered';
      record.deliveredStep = firstStep;
    }
    if (notes.length === 0 && messageId !== undefined) {
      notes.push({ kind: 'message.ignored', parties: [String(event.from ?? '')], detail: { type: event.type } });
    }
    for (const note of notes) {
      // A strategy may number its grants itself (QJM: the epoch); the next id is above every one seen.
      if (note.kind === 'lock.granted') this.nextGrantId = Math.max(this.nextGrantId, note.grantId ?? 0) + 1;
      this.recorder.record(this.nowMs, party.info.id, note, view, messageId);
    }
  }

  private apply(party: PartyRuntime, effects: Effect[], notes: Note[]): void {
    for (const effect of effects) {
      switch (effect.type) {
        case 'send':
          this.send(party.info.id, effect.to, effect.msg);
          break;
        case 'self':
          this.queue.push(this.nowMs, { type: 'self', party: party.info.id, event: effect.event });
          break;
        case 'arm': {
          const deadlineMs = party.now(this.nowMs) + effect.delayMs;
          const atMs = party.clock.trueTimeAt(deadlineMs, this.nowMs, party.timerClock);
          const entry = this.queue.push(atMs, {
            type: 'timer',
            party: party.info.id,
            id: effect.id,
            event: effect.event,
            deadlineMs,
          });
          party.timers.set(effect.id, entry);
          break;
        }
        case 'cancel':
          party.timers.delete(effect.id);
          break;
        case 'note':
          notes.push(effect.note);
          break;
      }
    }
  }

  private send(from: string, to: string, msg: Message): void {
    this.party(to);
    const route = this.network.route(from, to);
    if (msg.quiet) {
      // Heartbeats and their replies: delivered like any message, but not recorded, so they add
      // no arrow and no step unless the receiver notes something. They are counted.
      this.heartbeats++;
      const deliverMs = this.nowMs + route.latencyMs + route.delayedMs;
      // A client's quiet message keeps its lease or session alive: a renewal, logged for the timeline.
      const renewal =
        this.party(from).info.kind === 'client' ? this.renewals.sent(from, to, this.nowMs, route.dropped) : undefined;
      if (!route.dropped)
        this.queue.push(deliverMs, {
          type: 'deliver',
          messageId: QUIET,
          to,
          msg: { ...msg, from },
          ...(renewal !== undefined ? { renewal } : {}),
        });
      return;
    }
    const id = this.nextMessageId++;
    const deliverMs = this.nowMs + route.latencyMs + route.delayedMs;
    this.recorder.messages.push({
      id,
      from,
      to,
      type: msg.type,
      ...(msg.token !== undefined ? { token: msg.token } : {}),
      sentMs: this.nowMs,
      deliverMs,
      sentStep: this.recorder.nextIndex,
      deliveredStep: null,
      status: route.dropped ? 'dropped' : 'in-flight',
      delayedMs: route.delayedMs,
    });
    this.queue.push(deliverMs, { type: 'deliver', messageId: id, to, msg: { ...msg, from } });
  }

  /** A step the engine itself takes for a party (pause, crash, network faults). */
  private engineStep(party: PartyRuntime, note: Note, messageId?: number): void {
    this.recorder.record(this.nowMs, party.info.id, note, party.refreshView(), messageId);
  }
}
