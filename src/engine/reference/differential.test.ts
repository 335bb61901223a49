// The XState machines and the plain reducers are two statements of one protocol: on the same
// scenarios they must produce the same trace, step for step, and the same verdict.
import { describe, expect, it } from 'vitest';
import { createSimulator, PRESETS, randomWorkload, validateScenario } from '../index';
import { PLAIN_MODELS } from './plainParties';
import { ALL_MODELS } from '../models/all';

const { simulate } = createSimulator(ALL_MODELS);
/** The same strategies' runs with the plain reducers in place of the machines. */
const plain = createSimulator(PLAIN_MODELS);

// The plain reducers cover the generic strategies only; the real systems have machines alone.
const GENERIC = new Set(['fencing', 'lease-trust']);
const genericPresets = PRESETS.filter((p) => GENERIC.has(p.scenario.strategy));

describe('XState machines vs plain reducers', () => {
  it.each(genericPresets.map((p) => [p.id, p.scenario] as const))('agree on preset %s', (_id, scenario) => {
    expect(plain.simulate(scenario)).toEqual(simulate(scenario));
  });

  it('agree on every step of a long random workload with faults', () => {
    for (const strategy of ['fencing', 'lease-trust']) {
      const scenario = randomWorkload({ seed: 11, strategy, actions: 4000, clients: 5 });
      expect(validateScenario(scenario).ok).toBe(true);
      const machines = simulate(scenario);
      const reducers = plain.simulate(scenario);
      expect(machines.steps.length).toBeGreaterThan(8_000);
      expect(reducers.steps.map((s) => [s.timeMs, s.party, s.kind, s.token, s.write?.verdict])).toEqual(
        machines.steps.map((s) => [s.timeMs, s.party, s.kind, s.token, s.write?.verdict]),
      );
      expect(reducers.verdict).toEqual(machines.verdict);
      expect(JSON.stringify(reducers)).toBe(JSON.stringify(machines));
    }
  }, 60_000);

  it('agree with keepalives, every stop policy, a grace factor and a lock-delay, under faults', () => {
    const knobs = {
      keepalive: true,
      leaseGraceFactor: 1.5,
      lockDelayMs: 300,
      stopActing: { Client1: 'never', Client2: 'first-doubt', Client3: 'renew-deadline' } as const,
    };
    for (const strategy of ['fencing', 'lease-trust']) {
      const scenario = randomWorkload({ seed: 12, strategy, actions: 3000, clients: 4, knobs });
      expect(validateScenario(JSON.parse(JSON.stringify(scenario))).ok).toBe(true);
      const machines = simulate(scenario);
      const reducers = plain.simulate(scenario);
      const kinds = new Set(machines.steps.map((s) => s.kind));
      // The run reaches what the knobs add: refused renewals, lost leases, lock-delays, early stops.
      for (const kind of ['renewal.refused', 'lease.lost', 'lockDelay.ended', 'lease.lapsed'] as const)
        expect(kinds.has(kind), kind).toBe(true);
      expect(machines.heartbeats).toBeGreaterThan(50);
      expect(reducers.steps.map((s) => [s.timeMs, s.party, s.kind, s.token])).toEqual(
        machines.steps.map((s) => [s.timeMs, s.party, s.kind, s.token]),
      );
      expect(JSON.stringify(reducers)).toBe(JSON.stringify(machines));
    }
  }, 60_000);
});
