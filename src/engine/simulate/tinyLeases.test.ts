// A lease of 1 or 2 ms is allowed (the validator's minimum is 1 ms): every heartbeat, ping and
// renewal must still move virtual time on, so the run ends instead of spinning at one instant.

import { describe, expect, it } from 'vitest';
import { createSimulator, PRESETS, STRATEGIES } from '../index';
import { withStrategy } from '../surfaces/comparison';
import { heartbeatEveryMs } from '../core/defaults';
import { ALL_MODELS } from '../models/all';

const { simulate } = createSimulator(ALL_MODELS);

describe('the shortest leases', () => {
  const race = PRESETS.find((p) => p.id === 'canonical-race')!.scenario;
  for (const strategy of STRATEGIES) {
    for (const leaseTtlMs of [1, 2, 3]) {
      it(`${strategy.id} with a ${leaseTtlMs} ms lease (keepalive on where it is a knob) ends`, () => {
        const base = withStrategy(race, strategy.id);
        const trace = simulate({ ...base, knobs: { ...base.knobs, leaseTtlMs, keepalive: true } });
        expect(trace.truncated).toBe(false);
        expect(trace.endMs).toBeGreaterThan(0);
      });
    }
  }

  it('a heartbeat goes every third of the lease, never at less than 1 ms', () => {
    expect([1, 2, 3, 10, 1000].map(heartbeatEveryMs)).toEqual([1, 1, 1, 3, 333]);
  });
});
