// Runs one race against real servers: the store, one child process per client, the schedule's
// actions at their times (a pause is SIGSTOP, then SIGCONT after its duration), and the system's
// observer polling the server every OBSERVE_MS. Returns every observation, in time order, and how
// busy the host was from the schedule's start to its end (load.ts), the actions' lateness included.
// Invariant: whatever happens, the children and the store are stopped before it returns or throws;
// a crash/restart or a resume that fails is caught where it starts (never an unhandled rejection),
// ends the schedule early and is thrown after the cleanup.
// Test hook: FENCELAB_RECORD_FAULT=restart makes every restart fail after its crash, =resume makes
// a pause's SIGCONT timer throw (the cleanup must still run and leave nothing frozen or running).

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ChildProcess } from 'node:child_process';
import type { Action } from '../engine/index.ts';
import type { Observation, Schedule } from './format.ts';
import type { ChildConfig } from './clients/types.ts';
import { startStore } from './store.ts';
import { startTracked, stopTracked } from './procs.ts';
import { sleep } from './clients/types.ts';
import { watchLoad, type RaceLoad } from './load.ts';

const OBSERVE_MS = 25;
const READY_MS = 20_000;
const CHILD = fileURLToPath(new URL('./child.ts', import.meta.url));
const FAULT = process.env.FENCELAB_RECORD_FAULT;

/** SIGCONT (or any signal) to a pid that may be gone: false instead of a throw. */
function signal(pid: number, sig: NodeJS.Signals): boolean {
  try {
    process.kill(pid, sig);
    return true;
  } catch {
    return false;
  }
}

type NoteFn = (o: Omit<Observation, 'atMs'>) => void;

/** What a system brings to a race: its servers (already started), links and observer. */
export interface Harness {
  /** The child's system-specific settings (endpoint, master ports, guarded). */
  childConfig(client: string): Pick<ChildConfig, 'system' | 'endpoint' | 'masterPorts' | 'guarded'>;
  /** Looks at the server once and notes what changed since the last look. */
  observe(note: NoteFn, clientOf: (alias: string) => string | undefined): Promise<void>;
  cut(a: string, b: string): void;
  heal(a: string, b: string): void;
  /** Crashes `party` (SIGKILL) and starts it again after `restartAfterMs`, noting both. */
  crash(party: string, restartAfterMs: number, note: NoteFn): Promise<void>;
}

/** Whether /proc says the process is stopped (state T), polled for up to 500 ms. */
async function frozen(pid: number): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    if (/\) T /.test(stat)) return true;
    await sleep(5);
  }
  return false;
}

function spawnChild(config: ChildConfig, onObs: (m: Record<string, unknown>) => void): Promise<ChildProcess> {
  const child = startTracked(config.client, process.execPath, ['--import', 'tsx', CHILD], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, FENCELAB_CHILD: JSON.stringify(config) },
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${config.client} did not start within ${READY_MS} ms`)), READY_MS);
    child.on('message', (m: Record<string, unknown>) => {
      if (m.type === 'ready') {
        clearTimeout(timer);
        resolve(child);
      } else if (m.type === 'obs') onObs(m);
    });
    child.once('exit', (code) => reject(new Error(`${config.client} exited early (${code})`)));
  });
}

/** What a race gives: every observation in time order (ms after the start), and the host's load
 * while the schedule ran (its actionLateMaxMs counts a pause's resume too). */
export interface RaceRun {
  observations: Observation[];
  load: RaceLoad;
}

/** What one race keeps while it runs, shared by its phases below. */
interface Race {
  harness: Harness;
  /** The schedule's start (epoch ms); an observation's atMs is counted from it. */
  t0: number;
  seen: (Observation & { n: number })[];
  /** A token, lease or session id -> the client it belongs to. */
  aliases: Map<string, string>;
  children: Map<string, ChildProcess>;
  restarts: Promise<void>[];
  /** What went wrong off the schedule's own path (a restart, a timer): thrown after the cleanup. */
  failures: unknown[];
  timers: NodeJS.Timeout[];
  actionLateMaxMs: number;
}

function push(race: Race, o: Omit<Observation, 'atMs'>, epochMs = Date.now()): void {
  race.seen.push({ atMs: Math.max(0, Math.round(epochMs - race.t0)), ...o, n: race.seen.length });
}

/** Counts how late something due at `dueEpochMs` ran. */
function lateBy(race: Race, dueEpochMs: number): void {
  race.actionLateMaxMs = Math.max(race.actionLateMaxMs, Date.now() - dueEpochMs);
}

/** Throws the first failure off the schedule's path, if any. */
function check(race: Race): void {
  if (race.failures.length) throw race.failures[0];
}

/** Starts one child per client, in order, each told the store's URL; notes what each reports. */
async function startChildren(race: Race, schedule: Schedule, clients: string[], storeUrl: string): Promise<void> {
  for (const id of clients) {
    const config: ChildConfig = {
      ...race.harness.childConfig(id),
      client: id,
      ttlMs: schedule.knobs.leaseTtlMs ?? 1000,
      storeUrl,
    };
    const child = await spawnChild(config, (m) => {
      const {
        at: when,
        kind,
        token,
        detail,
      } = m as { at: number; kind: string; token?: string; detail?: Record<string, string> };
      for (const a of [token, detail?.lease, detail?.session]) if (a) race.aliases.set(a, id);
      push(race, { party: id, kind, ...(token ? { token } : {}), ...(detail ? { detail } : {}) }, when);
    });
    race.children.set(id, child);
  }
}

/** SIGSTOPs `child`, and SIGCONTs it after the pause's duration (if it has one). */
async function pause(race: Race, a: Extract<Action, { type: 'pause' }>, child: ChildProcess | undefined) {
  if (!child?.pid) return;
  const pid = child.pid;
  const stoppedAt = Date.now();
  process.kill(pid, 'SIGSTOP');
  push(race, { party: a.client, kind: 'client.paused', detail: { frozen: await frozen(pid) } }, stoppedAt);
  const pausedMs = a.durationMs;
  if (pausedMs === undefined) return;
  race.timers.push(
    setTimeout(() => {
      lateBy(race, stoppedAt + pausedMs);
      try {
        if (FAULT === 'resume') throw new Error(`injected fault: resuming ${a.client} failed`);
        process.kill(pid, 'SIGCONT');
        push(race, { party: a.client, kind: 'client.resumed' });
      } catch (e) {
        race.failures.push(e);
      }
    }, pausedMs),
  );
}

/** Crashes a party and starts it again, in the background (awaited at the schedule's end). */
function crash(race: Race, a: Extract<Action, { type: 'crash' }>): void {
  // The handler is attached here, when the promise is made: a failed restart is a failure
  // of the race, never an unhandled rejection that ends Node before the cleanup.
  const restart = race.harness
    .crash(a.party, a.restartAfterMs ?? 0, (o) => push(race, o))
    .then(() => {
      if (FAULT === 'restart') throw new Error(`injected fault: restarting ${a.party} failed`);
    });
  race.restarts.push(restart.catch((e: unknown) => void race.failures.push(e)));
}

/** Performs one of the schedule's actions. */
async function act(race: Race, a: Action): Promise<void> {
  const child = 'client' in a ? race.children.get(a.client) : undefined;
  switch (a.type) {
    case 'acquire':
    case 'release':
      return void child?.send({ type: a.type });
    case 'write':
      return void child?.send({ type: 'write', value: a.value });
    case 'pause':
      return pause(race, a, child);
    case 'resume':
      if (child?.pid) signal(child.pid, 'SIGCONT');
      return push(race, { party: a.client, kind: 'client.resumed' });
    case 'partition':
      race.harness.cut(a.a, a.b);
      return push(race, { party: a.a, kind: 'network.partitioned', detail: { from: a.a, to: a.b } });
    case 'heal':
      race.harness.heal(a.a, a.b);
      return push(race, { party: a.a, kind: 'network.healed', detail: { from: a.a, to: a.b } });
    case 'crash':
      return crash(race, a);
    default:
      throw new Error(`the recorder cannot perform "${a.type}"`);
  }
}

/** Runs the schedule from now (t0) to its end, observing the server all along; the host's load. */
async function play(race: Race, schedule: Schedule): Promise<RaceLoad> {
  const clientOf = (alias: string) => race.aliases.get(alias);
  const watch = watchLoad();
  race.t0 = Date.now();
  let watching = true;
  const observer = (async () => {
    while (watching) {
      await race.harness.observe((o) => push(race, o), clientOf).catch(() => undefined);
      await sleep(OBSERVE_MS);
    }
  })();
  try {
    for (const a of [...schedule.actions].sort((x, y) => x.atMs - y.atMs)) {
      await sleep(race.t0 + a.atMs - Date.now());
      lateBy(race, race.t0 + a.atMs);
      check(race);
      await act(race, a);
    }
    // The rest of the run, in short steps so that a failure ends it at once.
    while (Date.now() < race.t0 + schedule.durationMs) {
      check(race);
      await sleep(Math.min(50, race.t0 + schedule.durationMs - Date.now()));
    }
    await Promise.all(race.restarts);
    check(race);
    const load = watch.stop(race.actionLateMaxMs);
    watching = false;
    await observer;
    return load;
  } finally {
    watching = false;
  }
}

/** Stops every child (resumed first, so none stays frozen) once its restarts have settled. */
async function stopChildren(race: Race): Promise<void> {
  for (const t of race.timers) clearTimeout(t);
  // Every step here is guarded: one child already gone must not stop the others' cleanup.
  for (const child of race.children.values()) {
    if (child.pid) signal(child.pid, 'SIGCONT');
    if (child.connected) child.send({ type: 'close' }, () => undefined);
  }
  // A restart still under way finishes (or fails) before the servers are stopped.
  await Promise.allSettled(race.restarts);
  await sleep(200);
  await Promise.allSettled([...race.children.values()].map((c) => stopTracked(c, { graceMs: 1000 })));
}

/** The observations in time order, each key an observer saw named by its client where known: an
 * observer can see a key before the client has said whose value it is. */
function named(race: Race, clients: string[]): Observation[] {
  const withClient = race.seen.map(({ n, ...o }) => {
    const client = o.client ?? (o.token && !clients.includes(o.party) ? race.aliases.get(o.token) : undefined);
    return { n, ...o, ...(client ? { client } : {}) };
  });
  return withClient.sort((a, b) => a.atMs - b.atMs || a.n - b.n).map(({ n: _n, ...o }) => o);
}

/** Runs `schedule` with `clients` against the harness. */
export async function runRace(harness: Harness, schedule: Schedule, clients: string[]): Promise<RaceRun> {
  const race: Race = {
    harness,
    t0: Date.now(),
    seen: [],
    aliases: new Map(),
    children: new Map(),
    restarts: [],
    failures: [],
    timers: [],
    actionLateMaxMs: 0,
  };
  const rule = schedule.knobs.check === 'none' ? 'none' : 'reject-le';
  const store = await startStore(rule, (o) => push(race, o));
  let load: RaceLoad | undefined;
  try {
    await startChildren(race, schedule, clients, store.url);
    load = await play(race, schedule);
  } finally {
    await stopChildren(race);
    await store.close();
  }
  if (!load) throw new Error('the race ended without its load figures'); // only a thrown race skips them
  return { observations: named(race, clients), load };
}
