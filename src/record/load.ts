// How busy the host was while a race ran: the figures that tell a recording disturbed by a slow
// host from one the model disagrees with (judge.ts decides; the recorder writes them into the
// recording as `host.load`). Measured in the recorder's own process, never guessed:
//   - Linux's CPU pressure (/proc/pressure/cpu, "some"): the share of the race's wall time in which
//     at least one runnable task on the host waited for a CPU. Two busy loops on a 2-core machine
//     put it near 0.9; the race alone keeps it low.
//   - the recorder's event loop (perf_hooks.monitorEventLoopDelay): how late its own timers fired
//     (its observer's polls, the schedule's actions); the kernel favours a sleeping process, so
//     this stays in tens of ms even on a saturated host: a figure, not the main signal.
// Invariant: watching costs nothing the race can see (one histogram, two reads of a /proc file).

import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** The figures of one race; every duration in ms, shares from 0 to 1. */
export interface HostLoad {
  /** Share of the race's wall time in which some runnable task waited for a CPU; null where the
   * kernel does not report CPU pressure (no /proc/pressure/cpu). */
  cpuWaitShare: number | null;
  /** How late the recorder's timers fired during the race, past their due time: the 99th
   * percentile and the worst. */
  loopLateP99Ms: number;
  loopLateMaxMs: number;
  /** The latest any of the schedule's actions started after its planned time. */
  actionLateMaxMs: number;
  /** The race itself: from its schedule's start (clients ready) to its end. */
  raceMs: number;
  /** From starting the race's servers until all of them served (before the race). */
  serversStartMs: number;
}

/** What watching the race itself gives (the servers' start-up comes before it). */
export type RaceLoad = Omit<HostLoad, 'serversStartMs'>;

/** The histogram's resolution: its samples are this interval plus how late the timer fired. */
const RESOLUTION_MS = 10;

/** Microseconds some task has waited for a CPU since boot, or null without CPU pressure data. */
export function cpuWaitTotalUs(path = '/proc/pressure/cpu'): number | null {
  try {
    const m = readFileSync(path, 'utf8').match(/^some .*\btotal=(\d+)/m);
    return m?.[1] ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/** The share of `wallMs` that the CPU pressure total grew by (0-1), or null if either read failed. */
export function cpuWaitShare(beforeUs: number | null, afterUs: number | null, wallMs: number): number | null {
  if (beforeUs === null || afterUs === null || wallMs <= 0) return null;
  return Math.min(1, Math.max(0, (afterUs - beforeUs) / 1000 / wallMs));
}

const round = (ms: number) => Math.round(ms);

/** Starts watching; `stop` returns the figures since the start. How late the actions started is
 * the caller's to give (only it knows when each was due). */
export function watchLoad(): { stop(actionLateMaxMs: number): RaceLoad } {
  const loop = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  loop.enable();
  const startedMs = performance.now();
  const waitBefore = cpuWaitTotalUs();
  return {
    stop(actionLateMaxMs) {
      loop.disable();
      const raceMs = performance.now() - startedMs;
      const late = (ns: number) => round(Math.max(0, ns / 1e6 - RESOLUTION_MS));
      const share = cpuWaitShare(waitBefore, cpuWaitTotalUs(), raceMs);
      return {
        cpuWaitShare: share === null ? null : Math.round(share * 100) / 100,
        loopLateP99Ms: late(loop.percentile(99)),
        loopLateMaxMs: late(loop.max),
        actionLateMaxMs: round(actionLateMaxMs),
        raceMs: round(raceMs),
      };
    },
  };
}
