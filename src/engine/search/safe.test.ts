// The safe designs (fencing, ZooKeeper, etcd, Chubby, HDFS epochs, each with its store checking)
// report no break within one fault of every kind, and say what they explored as a bound. The
// two-fault bound of every kind takes minutes per design: `npm run bench` measures it.

import { describe, expect, it } from 'vitest';
import { findPreset } from '../index';
import { ALL_MODELS } from '../models/all';
import { FAULT_KINDS } from './faults';
import { search } from './search';

const SAFE = ['canonical-race', 'zookeeper-race', 'etcd-race', 'chubby-race', 'qjm-race'];

describe('safe designs hold within one fault of every kind', () => {
  it.each(SAFE)(
    '%s: no rule broken, and the bound says how many schedules',
    (id) => {
      const r = search({ scenario: findPreset(id)!.scenario, faults: FAULT_KINDS, maxFaults: 1 }, ALL_MODELS);
      expect(r.kind).toBe('held');
      if (r.kind !== 'held') return;
      expect(r.tried).toBeGreaterThan(200);
      expect(r.bound).toBe(
        `No rule broken in all ${r.tried.toLocaleString('en-US')} schedules with up to 1 fault of these kinds: ` +
          "client pause, partition of a client from the lock service, delay of a client's write to the store, " +
          "step of a client's clock, step of the lock service's clock, lock-service crash and restart, " +
          'store crash and restart; that is a bound, not a proof beyond it.',
      );
    },
    30_000,
  );
});
