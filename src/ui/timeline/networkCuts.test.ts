// Network cuts on the timeline: a partition between two parties is drawn on both their lanes, from
// the cut to the heal (or the run's end), naming who each is cut from, and is named in the key.
// A teacher found the cut was only a step label: nothing showed it lasting, or whom it cut off.

import { describe, expect, it } from 'vitest';
import { createSimulator } from '../../engine';
import { batchBars } from './batch';
import { cutText, networkCuts } from './leases';
import { describeTimeline, legendItems } from './readouts';
import { fitWindow } from './viewport';
import { layoutWhole as full, presetScenario as preset } from '../testing/timelineFixtures';
import { ALL_MODELS } from '../../engine/surfaces/allModels';

const { simulate } = createSimulator(ALL_MODELS);

describe('network cuts', () => {
  it('draws a cut on both lanes, to the run’s end when nothing heals it, with the lanes’ names', () => {
    const trace = simulate(preset('lease-trust-partition'));
    const cutAt = trace.steps.find((s) => s.kind === 'network.partitioned')!.timeMs;
    expect(networkCuts(trace)).toEqual([{ a: 'Client1', b: 'LockService', fromMs: cutAt, toMs: null }]);
    const drawn = full(trace).cuts;
    expect(drawn.map((c) => [c.party, c.others])).toEqual([
      ['Client1', ['Lock service']],
      ['LockService', ['Client1']],
    ]);
    for (const c of drawn) expect(c.bar).toMatchObject({ fromMs: cutAt, toMs: trace.endMs });
    expect(drawn[0]!.title).toBe(
      `Client1 cut off from Lock service (no message gets through either way), ${cutAt}–${trace.endMs} ms (still cut at the end of what is shown)`,
    );
    expect(legendItems(trace).map((i) => i.key)).toContain('cut');
    expect(describeTimeline(trace, 0, fitWindow(trace))).toContain('1 network cut;');
    // A run with no cut has none, and no key entry for one.
    const canonical = simulate(preset('canonical-race'));
    expect(full(canonical).cuts).toEqual([]);
    expect(legendItems(canonical).map((i) => i.key)).not.toContain('cut');
  });

  it('ends a cut at the heal of the same two parties, named in either order; cutting them twice is one cut', () => {
    const base = preset('canonical-race');
    const trace = simulate({
      ...base,
      actions: [
        ...base.actions,
        { atMs: 1250, type: 'partition', a: 'Client2', b: 'Storage' },
        { atMs: 1300, type: 'partition', a: 'Storage', b: 'Client2' },
        { atMs: 1400, type: 'heal', a: 'Storage', b: 'Client2' },
      ],
    });
    expect(networkCuts(trace)).toEqual([{ a: 'Client2', b: 'Storage', fromMs: 1250, toMs: 1400 }]);
    const drawn = full(trace).cuts;
    expect(drawn).toHaveLength(2);
    expect(drawn[0]!.title).not.toContain('still cut');
    // A crowded drawing batches them with one rectangle each.
    expect(batchBars([], [], [], drawn).cut.match(/Z/g)).toHaveLength(2);
  });

  it('gives a lane cut from several parties over one time one bar naming them all (Redlock’s split)', () => {
    const drawn = full(simulate(preset('redlock-clock-jump'))).cuts;
    const client1 = drawn.filter((c) => c.party === 'Client1');
    expect(client1).toHaveLength(1);
    expect(client1[0]!.others).toEqual(['Redis master 4', 'Redis master 5']);
    // Each master cut from one client has its own bar.
    expect(drawn.filter((c) => c.party.startsWith('Redis'))).toHaveLength(4);
  });

  it('says whom a bar cuts off where it has room, "cut" where it has a little, nothing in less', () => {
    expect(cutText(['Lock service'], 400)).toBe('cut from Lock service');
    expect(cutText(['Lock service'], 60)).toBe('cut');
    expect(cutText(['Lock service'], 20)).toBeNull();
  });
});
