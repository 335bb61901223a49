// Every process the recorder starts, by its own pid, so that each is stopped however the run
// ends: a step that throws, Ctrl-C, SIGTERM. Nothing is found or killed by name.
// Invariant: after stopAll() resolves, no process this recorder started is running, and nothing
// new is started once stopping began; a process exit by any path SIGCONTs and SIGKILLs whatever
// is still tracked (a SIGSTOPped client is never left frozen).

import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

interface Tracked {
  name: string;
  child: ChildProcess;
}

const running = new Map<number, Tracked>();
/** Set by stopAll: from then on startTracked refuses (a restart racing the cleanup starts nothing). */
let stopping = false;

/** Starts `command` directly (no shell, so the pid is the program's own) and tracks it.
 * @throws Error when the program cannot be started (its pid is missing), or once stopAll began. */
export function startTracked(name: string, command: string, args: string[], options: SpawnOptions): ChildProcess {
  if (stopping) throw new Error(`not starting ${name}: the recorder is stopping`);
  const child = spawn(command, args, options);
  if (child.pid === undefined) throw new Error(`could not start ${name} (${command})`);
  const pid = child.pid;
  running.set(pid, { name, child });
  child.once('exit', () => running.delete(pid));
  return child;
}

const exited = (child: ChildProcess, ms: number): Promise<boolean> =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve(true)
    : new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), ms);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve(true);
        });
      });

/** Stops one tracked process: SIGCONT (a frozen process cannot act on SIGTERM), SIGTERM, and
 * SIGKILL after `graceMs`; `kill: true` sends SIGKILL at once (a crash). Resolves once it exited. */
export async function stopTracked(child: ChildProcess, opts: { graceMs?: number; kill?: boolean } = {}): Promise<void> {
  const pid = child.pid;
  if (pid === undefined || !running.has(pid)) return;
  try {
    process.kill(pid, 'SIGCONT');
    process.kill(pid, opts.kill ? 'SIGKILL' : 'SIGTERM');
  } catch {
    // already gone
  }
  if (!(await exited(child, opts.graceMs ?? 3000))) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
    await exited(child, 2000);
  }
  running.delete(pid);
}

/** Stops every process still tracked, in parallel; nothing can be started after it is called. */
export async function stopAll(): Promise<void> {
  stopping = true;
  await Promise.all([...running.values()].map(({ child }) => stopTracked(child)));
}

/** Names and pids still running (for the report at the end). */
export const stillRunning = (): string[] => [...running.entries()].map(([pid, t]) => `${t.name} (pid ${pid})`);

/** Last resort, synchronous (an 'exit' handler cannot wait): SIGCONT then SIGKILL every process
 * still tracked. */
function killAllNow(): void {
  for (const pid of running.keys()) {
    for (const sig of ['SIGCONT', 'SIGKILL'] as const) {
      try {
        process.kill(pid, sig);
      } catch {
        // already gone
      }
    }
  }
  running.clear();
}

let exiting = false;

/** Stops everything (at most `graceMs`, then SIGKILL), then exits with `code`. Runs once. */
export function stopAllAndExit(code: number, why: string, graceMs = 8000): void {
  if (exiting) return;
  exiting = true;
  process.stderr.write(`record: ${why}; stopping the servers and clients it started\n`);
  const hard = setTimeout(() => {
    killAllNow();
    process.exit(code);
  }, graceMs);
  hard.unref();
  void stopAll()
    .catch(() => undefined)
    .finally(() => {
      killAllNow();
      process.exit(code);
    });
}

/**
 * Installed once by main: SIGINT, SIGTERM or SIGHUP stop everything and exit 130; an unhandled
 * rejection or an uncaught exception (a failed restart, a throwing timer) stops everything and
 * exits 1; and whatever path ends the process, the 'exit' handler kills what is still tracked.
 */
export function stopAllOnExit(): void {
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(sig, () => stopAllAndExit(130, sig));
  }
  const fatal = (what: string) => (e: unknown) =>
    stopAllAndExit(1, `${what}: ${e instanceof Error ? e.message : String(e)}`);
  process.on('unhandledRejection', fatal('unhandled rejection'));
  process.on('uncaughtException', fatal('uncaught exception'));
  process.on('exit', killAllNow);
}
