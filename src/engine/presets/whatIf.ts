// The what-if an engineer asks ("a 30 s GC pause with a 10 s lease", "a clock jump on the lock
// server"), built as the canonical race with that one fault: Client1 takes the lock and writes A,
// the fault hits Client1 (or the lock service) at 100 ms, Client2 asks for the lock at a chosen
// time and writes X once it has it, and then Client1, the would-be zombie, writes Y.
// Invariant: params that pass checkWhatIf() build a Scenario that validateScenario() accepts and
// that runs under every strategy (a test holds both); bad params are answered with a sentence.

import { SCENARIO_FORMAT, SCENARIO_VERSION, type Action, type Scenario } from '../core/scenario';
import { DEFAULT_CLIENTS, DEFAULT_NETWORK, DEFAULT_SEED, type KnownStrategyId } from '../core/defaults';
import { authoritiesOf, effectiveKnobs, findStrategy } from '../strategies/registry';
import { clientIds } from '../core/parties';

/** The faults a what-if can put into the race, in the order a form offers them. */
export const WHAT_IF_FAULTS = ['pause', 'slow-network', 'client-clock-jump', 'server-clock-jump', 'partition'] as const;
export type WhatIfFault = (typeof WHAT_IF_FAULTS)[number];

export interface WhatIfParams {
  /**
   * - `pause`: Client1 freezes for `faultMs` (a GC pause) just as it was about to write Y;
   * - `slow-network`: Client1's write Y is held up `faultMs` on its way to the store;
   * - `client-clock-jump`: Client1's clock jumps `faultMs` (forward; negative: back);
   * - `server-clock-jump`: the lock service's clock jumps `faultMs` (forward; negative: back);
   * - `partition`: Client1 is cut off from the lock service for `faultMs`, then the link heals.
   */
  fault: WhatIfFault;
  /** How long the fault lasts, in ms: a whole number, 1 … 3,600,000, and at most
   * WHAT_IF_MAX_LEASES leases; for a clock jump, how far it jumps: −3,600,000 … 3,600,000, not 0
   * (a negative jump steps the clock back). */
  faultMs: number;
  /** The lease (session, TTL) length, in ms: a whole number, 100 … 3,600,000. */
  leaseTtlMs: number;
  /** When Client2 asks for the lock, in ms from the start: a whole number, 0 … 3,600,000, and at
   * most WHAT_IF_MAX_LEASES leases. */
  client2AsksAtMs: number;
  /** The strategy the scenario opens under (the comparison runs it under every one); default `fencing`. */
  strategy?: string;
  /** The network-timing seed: a whole number, 0 … 4,294,967,295; default 7. */
  seed?: number;
}

export type WhatIfResult =
  | { ok: true; scenario: Scenario }
  /** `field` names the param at fault, so a form can point at its input; `error` is one sentence. */
  | { ok: false; field: keyof WhatIfParams; error: string };

/** The what-if, and the form's first values: a 30 s GC pause with a 10 s lease, Client2 at 11 s. */
export const EXAMPLE_WHAT_IF: Readonly<WhatIfParams> = {
  fault: 'pause',
  faultMs: 30_000,
  leaseTtlMs: 10_000,
  client2AsksAtMs: 11_000,
};

/** The largest fault, lease and asking time a what-if takes: an hour, well inside the validator's limits. */
export const WHAT_IF_MAX_MS = 3_600_000;

/**
 * The shortest lease a what-if takes. Shorter, a lease is over before most messages arrive (the
 * network takes 2 to 8 ms), and ZooKeeper's and etcd's models cannot run it at all: below 3 ms
 * their heartbeat timers come round every 0 ms, so virtual time never moves on.
 */
export const WHAT_IF_MIN_LEASE_MS = 100;

/**
 * How many leases long a what-if may run (a pause, a cut or a held-up write that lasts, or Client2
 * asking, that late): every real system heartbeats three times a lease, and the comparison runs
 * the what-if under all seven in the browser, so an hour of 0.1 s leases would take the lab about
 * a minute. A thousand leases take a few seconds at most.
 */
export const WHAT_IF_MAX_LEASES = 1000;

/** When the fault hits: after Client1's grant and its first write, as in the article. */
const FAULT_AT_MS = 100;
const FIRST_WRITE_AT_MS = 50;
/** How long after Client2 asks Client1 writes Y, where the fault does not time that write itself:
 * enough for a free lock to be granted and X written under every strategy. */
const ZOMBIE_AFTER_ASK_MS = 500;

/**
 * The what-if as a scenario, or a sentence saying which param is wrong. Never throws.
 *
 * Shapes and units: every time and length is in ms (whole numbers, see WhatIfParams); the scenario
 * has two clients, the default network, and `knobs.leaseTtlMs` set (and `keepalive` for a cut, so
 * that the generic clients' renewals are what the cut stops). Client1 asks at 0 ms and
 * writes A at 50 ms; the fault hits at 100 ms; Client2 asks at `client2AsksAtMs` and writes X
 * (queued until it holds the lock); Client1 writes Y: as it wakes (pause), at 100 ms and held up
 * (slow-network), or 500 ms after Client2 asked (the clock jumps and the cut). The lock service is
 * the strategy's own (every Redis master, every journal node).
 *
 * Errors: a fault not in WHAT_IF_FAULTS, an unknown strategy, a number that is not finite, not
 * whole, negative, or out of range (a fault of 0, a lease under WHAT_IF_MIN_LEASE_MS, a pause, cut,
 * delay or asking time past WHAT_IF_MAX_LEASES leases) gives `{ ok: false, field, error }`, the
 * error a sentence in seconds such as "The lease must be at least 0.1 s (got 0 s).".
 */
export function buildWhatIf(params: WhatIfParams): WhatIfResult {
  const problem = checkWhatIf(params);
  if (problem) return { ok: false, ...problem };
  return { ok: true, scenario: scenarioFor(params) };
}

/** The first problem with the params, or null. */
function checkWhatIf(params: WhatIfParams): { field: keyof WhatIfParams; error: string } | null {
  if (!(WHAT_IF_FAULTS as readonly string[]).includes(params.fault))
    return { field: 'fault', error: `There is no fault called "${String(params.fault)}".` };
  const what = FAULT_NOUN[params.fault];
  const ms = (field: 'faultMs' | 'leaseTtlMs' | 'client2AsksAtMs', noun: string, min: number) => {
    const v = params[field];
    if (typeof v !== 'number' || !Number.isFinite(v)) return { field, error: `${noun} must be a number of seconds.` };
    if (v < min)
      return {
        field,
        error:
          min === 0
            ? `${noun} cannot be before the start (got ${secondsText(v)}).`
            : `${noun} must be more than 0 s (got ${secondsText(v)}).`,
      };
    if (!Number.isInteger(v)) return { field, error: `${noun} must be a whole number of milliseconds (got ${v} ms).` };
    if (v > WHAT_IF_MAX_MS)
      return { field, error: `${noun} must be at most ${secondsText(WHAT_IF_MAX_MS)} (got ${secondsText(v)}).` };
    return null;
  };
  const clockJump = params.fault.endsWith('clock-jump');
  const bad =
    (clockJump ? jumpProblem(params.faultMs, what) : ms('faultMs', what, 1)) ??
    ms('leaseTtlMs', 'The lease', 1) ??
    ms('client2AsksAtMs', 'The time Client2 asks', 0);
  if (bad) return bad;
  const lease = params.leaseTtlMs;
  if (lease < WHAT_IF_MIN_LEASE_MS)
    return {
      field: 'leaseTtlMs',
      error: `The lease must be at least ${secondsText(WHAT_IF_MIN_LEASE_MS)} (got ${secondsText(lease)}).`,
    };
  // How far the run reaches: a clock jump is over at once, however far it jumps.
  const longest = WHAT_IF_MAX_LEASES * lease;
  const reach = (field: 'faultMs' | 'client2AsksAtMs', noun: string) =>
    params[field] > longest
      ? {
          field,
          error: `With a ${secondsText(lease)} lease, ${noun} can be at most ${secondsText(longest)}: the lab runs a what-if for at most ${WHAT_IF_MAX_LEASES} leases (got ${secondsText(params[field])}).`,
        }
      : null;
  const tooLong =
    (clockJump ? null : reach('faultMs', what.toLowerCase())) ?? reach('client2AsksAtMs', 'the time Client2 asks');
  if (tooLong) return tooLong;
  if (params.strategy !== undefined && !findStrategy(params.strategy))
    return { field: 'strategy', error: `There is no strategy called "${params.strategy}".` };
  const seed = params.seed;
  if (seed !== undefined && (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff))
    return { field: 'seed', error: `The seed must be a whole number from 0 to 4294967295 (got ${String(seed)}).` };
  return null;
}

/**
 * What is wrong with a clock jump of `v` ms (either way, not 0), or null; `noun` is the fault's
 * (FAULT_NOUN: "The clock jump"). Unlike a length, a jump may be negative: a step back.
 */
function jumpProblem(v: number, noun: string): { field: 'faultMs'; error: string } | null {
  const field = 'faultMs' as const;
  if (typeof v !== 'number' || !Number.isFinite(v))
    return { field, error: `${noun} must be a number of seconds (negative for a jump back).` };
  if (v === 0) return { field, error: `${noun} cannot be 0 s: give how far it jumps, negative for back.` };
  if (!Number.isInteger(v)) return { field, error: `${noun} must be a whole number of milliseconds (got ${v} ms).` };
  if (Math.abs(v) > WHAT_IF_MAX_MS)
    return {
      field,
      error: `${noun} must be at most ${secondsText(WHAT_IF_MAX_MS)} either way (got ${secondsText(v)}).`,
    };
  return null;
}

/** "30 s forward", "30 s back": a clock jump in words. */
const jumpText = (ms: number): string => `${secondsText(Math.abs(ms))} ${ms < 0 ? 'back' : 'forward'}`;

/** What the fault is, as the subject of an error sentence. */
const FAULT_NOUN: Record<WhatIfFault, string> = {
  pause: 'The pause',
  'slow-network': 'The network delay',
  'client-clock-jump': 'The clock jump',
  'server-clock-jump': 'The clock jump',
  partition: 'The cut',
};

/** "30 s", "1.5 s", "0.25 s": a time in seconds, as the what-if's words use it. */
function secondsText(ms: number): string {
  const s = Math.round(ms) / 1000;
  return `${String(s)} s`;
}

function scenarioFor(p: WhatIfParams): Scenario {
  const strategy = findStrategy(p.strategy ?? 'fencing')!;
  const clients = clientIds(DEFAULT_CLIENTS);
  // A cut from the lock service only matters to a holder that talks to it: the generic clients
  // renew here (the real systems' clients always keep their sessions alive and ignore the knob).
  const knobs = p.fault === 'partition' ? { leaseTtlMs: p.leaseTtlMs, keepalive: true } : { leaseTtlMs: p.leaseTtlMs };
  const authorities = authoritiesOf(strategy);
  // Where writes go: the stores, or the journal nodes where the lock authority keeps the data.
  const built = strategy.parties(effectiveKnobs(strategy, knobs), clients);
  const stores = built.filter((i) => i.kind === 'resource').map((i) => i.id);
  const writeTargets = stores.length > 0 ? stores : [...authorities];
  const n = p.faultMs;
  const zombieAtMs = p.client2AsksAtMs + ZOMBIE_AFTER_ASK_MS;
  const y = (atMs: number): Action => ({ atMs, type: 'write', client: 'Client1', value: 'Y' });

  let fault: Action[];
  switch (p.fault) {
    case 'pause':
      // Client1 had decided to write Y when the pause hit: the write waits inside the frozen client.
      fault = [{ atMs: FAULT_AT_MS, type: 'pause', client: 'Client1', durationMs: n }, y(FAULT_AT_MS)];
      break;
    case 'slow-network':
      fault = [
        ...writeTargets.map((to): Action => ({ atMs: FAULT_AT_MS, type: 'delay', from: 'Client1', to, extraMs: n })),
        y(FAULT_AT_MS),
      ];
      break;
    case 'client-clock-jump':
      fault = [{ atMs: FAULT_AT_MS, type: 'clockJump', party: 'Client1', deltaMs: n }, y(zombieAtMs)];
      break;
    case 'server-clock-jump':
      fault = [
        ...authorities.map((party): Action => ({ atMs: FAULT_AT_MS, type: 'clockJump', party, deltaMs: n })),
        y(zombieAtMs),
      ];
      break;
    case 'partition':
      fault = [
        ...authorities.map((b): Action => ({ atMs: FAULT_AT_MS, type: 'partition', a: 'Client1', b })),
        ...authorities.map((b): Action => ({ atMs: FAULT_AT_MS + n, type: 'heal', a: 'Client1', b })),
        y(zombieAtMs),
      ];
      break;
  }
  const listed: Action[] = [
    { atMs: 0, type: 'acquire', client: 'Client1' },
    { atMs: FIRST_WRITE_AT_MS, type: 'write', client: 'Client1', value: 'A' },
    ...fault,
    { atMs: p.client2AsksAtMs, type: 'acquire', client: 'Client2' },
    // Written as soon as it asks: a client waiting for a grant queues the write until it holds the lock.
    { atMs: p.client2AsksAtMs, type: 'write', client: 'Client2', value: 'X' },
  ];
  // In time order; a stable sort keeps actions of the same instant in the order they run.
  const actions = listed.sort((a, b) => a.atMs - b.atMs);

  const scenario: Scenario = {
    format: SCENARIO_FORMAT,
    version: SCENARIO_VERSION,
    name: nameOf(p),
    description: descriptionOf(p, zombieAtMs),
    seed: p.seed ?? DEFAULT_SEED,
    strategy: strategy.id satisfies KnownStrategyId,
    knobs,
    clients: DEFAULT_CLIENTS,
    network: { ...DEFAULT_NETWORK },
    clocks: {},
    actions,
    labels: [],
  };
  // A held-up message is not an action that lasts, so the engine's own end (the last action + 5
  // leases + 1 s) could come before Y lands: run until then, counted the same way.
  if (p.fault === 'slow-network') {
    const lastActionMs = actions.reduce((m, a) => Math.max(m, a.atMs), 0);
    const landsMs = FAULT_AT_MS + n;
    if (landsMs > lastActionMs) scenario.durationMs = landsMs + 5 * p.leaseTtlMs + 1000;
  }
  return scenario;
}

/** "Client1 pauses for 30 s with a 10 s lease; Client2 asks at 11 s". */
function nameOf(p: WhatIfParams): string {
  const n = secondsText(p.faultMs);
  const what: Record<WhatIfFault, string> = {
    pause: `Client1 pauses for ${n}`,
    'slow-network': `Client1's write is held up ${n} on the way to the store`,
    'client-clock-jump': `Client1's clock jumps ${jumpText(p.faultMs)}`,
    'server-clock-jump': `The lock service's clock jumps ${jumpText(p.faultMs)}`,
    partition: `Client1 is cut off from the lock service for ${n}`,
  };
  return `${what[p.fault]} with a ${secondsText(p.leaseTtlMs)} lease; Client2 asks at ${secondsText(p.client2AsksAtMs)}`;
}

/** The race told in order, with every time in seconds; says what to watch, not what happens. */
function descriptionOf(p: WhatIfParams, zombieAtMs: number): string {
  const n = secondsText(p.faultMs);
  const at = secondsText(FAULT_AT_MS);
  const fault: Record<WhatIfFault, string> = {
    pause: `At ${at} it freezes for ${n} (a GC pause) just as it was about to write Y; Y leaves when it wakes, at ${secondsText(FAULT_AT_MS + p.faultMs)}.`,
    'slow-network': `At ${at} it writes Y, and the network holds that message up ${n} on the way to the store.`,
    'client-clock-jump': `At ${at} its clock jumps ${jumpText(p.faultMs)}.`,
    'server-clock-jump': `At ${at} the lock service's clock jumps ${jumpText(p.faultMs)}.`,
    partition: `Its lock library renews the lease every third of it. At ${at} it is cut off from the lock service (but not from the store) for ${n}, so its renewals go nowhere.`,
  };
  // Where the fault does not time Y itself, Client1 writes it after Client2 asked: said in that order.
  const timesY = p.fault === 'pause' || p.fault === 'slow-network';
  return [
    'Client1 takes the lock at the start and writes A.',
    fault[p.fault],
    `Client2 asks for the lock at ${secondsText(p.client2AsksAtMs)} and writes X as soon as it has it.`,
    ...(timesY ? [] : [`At ${secondsText(zombieAtMs)} Client1 writes Y, if it still believes it holds the lock.`]),
    `Every lease lasts ${secondsText(p.leaseTtlMs)}.`,
    "Watch whether Y lands on top of Client2's X, from a holder whose lease may be over by then.",
  ].join(' ');
}
