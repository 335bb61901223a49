// A node's own clocks: its wall clock (true virtual time plus an offset, a linear drift and any
// jumps) and its monotonic clock (the same, without the jumps: a wall-clock step, by NTP or by
// hand, does not move it; drift still does, since both count the same oscillator).
// Invariant: each reading is a non-decreasing function of true time (the wall clock between
// jumps), and trueTimeAt(local) is the earliest true time at which the clock reads at least
// `local`, so a timer armed on a node's clock fires when that node would see it fire.

import type { ClockSpec } from '../core/scenario';

/** Which of its clocks a party's timers run on. */
export type TimerClock = 'wall' | 'monotonic';

export class NodeClock {
  private readonly offsetMs: number;
  private jumpedMs = 0;
  private readonly driftPpm: number;

  constructor(spec: ClockSpec = { offsetMs: 0, driftPpm: 0 }) {
    this.offsetMs = spec.offsetMs;
    this.driftPpm = spec.driftPpm;
  }

  /** An independent clock in the same state (a checkpoint's copy). */
  copy(): NodeClock {
    const clock = new NodeClock({ offsetMs: this.offsetMs, driftPpm: this.driftPpm });
    clock.jumpedMs = this.jumpedMs;
    return clock;
  }

  /** The wall clock at true time `trueMs`, in ms. */
  localAt(trueMs: number): number {
    return this.monotonicAt(trueMs) + this.jumpedMs;
  }

  /** The monotonic clock at true time `trueMs`, in ms: the wall clock less every jump. */
  monotonicAt(trueMs: number): number {
    return trueMs + this.offsetMs + Math.floor((trueMs * this.driftPpm) / 1_000_000);
  }

  /** `which` clock at true time `trueMs`, in ms. */
  readAt(which: TimerClock, trueMs: number): number {
    return which === 'wall' ? this.localAt(trueMs) : this.monotonicAt(trueMs);
  }

  /** Steps the wall clock by `deltaMs` (either sign); the monotonic clock does not move. */
  jump(deltaMs: number): void {
    this.jumpedMs += deltaMs;
  }

  /** The earliest true time >= fromMs at which `which` clock reads >= localMs. */
  trueTimeAt(localMs: number, fromMs: number, which: TimerClock = 'wall'): number {
    if (this.readAt(which, fromMs) >= localMs) return fromMs;
    const rate = 1 + this.driftPpm / 1_000_000;
    const shift = this.offsetMs + (which === 'wall' ? this.jumpedMs : 0);
    let t = Math.max(fromMs, Math.floor((localMs - shift) / rate) - 1);
    while (this.readAt(which, t) < localMs) t++;
    return t;
  }
}
