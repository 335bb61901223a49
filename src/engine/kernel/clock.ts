// A node's own clock: true virtual time plus an offset, a linear drift and any jumps.
// Invariant: local time is a non-decreasing function of true time between jumps, and
// trueTimeAt(local) is the earliest true time at which the clock reads at least `local`, so a
// timer armed on a node's clock fires when that node would see it fire.

import type { ClockSpec } from '../core/scenario';

export class NodeClock {
  private offsetMs: number;
  private readonly driftPpm: number;

  constructor(spec: ClockSpec = { offsetMs: 0, driftPpm: 0 }) {
    this.offsetMs = spec.offsetMs;
    this.driftPpm = spec.driftPpm;
  }

  localAt(trueMs: number): number {
    return trueMs + this.offsetMs + Math.floor((trueMs * this.driftPpm) / 1_000_000);
  }

  jump(deltaMs: number): void {
    this.offsetMs += deltaMs;
  }

  /** The earliest true time >= fromMs at which this clock reads >= localMs. */
  trueTimeAt(localMs: number, fromMs: number): number {
    if (this.localAt(fromMs) >= localMs) return fromMs;
    const rate = 1 + this.driftPpm / 1_000_000;
    let t = Math.max(fromMs, Math.floor((localMs - this.offsetMs) / rate) - 1);
    while (this.localAt(t) < localMs) t++;
    return t;
  }
}
