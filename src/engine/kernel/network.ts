// The network as a party of the engine: latency drawn from the seeded PRNG, random loss,
// partitions between pairs of parties, and one-shot extra delays armed by `delay` actions.
// Invariant: whether and when a message arrives depends only on the seed and the scenario.

import type { NetworkSpec } from '../core/scenario';
import { createRng, type Rng } from './rng';

const pairKey = (a: string, b: string): string => (a < b ? `${a}|${b}` : `${b}|${a}`);

export class Network {
  private rng: Rng;
  private cuts = new Set<string>();
  private pendingDelays = new Map<string, number>();

  constructor(
    private readonly spec: NetworkSpec,
    seed: number,
  ) {
    this.rng = createRng(seed, 'network');
  }

  /** An independent network in the same state: cuts, armed delays and random stream. */
  copy(): Network {
    const network = new Network(this.spec, 0);
    network.rng = this.rng.copy();
    network.cuts = new Set(this.cuts);
    network.pendingDelays = new Map(this.pendingDelays);
    return network;
  }

  /** Latency, extra delay and loss for a message sent now. Draws from the PRNG exactly twice. */
  route(from: string, to: string): { latencyMs: number; delayedMs: number; dropped: boolean } {
    const latencyMs = this.rng.nextInt(this.spec.latencyMsMin, this.spec.latencyMsMax);
    const dropped = this.rng.nextFloat() < this.spec.dropRate;
    const key = `${from}>${to}`;
    const delayedMs = this.pendingDelays.get(key) ?? 0;
    this.pendingDelays.delete(key);
    return { latencyMs, delayedMs, dropped };
  }

  isCut(a: string, b: string): boolean {
    return this.cuts.has(pairKey(a, b));
  }

  partition(a: string, b: string): void {
    this.cuts.add(pairKey(a, b));
  }

  heal(a: string, b: string): void {
    this.cuts.delete(pairKey(a, b));
  }

  delayNext(from: string, to: string, extraMs: number): void {
    this.pendingDelays.set(`${from}>${to}`, extraMs);
  }
}
