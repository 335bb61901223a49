// Every process the recorder starts, by its own pid, so that each is stopped however the run
// ends: a step that throws, Ctrl-C, SIGTERM. Nothing is found or killed by name.
// Invariant: after stopAll() resolves, no process this recorder started is running.

import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

interface Tracked {
  name: string;
  child: ChildProcess;
}

const running = new Map<number, Tracked>();

/** Starts `command` directly (no shell, so the pid is the program's own) and tracks it.
 * @throws Error when the program cannot be started (its pid is missing). */
export function startTracked(name: string, command: string, args: string[], options: SpawnOptions): ChildProcess {
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

/** Stops every process still tracked, in parallel. */
export async function stopAll(): Promise<void> {
  await Promise.all([...running.values()].map(({ child }) => stopTracked(child)));
}

/** Names and pids still running (for the report at the end). */
export const stillRunning = (): string[] => [...running.entries()].map(([pid, t]) => `${t.name} (pid ${pid})`);

/** On SIGINT, SIGTERM or SIGHUP: stop everything, then exit 130. Installed once. */
export function stopAllOnSignals(): void {
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(sig, () => {
      process.stderr.write(`\nrecord: ${sig}, stopping the servers and clients it started\n`);
      void stopAll().finally(() => process.exit(130));
    });
  }
}
