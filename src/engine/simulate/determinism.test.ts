import { describe, expect, it } from 'vitest';
import { createSimulator, findPreset } from '../index';
import { ALL_MODELS } from '../models/all';

const { simulate } = createSimulator(ALL_MODELS);

const race = findPreset('canonical-race')!.scenario;

describe('determinism', () => {
  it('the same scenario gives a byte-identical trace JSON', () => {
    const a = JSON.stringify(simulate(race));
    const b = JSON.stringify(simulate(structuredClone(race)));
    expect(a).toBe(b);
  });

  it('another seed changes the network latencies but not the outcome of the race', () => {
    const latencies = (seed: number) => simulate({ ...race, seed }).messages.map((m) => m.deliverMs - m.sentMs);
    expect(latencies(1)).not.toEqual(latencies(2));
    for (const seed of [1, 2, 3, 99]) {
      const trace = simulate({ ...race, seed });
      expect(trace.verdict.staleWritesRejected).toBe(1);
      expect(trace.verdict.ok).toBe(true);
    }
  });

  it('latency stays within the configured bounds', () => {
    const trace = simulate({ ...race, network: { latencyMsMin: 10, latencyMsMax: 20, dropRate: 0 } });
    for (const m of trace.messages) {
      expect(m.deliverMs - m.sentMs - m.delayedMs).toBeGreaterThanOrEqual(10);
      expect(m.deliverMs - m.sentMs - m.delayedMs).toBeLessThanOrEqual(20);
    }
  });

  it('does not mutate the scenario it is given', () => {
    const copy = structuredClone(race);
    simulate(copy);
    expect(copy).toEqual(race);
  });

  it('a fork at time T leaves every step before T unchanged', () => {
    const base = simulate(race);
    const forked = simulate({ ...race, actions: [...race.actions, { atMs: 1250, type: 'expireLease' }] });
    const before = (steps: typeof base.steps) => steps.filter((s) => s.timeMs < 1250).map((s) => JSON.stringify(s));
    expect(before(forked.steps)).toEqual(before(base.steps));
    expect(forked.steps.find((s) => s.timeMs >= 1250)).toMatchObject({ kind: 'lease.expired', timeMs: 1250 });
    expect(base.steps.find((s) => s.timeMs >= 1250)!.kind).not.toBe('lease.expired');
  });
});
