// Lock-delays on the timeline: where Chubby or Consul hold a free lock back from everyone, drawn on
// the lock service's lane for as long as the lock service keeps it, and named in the key.

import { describe, expect, it } from 'vitest';
import { createSimulator } from '../../engine';
import { layoutTimeline } from './layout';
import { lockDelaysOf } from './leases';
import { legendItems } from './readouts';
import { fitWindow } from './viewport';
import { TIMELINE_SIZE as SIZE, layoutWhole as full, presetScenario as preset } from '../testing/timelineFixtures';
import { ALL_MODELS } from '../../engine/surfaces/allModels';

const { simulate } = createSimulator(ALL_MODELS);

const canonical = simulate(preset('canonical-race'));

describe('lock-delays', () => {
  it("draws Chubby's lock-delay on its lane, from the lease's expiry for the lock-delay's 1000 ms", () => {
    const trace = simulate(preset('chubby-lock-delay-covers'));
    const expiry = trace.steps.find((s) => s.kind === 'lease.expired')!;
    const [delay, ...others] = full(trace).lockDelays;
    expect(others).toEqual([]);
    expect(delay).toMatchObject({ party: 'Chubby', bar: { fromMs: expiry.timeMs, toMs: expiry.timeMs + 1000 } });
    // Client2 is granted the lock only once it is over.
    const granted = trace.steps.find((s) => s.kind === 'lock.granted' && s.parties.includes('Client2'))!;
    expect(granted.timeMs).toBeGreaterThanOrEqual(delay!.bar.toMs);
    expect(delay!.title).toContain('Lock-delay of 1000 ms on Chubby after the lease of Client1 ended unreleased');
    expect(legendItems(trace).map((i) => i.key)).toContain('lockDelay');
  });

  it("cuts a lock-delay the run stops inside (a run at its step limit) at the run's end, and says so", () => {
    const whole = simulate(preset('chubby-lock-delay-covers'));
    const expiry = whole.steps.find((s) => s.kind === 'lease.expired')!;
    const cut = { ...whole, endMs: expiry.timeMs + 300, truncated: true };
    const [delay] = lockDelaysOf(cut);
    expect(delay).toMatchObject({ fromMs: expiry.timeMs, toMs: expiry.timeMs + 300, running: true });
    expect(layoutTimeline(cut, fitWindow(cut), SIZE).lockDelays[0]!.title).toContain('(still running at the end)');
  });

  it('ends a lock-delay where the lock service drops it: a crash of a service that keeps it in memory', () => {
    const base = preset('consul-lock-delay');
    const trace = simulate({
      ...base,
      actions: [...base.actions, { atMs: 25_000, type: 'crash', party: 'LockService', restartAfterMs: 1000 }],
    });
    const [delay] = lockDelaysOf(trace);
    const crash = trace.steps.find((s) => s.kind === 'node.crashed' && s.party === 'LockService')!;
    expect(delay).toMatchObject({ fromMs: 20_002, toMs: crash.timeMs, running: false });
    // The lock service grants the lock again after its restart, with no lock-delay drawn over the grant.
    const regrant = trace.steps.find((s) => s.kind === 'lock.granted' && s.timeMs > crash.timeMs)!;
    expect(regrant.timeMs).toBeLessThan(35_002);
    expect(delay!.toMs).toBeLessThanOrEqual(regrant.timeMs);
    expect(full(trace).lockDelays[0]!.title).toContain('dropped early');
  });

  it('draws none, and keeps it out of the key, where the lock service has no lock-delay', () => {
    expect(full(canonical).lockDelays).toEqual([]);
    expect(legendItems(canonical).map((i) => i.key)).not.toContain('lockDelay');
  });
});
