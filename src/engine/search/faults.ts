// Where the search puts faults: at the moments that matter in the fault-free run (1 ms either side
// of every grant, renewal, lease end, write and lock-delay end), with sizes in classes relative to
// the lease, and how each fault becomes the scenario's ordinary timed actions.

import type { Action, Scenario } from '../core/scenario';
import type { Trace } from '../core/trace';
import type { StepKind } from '../core/vocabulary';
import type { FaultKind } from './types';

/** Every kind of fault, in the order the search tries them at one moment. */
export const FAULT_KINDS: readonly FaultKind[] = [
  'pause',
  'partition',
  'delay',
  'clock-jump-client',
  'clock-jump-server',
  'lock-crash',
  'store-crash',
];

/**
 * One fault at one time: `party` is the client paused, cut off or whose write is held up, the
 * clock stepped, or the node crashed. `sizeMs` (>= 1) is how long it lasts (pause, partition,
 * delay, time down) or how far the clock steps; `back` is true for a clock stepped back.
 */
export interface Fault {
  kind: FaultKind;
  atMs: number;
  party: string;
  sizeMs: number;
  back?: true;
}

/** The parties a fault may name, read from the fault-free run. */
export interface Cast {
  clients: readonly string[];
  locks: readonly string[];
  /** The store every client writes to first (the fence's store). */
  store: string;
  leaseMs: number;
}

export function castOf(trace: Trace): Cast {
  const of = (kind: string) => trace.parties.filter((p) => p.kind === kind).map((p) => p.id);
  return {
    clients: of('client'),
    locks: of('lock'),
    store: of('resource')[0] ?? 'Storage',
    leaseMs: trace.knobs.leaseTtlMs,
  };
}

/** The steps whose times matter: what a fault just before or just after can change. */
const MOMENTS: ReadonlySet<StepKind> = new Set<StepKind>([
  'lock.granted',
  'lock.regranted',
  'lock.acquired',
  'lease.expired',
  'lease.lapsed',
  'session.expired',
  'lockDelay.ended',
  'write.sent',
  'write.accepted',
]);

/** The times (ms, ascending, each once) 1 ms either side of every moment that matters in `trace`. */
function momentsOf(trace: Trace): number[] {
  const times = new Set<number>();
  for (const step of trace.steps) {
    if (!MOMENTS.has(step.kind)) continue;
    if (step.timeMs >= 1) times.add(step.timeMs - 1);
    times.add(step.timeMs + 1);
  }
  return [...times].sort((a, b) => a - b);
}

/** The size classes: half a lease, a lease and 1 ms, two leases. */
function sizeClasses(leaseMs: number): number[] {
  return [...new Set([Math.max(1, Math.floor(leaseMs / 2)), leaseMs + 1, 2 * leaseMs])];
}

/** Every fault of the `kinds` allowed at `atMs`, in a fixed order. */
function faultsAt(atMs: number, kinds: readonly FaultKind[], cast: Cast): Fault[] {
  const sizes = sizeClasses(cast.leaseMs);
  const out: Fault[] = [];
  const each = (kind: FaultKind, parties: readonly string[], jump = false) => {
    for (const party of parties)
      for (const sizeMs of sizes) {
        out.push({ kind, atMs, party, sizeMs });
        if (jump) out.push({ kind, atMs, party, sizeMs, back: true });
      }
  };
  for (const kind of FAULT_KINDS) {
    if (!kinds.includes(kind)) continue;
    if (kind === 'pause' || kind === 'partition' || kind === 'delay') each(kind, cast.clients);
    if (kind === 'clock-jump-client') each(kind, cast.clients, true);
    if (kind === 'clock-jump-server') each(kind, cast.locks, true);
    if (kind === 'lock-crash') each(kind, cast.locks);
    if (kind === 'store-crash') each(kind, [cast.store]);
  }
  return out;
}

/** Every single fault the search may place over the fault-free run `trace`, by time. */
export function placements(trace: Trace, kinds: readonly FaultKind[]): Fault[] {
  const cast = castOf(trace);
  return momentsOf(trace).flatMap((t) => faultsAt(t, kinds, cast));
}

/** A fault as the scenario's timed actions. */
function actionsOf(fault: Fault, cast: Cast): Action[] {
  const { atMs, party, sizeMs } = fault;
  switch (fault.kind) {
    case 'pause':
      return [{ atMs, type: 'pause', client: party, durationMs: sizeMs }];
    case 'partition':
      return cast.locks.flatMap((lock): Action[] => [
        { atMs, type: 'partition', a: party, b: lock },
        { atMs: atMs + sizeMs, type: 'heal', a: party, b: lock },
      ]);
    case 'delay':
      return [{ atMs, type: 'delay', from: party, to: cast.store, extraMs: sizeMs }];
    case 'clock-jump-client':
    case 'clock-jump-server':
      return [{ atMs, type: 'clockJump', party, deltaMs: fault.back ? -sizeMs : sizeMs }];
    case 'lock-crash':
    case 'store-crash':
      return [{ atMs, type: 'crash', party, restartAfterMs: sizeMs }];
  }
}

/** The kinds of action the search adds: a scenario's own are taken out before it starts. */
const FAULT_ACTIONS: ReadonlySet<Action['type']> = new Set([
  'pause',
  'resume',
  'expireLease',
  'crash',
  'restart',
  'partition',
  'heal',
  'delay',
  'clockJump',
]);

/** The scenario with its faults taken out: its clients, their writes and releases only. */
export function faultFree(scenario: Scenario): Scenario {
  return { ...scenario, actions: scenario.actions.filter((a) => !FAULT_ACTIONS.has(a.type)) };
}

/** `base` with the faults' actions added, each after the base's actions at the same time. */
export function withFaults(base: Scenario, faults: readonly Fault[], cast: Cast): Scenario {
  const added = faults.flatMap((f) => actionsOf(f, cast));
  const actions = [...base.actions, ...added].sort((a, b) => a.atMs - b.atMs);
  return { ...base, actions };
}
