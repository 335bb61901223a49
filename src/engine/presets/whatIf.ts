// The what-if an engineer asks ("a 30 s GC pause with a 10 s lease", "a clock jump on the lock
// server"), built as the canonical race with that one fault: Client1 takes the lock and writes A,
// the fault hits Client1 (or the lock service) at 100 ms, Client2 asks for the lock at a chosen
// time and writes X once it has it, and then Client1, the would-be zombie, writes Y. When Client1's
// application stops acting, whether its library renews the lease, when the fault starts and
// whether Y waits until Client1's lease has ended are params too: ./whatIfWorst.ts tries the
// placements that matter and answers with the worst.
// Invariant: params that pass checkWhatIf() build a Scenario that validateScenario() accepts and
// that runs under every strategy (a test holds both); bad params are answered with a sentence.

import { SCENARIO_FORMAT, SCENARIO_VERSION, type Action, type Scenario } from '../core/scenario';
import {
  DEFAULT_CLIENTS,
  DEFAULT_NETWORK,
  DEFAULT_SEED,
  heartbeatEveryMs,
  type KnownStrategyId,
  type StopPolicy,
} from '../core/defaults';
import { authoritiesOf, effectiveKnobs, findStrategy } from '../strategies/registry';
import { clientIds } from '../core/parties';

/** The faults a what-if can put into the race, in the order a form offers them. */
export const WHAT_IF_FAULTS = ['pause', 'slow-network', 'client-clock-jump', 'server-clock-jump', 'partition'] as const;
export type WhatIfFault = (typeof WHAT_IF_FAULTS)[number];

/**
 * When Client1's application stops acting on the lock (shared/domain.md, "When the application
 * stops acting"), in the order a form offers them, and the stop policy (STOP_POLICIES) each is:
 * - `told`: when its lock library tells it the lease is lost (`lost`, the lab's default);
 * - `never`: never; the library does not tell it (Redisson's watchdog: a failed renewal is not
 *   reported to the holder) (`never`);
 * - `own-deadline`: at its own deadline, a third of the lease before the lease would end
 *   (client-go's renewDeadline) (`renew-deadline`).
 */
export const WHAT_IF_STOPS = ['told', 'never', 'own-deadline'] as const;
export type WhatIfStop = (typeof WHAT_IF_STOPS)[number];
const STOP_POLICY_OF: Record<WhatIfStop, StopPolicy> = {
  told: 'lost',
  never: 'never',
  'own-deadline': 'renew-deadline',
};

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
  /** When Client1's application stops acting on the lock (WHAT_IF_STOPS); default `told`. */
  stopActing?: WhatIfStop;
  /** Whether the holders' lock library renews the lease every third of it (a keepalive, a
   * watchdog); default: on for a cut (`partition`, so that the cut stops the renewals), off
   * otherwise. The real systems' clients (ZooKeeper, etcd, Chubby) keep their sessions alive either way. */
  keepalive?: boolean;
  /** Whether Client1 writes Y only after its lease has ended (half a second after the end of the
   * lease its last renewal before the fault bought, and after Client2 asked); default false: Y
   * goes as the fault times it, or half a second after Client2 asks. Not for `slow-network`, whose
   * write is the one held up. */
  lateWrite?: boolean;
  /** When the fault starts, in ms from the start: a whole number, from WHAT_IF_MIN_FAULT_AT_MS
   * (after Client1's first write) to 3,600,000 and at most WHAT_IF_MAX_LEASES leases; default 100. */
  faultAtMs?: number;
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

/** The longest name a scenario may have (the validator's LIMITS.nameChars; a test holds them equal). */
export const WHAT_IF_NAME_CHARS = 120;
const NAME_CHARS = WHAT_IF_NAME_CHARS;

/** When the fault hits by default: after Client1's grant and its first write, as in the article. */
export const WHAT_IF_FAULT_AT_MS = 100;
const FIRST_WRITE_AT_MS = 50;
/** The earliest a fault may start: after Client1's first write has left. */
export const WHAT_IF_MIN_FAULT_AT_MS = 60;
/** How long after Client2 asks Client1 writes Y, where the fault does not time that write itself:
 * enough for a free lock to be granted and X written under every strategy. */
const ZOMBIE_AFTER_ASK_MS = 500;

/**
 * The what-if as a scenario, or a sentence saying which param is wrong. Never throws.
 *
 * Shapes and units: every time and length is in ms (whole numbers, see WhatIfParams); the scenario
 * has two clients, the default network, and `knobs.leaseTtlMs` set; `knobs.keepalive` where the
 * lease is renewed (by default for a cut, so that the generic clients' renewals are what the cut
 * stops); `knobs.stopActing.Client1` where `stopActing` is not `told` (`never` → `never`,
 * `own-deadline` → `renew-deadline`, shared/domain.md "When the application stops acting"). Client1
 * asks at 0 ms and writes A at 50 ms; the fault hits at `faultAtMs` (100 ms by default); Client2
 * asks at `client2AsksAtMs` and writes X (queued until it holds the lock); Client1 writes Y: as it
 * wakes (pause), as the fault hits and held up (slow-network), or 500 ms after Client2 asked (the
 * clock jumps and the cut); with `lateWrite`, no sooner than 500 ms after leaseEndMs(). The lock
 * service is the strategy's own (every Redis master, every journal node). Every param is in the
 * scenario, so a link to it carries them all.
 *
 * Errors: a fault not in WHAT_IF_FAULTS, a stop not in WHAT_IF_STOPS, an unknown strategy, a
 * keepalive or late write that is not true or false, a late write with `slow-network`, a number
 * that is not finite, not whole, negative, or out of range (a fault of 0, a lease under
 * WHAT_IF_MIN_LEASE_MS, a pause, cut, delay, start of the fault or asking time past
 * WHAT_IF_MAX_LEASES leases, a fault starting before WHAT_IF_MIN_FAULT_AT_MS) gives
 * `{ ok: false, field, error }`, the error a sentence in seconds such as "The lease must be at
 * least 0.1 s (got 0 s).".
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
  const placement = placementProblem(params);
  if (placement) return placement;
  if (params.strategy !== undefined && !findStrategy(params.strategy))
    return { field: 'strategy', error: `There is no strategy called "${params.strategy}".` };
  const seed = params.seed;
  if (seed !== undefined && (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff))
    return { field: 'seed', error: `The seed must be a whole number from 0 to 4294967295 (got ${String(seed)}).` };
  return null;
}

/** The first problem with when Client1 stops, the keepalive, the late write or the fault's start, or null. */
function placementProblem(params: WhatIfParams): { field: keyof WhatIfParams; error: string } | null {
  const { stopActing, keepalive, lateWrite, faultAtMs } = params;
  if (stopActing !== undefined && !(WHAT_IF_STOPS as readonly string[]).includes(stopActing))
    return {
      field: 'stopActing',
      error: `There is no choice called "${String(stopActing)}" for when Client1 stops acting: give told, never or own-deadline.`,
    };
  if (keepalive !== undefined && typeof keepalive !== 'boolean')
    return {
      field: 'keepalive',
      error: `Whether the lease is renewed must be true or false (got ${String(keepalive)}).`,
    };
  if (lateWrite !== undefined && typeof lateWrite !== 'boolean')
    return {
      field: 'lateWrite',
      error: `Whether Client1 writes late must be true or false (got ${String(lateWrite)}).`,
    };
  if (lateWrite && params.fault === 'slow-network')
    return {
      field: 'lateWrite',
      error:
        'A write held up on the network already lands when the network lets it: a late write is for the other faults.',
    };
  if (faultAtMs === undefined) return null;
  const field = 'faultAtMs' as const;
  if (typeof faultAtMs !== 'number' || !Number.isFinite(faultAtMs))
    return { field, error: 'The time the fault starts must be a number of seconds.' };
  if (!Number.isInteger(faultAtMs))
    return { field, error: `The time the fault starts must be a whole number of milliseconds (got ${faultAtMs} ms).` };
  if (faultAtMs < WHAT_IF_MIN_FAULT_AT_MS)
    return {
      field,
      error: `The fault can start at ${secondsText(WHAT_IF_MIN_FAULT_AT_MS)} at the earliest, once Client1 has written A (got ${secondsText(faultAtMs)}).`,
    };
  const longest = Math.min(WHAT_IF_MAX_MS, WHAT_IF_MAX_LEASES * params.leaseTtlMs);
  if (faultAtMs > longest)
    return {
      field,
      error: `With a ${secondsText(params.leaseTtlMs)} lease, the fault can start at ${secondsText(longest)} at the latest (got ${secondsText(faultAtMs)}).`,
    };
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

/** Whether the holders renew their lease in this what-if (WhatIfParams.keepalive). */
export const keepaliveOf = (p: Pick<WhatIfParams, 'keepalive' | 'fault'>): boolean =>
  p.keepalive ?? p.fault === 'partition';

/**
 * When Client1's lease ends if the fault starting at `faultAtMs` stops its renewals: a lease after
 * its last renewal before then (every third of a lease, from the start), or a lease after the
 * start where nothing renews (ms).
 */
function leaseEndMs(p: WhatIfParams, faultAtMs: number): number {
  if (!keepaliveOf(p)) return p.leaseTtlMs;
  const every = heartbeatEveryMs(p.leaseTtlMs);
  return Math.floor(faultAtMs / every) * every + p.leaseTtlMs;
}

/** When Client1 writes Y where the fault does not time it: half a second after Client2 asks, and
 * with `lateWrite` half a second after its lease has ended too. */
function zombieAtOf(p: WhatIfParams, faultAtMs: number): number {
  const afterAsk = p.client2AsksAtMs + ZOMBIE_AFTER_ASK_MS;
  return p.lateWrite ? Math.max(afterAsk, leaseEndMs(p, faultAtMs) + ZOMBIE_AFTER_ASK_MS) : afterAsk;
}

/** The fault's actions, with Client1's write Y, which the fault may time. */
function faultActions(p: WhatIfParams, faultAtMs: number, writeTargets: string[], authorities: string[]): Action[] {
  const n = p.faultMs;
  const zombieAtMs = zombieAtOf(p, faultAtMs);
  const y = (atMs: number): Action => ({ atMs, type: 'write', client: 'Client1', value: 'Y' });
  switch (p.fault) {
    case 'pause':
      // Client1 had decided to write Y when the pause hit: the write waits inside the frozen client
      // (or, written late, is made after its lease has ended, however long it slept).
      return [
        { atMs: faultAtMs, type: 'pause', client: 'Client1', durationMs: n },
        y(p.lateWrite ? Math.max(faultAtMs + n, zombieAtMs) : faultAtMs),
      ];
    case 'slow-network':
      return [
        ...writeTargets.map((to): Action => ({ atMs: faultAtMs, type: 'delay', from: 'Client1', to, extraMs: n })),
        y(faultAtMs),
      ];
    case 'client-clock-jump':
      return [{ atMs: faultAtMs, type: 'clockJump', party: 'Client1', deltaMs: n }, y(zombieAtMs)];
    case 'server-clock-jump':
      return [
        ...authorities.map((party): Action => ({ atMs: faultAtMs, type: 'clockJump', party, deltaMs: n })),
        y(zombieAtMs),
      ];
    case 'partition':
      return [
        ...authorities.map((b): Action => ({ atMs: faultAtMs, type: 'partition', a: 'Client1', b })),
        ...authorities.map((b): Action => ({ atMs: faultAtMs + n, type: 'heal', a: 'Client1', b })),
        y(zombieAtMs),
      ];
  }
}

/** The scenario's knobs: the lease, the keepalive where on, Client1's stop policy where not the default. */
function knobsOf(p: WhatIfParams): Scenario['knobs'] {
  // A cut from the lock service only matters to a holder that talks to it: the generic clients
  // renew there by default (the real systems' clients always keep their sessions alive).
  const stop = p.stopActing ?? 'told';
  return {
    leaseTtlMs: p.leaseTtlMs,
    ...(keepaliveOf(p) ? { keepalive: true } : {}),
    ...(stop !== 'told' ? { stopActing: { Client1: STOP_POLICY_OF[stop] } } : {}),
  };
}

function scenarioFor(p: WhatIfParams): Scenario {
  const strategy = findStrategy(p.strategy ?? 'fencing')!;
  const clients = clientIds(DEFAULT_CLIENTS);
  const knobs = knobsOf(p);
  const authorities = authoritiesOf(strategy);
  // Where writes go: the stores, or the journal nodes where the lock authority keeps the data.
  const built = strategy.parties(effectiveKnobs(strategy, knobs), clients);
  const stores = built.filter((i) => i.kind === 'resource').map((i) => i.id);
  const writeTargets = stores.length > 0 ? stores : [...authorities];
  const faultAtMs = p.faultAtMs ?? WHAT_IF_FAULT_AT_MS;
  const listed: Action[] = [
    { atMs: 0, type: 'acquire', client: 'Client1' },
    { atMs: FIRST_WRITE_AT_MS, type: 'write', client: 'Client1', value: 'A' },
    ...faultActions(p, faultAtMs, writeTargets, [...authorities]),
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
    description: descriptionOf(p, zombieAtOf(p, faultAtMs)),
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
    const landsMs = faultAtMs + p.faultMs;
    if (landsMs > lastActionMs) scenario.durationMs = landsMs + 5 * p.leaseTtlMs + 1000;
  }
  return scenario;
}

/** "Client1 pauses for 30 s with a 10 s lease; Client2 asks at 11 s", with what differs from the
 * defaults after it: when the fault starts, the keepalive, when Client1 stops, a late write. */
function nameOf(p: WhatIfParams): string {
  const n = secondsText(p.faultMs);
  const what: Record<WhatIfFault, string> = {
    pause: `Client1 pauses for ${n}`,
    'slow-network': `Client1's write is held up ${n} on the way to the store`,
    'client-clock-jump': `Client1's clock jumps ${jumpText(p.faultMs)}`,
    'server-clock-jump': `The lock service's clock jumps ${jumpText(p.faultMs)}`,
    partition: `Client1 is cut off from the lock service for ${n}`,
  };
  const at = p.faultAtMs !== undefined && p.faultAtMs !== WHAT_IF_FAULT_AT_MS ? ` at ${secondsText(p.faultAtMs)}` : '';
  // The default (a cut renews, the rest do not) goes unsaid; the other way is said.
  const renewal = keepaliveOf(p) === (p.fault === 'partition') ? '' : keepaliveOf(p) ? ', renewed' : ', never renewed';
  const extras = [
    ...(p.stopActing === 'never' ? ['Client1 is never told'] : []),
    ...(p.stopActing === 'own-deadline' ? ['Client1 stops at its own deadline'] : []),
    ...(p.lateWrite ? ['Y after its lease'] : []),
  ];
  const base = `${what[p.fault]}${at} with a ${secondsText(p.leaseTtlMs)} lease${renewal}; Client2 asks at ${secondsText(p.client2AsksAtMs)}`;
  // A name has at most NAME_CHARS characters: the extras go first (the description has them all).
  for (let n = extras.length; n >= 0; n--) {
    const name = [base, ...extras.slice(0, n)].join('; ');
    if (name.length <= NAME_CHARS) return name;
  }
  return `${base.slice(0, NAME_CHARS - 1)}…`;
}

/** How Client1's application stops, told in the description (the default goes unsaid). */
const STOP_WORDS: Record<WhatIfStop, string> = {
  told: '',
  never:
    'Its lock library never tells it when the lease is lost (as a Redis watchdog does not), so it goes on acting as the holder.',
  'own-deadline':
    'It stops acting at its own deadline, a third of the lease before the lease would end, unless renewed by then.',
};

/** The race told in order, with every time in seconds; says what to watch, not what happens. */
function descriptionOf(p: WhatIfParams, zombieAtMs: number): string {
  const n = secondsText(p.faultMs);
  const faultAtMs = p.faultAtMs ?? WHAT_IF_FAULT_AT_MS;
  const at = secondsText(faultAtMs);
  const renews = keepaliveOf(p);
  const fault: Record<WhatIfFault, string> = {
    pause: p.lateWrite
      ? `At ${at} it freezes for ${n} (a GC pause); after it wakes it writes Y, at ${secondsText(Math.max(faultAtMs + p.faultMs, zombieAtMs))}, after its lease has ended.`
      : `At ${at} it freezes for ${n} (a GC pause) just as it was about to write Y; Y leaves when it wakes, at ${secondsText(faultAtMs + p.faultMs)}.`,
    'slow-network': `At ${at} it writes Y, and the network holds that message up ${n} on the way to the store.`,
    'client-clock-jump': `At ${at} its clock jumps ${jumpText(p.faultMs)}.`,
    'server-clock-jump': `At ${at} the lock service's clock jumps ${jumpText(p.faultMs)}.`,
    partition: `At ${at} it is cut off from the lock service (but not from the store) for ${n}${renews ? ', so its renewals go nowhere' : ''}.`,
  };
  // Where the fault does not time Y itself, Client1 writes it after Client2 asked: said in that order.
  const timesY = p.fault === 'pause' || p.fault === 'slow-network';
  return [
    'Client1 takes the lock at the start and writes A.',
    ...(renews ? ['Its lock library renews the lease every third of it.'] : []),
    ...(STOP_WORDS[p.stopActing ?? 'told'] ? [STOP_WORDS[p.stopActing ?? 'told']] : []),
    fault[p.fault],
    `Client2 asks for the lock at ${secondsText(p.client2AsksAtMs)} and writes X as soon as it has it.`,
    ...(timesY
      ? []
      : [
          `At ${secondsText(zombieAtMs)} Client1 writes Y${p.lateWrite ? ', after its lease has ended,' : ''} if it still believes it holds the lock.`,
        ]),
    `Every lease lasts ${secondsText(p.leaseTtlMs)}.`,
    "Watch whether Y lands on top of Client2's X, from a holder whose lease may be over by then.",
  ].join(' ');
}
