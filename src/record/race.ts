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

/** Runs `schedule` with `clients` against the harness. */
export async function runRace(harness: Harness, schedule: Schedule, clients: string[]): Promise<RaceRun> {
  const seen: (Observation & { n: number })[] = [];
  let actionLateMaxMs = 0;
  const lateBy = (dueEpochMs: number) => void (actionLateMaxMs = Math.max(actionLateMaxMs, Date.now() - dueEpochMs));
  let t0 = Date.now();
  const at = (epochMs: number) => Math.max(0, Math.round(epochMs - t0));
  const push = (o: Omit<Observation, 'atMs'>, epochMs = Date.now()) =>
    seen.push({ atMs: at(epochMs), ...o, n: seen.length });
  const aliases = new Map<string, string>();
  const rule = schedule.knobs.check === 'none' ? 'none' : 'reject-le';
  const store = await startStore(rule, (o) => push(o));
  const children = new Map<string, ChildProcess>();
  const restarts: Promise<void>[] = [];
  /** What went wrong off the schedule's own path (a restart, a timer): thrown after the cleanup. */
  const failures: unknown[] = [];
  const fail = (e: unknown) => void failures.push(e);
  const timers: NodeJS.Timeout[] = [];
  let watching = true;
  let load: RaceLoad | undefined;
  try {
    for (const id of clients) {
      const config: ChildConfig = {
        ...harness.childConfig(id),
        client: id,
        ttlMs: schedule.knobs.leaseTtlMs ?? 1000,
        storeUrl: store.url,
      };
      const child = await spawnChild(config, (m) => {
        const {
          at: when,
          kind,
          token,
          detail,
        } = m as { at: number; kind: string; token?: string; detail?: Record<string, string> };
        for (const a of [token, detail?.lease, detail?.session]) if (a) aliases.set(a, id);
        push({ party: id, kind, ...(token ? { token } : {}), ...(detail ? { detail } : {}) }, when);
      });
      children.set(id, child);
    }
    const clientOf = (alias: string) => aliases.get(alias);
    const watch = watchLoad();
    t0 = Date.now();
    const observer = (async () => {
      while (watching) {
        await harness.observe((o) => push(o), clientOf).catch(() => undefined);
        await sleep(OBSERVE_MS);
      }
    })();
    const act = async (a: Action) => {
      const child = 'client' in a ? children.get(a.client) : undefined;
      switch (a.type) {
        case 'acquire':
        case 'release':
          return void child?.send({ type: a.type });
        case 'write':
          return void child?.send({ type: 'write', value: a.value });
        case 'pause': {
          if (!child?.pid) return;
          const stoppedAt = Date.now();
          process.kill(child.pid, 'SIGSTOP');
          push({ party: a.client, kind: 'client.paused', detail: { frozen: await frozen(child.pid) } }, stoppedAt);
          const pausedMs = a.durationMs;
          if (pausedMs !== undefined) {
            const pid = child.pid;
            timers.push(
              setTimeout(() => {
                lateBy(stoppedAt + pausedMs);
                try {
                  if (FAULT === 'resume') throw new Error(`injected fault: resuming ${a.client} failed`);
                  process.kill(pid, 'SIGCONT');
                  push({ party: a.client, kind: 'client.resumed' });
                } catch (e) {
                  fail(e);
                }
              }, pausedMs),
            );
          }
          return;
        }
        case 'resume':
          if (child?.pid) signal(child.pid, 'SIGCONT');
          return void push({ party: a.client, kind: 'client.resumed' });
        case 'partition':
          harness.cut(a.a, a.b);
          return void push({ party: a.a, kind: 'network.partitioned', detail: { from: a.a, to: a.b } });
        case 'heal':
          harness.heal(a.a, a.b);
          return void push({ party: a.a, kind: 'network.healed', detail: { from: a.a, to: a.b } });
        case 'crash': {
          // The handler is attached here, when the promise is made: a failed restart is a failure
          // of the race, never an unhandled rejection that ends Node before the cleanup.
          const restart = harness
            .crash(a.party, a.restartAfterMs ?? 0, (o) => push(o))
            .then(() => {
              if (FAULT === 'restart') throw new Error(`injected fault: restarting ${a.party} failed`);
            });
          return void restarts.push(restart.catch(fail));
        }
        default:
          throw new Error(`the recorder cannot perform "${a.type}"`);
      }
    };
    const check = () => {
      if (failures.length) throw failures[0];
    };
    for (const a of [...schedule.actions].sort((x, y) => x.atMs - y.atMs)) {
      await sleep(t0 + a.atMs - Date.now());
      lateBy(t0 + a.atMs);
      check();
      await act(a);
    }
    // The rest of the run, in short steps so that a failure ends it at once.
    while (Date.now() < t0 + schedule.durationMs) {
      check();
      await sleep(Math.min(50, t0 + schedule.durationMs - Date.now()));
    }
    await Promise.all(restarts);
    check();
    load = watch.stop(actionLateMaxMs);
    watching = false;
    await observer;
  } finally {
    watching = false;
    for (const t of timers) clearTimeout(t);
    // Every step here is guarded: one child already gone must not stop the others' cleanup.
    for (const child of children.values()) {
      if (child.pid) signal(child.pid, 'SIGCONT');
      if (child.connected) child.send({ type: 'close' }, () => undefined);
    }
    // A restart still under way finishes (or fails) before the servers are stopped.
    await Promise.allSettled(restarts);
    await sleep(200);
    await Promise.allSettled([...children.values()].map((c) => stopTracked(c, { graceMs: 1000 })));
    await store.close();
  }
  // An observer can see a key before the client has said whose value it is: name it now.
  const named = seen.map(({ n, ...o }) => {
    const client = o.client ?? (o.token && !clients.includes(o.party) ? aliases.get(o.token) : undefined);
    return { n, ...o, ...(client ? { client } : {}) };
  });
  if (!load) throw new Error('the race ended without its load figures'); // only a thrown race skips them
  return { observations: named.sort((a, b) => a.atMs - b.atMs || a.n - b.n).map(({ n: _n, ...o }) => o), load };
}
