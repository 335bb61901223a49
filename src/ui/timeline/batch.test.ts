// A crowded view is drawn in batches; the batches must hold every arrow and bar, sorted by kind.

import { describe, expect, it } from 'vitest';
import { createSimulator, findPreset } from '../../engine';
import { batchBars, batchMessages } from './batch';
import { layoutTimeline } from './layout';
import { fitWindow } from './viewport';
import { ALL_MODELS } from '../../engine/surfaces/allModels';

const { simulate } = createSimulator(ALL_MODELS);

describe('batches', () => {
  const base = findPreset('canonical-race')!.scenario;
  const trace = simulate({
    ...base,
    actions: [
      ...base.actions,
      { atMs: 1250, type: 'partition', a: 'Client2', b: 'Storage' },
      { atMs: 1400, type: 'heal', a: 'Client2', b: 'Storage' },
    ],
  });
  const layout = layoutTimeline(trace, fitWindow(trace), { width: 1200, height: 420 });

  it('keeps one line per arrow, a dropped one in its own batch', () => {
    const batches = batchMessages(layout.messages);
    const lines = batches.reduce((n, b) => n + (b.lines.match(/M/g)?.length ?? 0), 0);
    expect(lines).toBe(layout.messages.length);
    expect(batches.find((b) => b.status === 'dropped')?.lines.match(/M/g)).toHaveLength(1);
  });

  it('keeps one rectangle per bar, the zombie windows apart from the rest', () => {
    const batch = batchBars(layout.leases, layout.pauses, layout.lockDelays);
    const count = (d: string) => d.match(/Z/g)?.length ?? 0;
    expect(count(batch.held)).toBe(layout.leases.filter((l) => l.held).length);
    expect(count(batch.zombie)).toBe(layout.leases.filter((l) => l.zombie).length);
    expect(count(batch.pause)).toBe(layout.pauses.length);
    expect(batch.lockDelay).toBe('');
  });

  it("keeps a lock-delay's rectangle apart from the leases'", () => {
    const chubby = simulate(findPreset('chubby-race')!.scenario);
    const drawn = layoutTimeline(chubby, fitWindow(chubby), { width: 1000, height: 400 });
    expect(drawn.lockDelays).toHaveLength(1);
    const batch = batchBars(drawn.leases, drawn.pauses, drawn.lockDelays);
    const [x1, y] = [drawn.lockDelays[0]!.bar.x1, drawn.lockDelays[0]!.y].map((v) => Math.round(v * 10) / 10);
    expect(batch.lockDelay).toMatch(new RegExp(`^M${x1},${y}h[\\d.]+v[\\d.]+h-[\\d.]+Z$`));
  });
});
