// The event table's rows and its window of rendered rows.
import { describe, expect, it } from 'vitest';
import { createSimulator, findPreset } from '../../engine';
import { eventRow, rowWindow, scrollToShow, tableResources } from './eventRows';
import { ALL_MODELS } from '../../engine/surfaces/allModels';

const { simulate } = createSimulator(ALL_MODELS);

describe('eventRow', () => {
  const trace = simulate(findPreset('canonical-race')!.scenario);
  const resources = tableResources(trace);
  const row = (label: string) =>
    eventRow(
      trace.steps.find((s) => s.label === label)!,
      resources,
      'fencing',
    );

  it("reads the article's trace: the accept at t4 and the reject at t6, with max_seen", () => {
    expect(resources).toEqual(['Storage']);
    expect(row('t4')).toMatchObject({ verdict: 'ACCEPT', token: '34', maxSeen: '34', time: '1,307 ms' });
    expect(row('t4').event).toBe('Client2 write(Storage, 34, X)  34 > 32');
    expect(row('t6')).toMatchObject({ verdict: 'REJECT', token: '33', maxSeen: '34', parties: 'Storage, Client1' });
    expect(row('t0')).toMatchObject({ verdict: '', token: '33', maxSeen: '32' });
  });

  it('lists the parties a step concerns, the acting one first, with no arrow that reads as a message', () => {
    // Found by an engineer trying the lab: "LockService → Client1" at a lease's expiry read as if
    // the client were told, which is the very thing it is not (domain.md, the lease).
    const expiry = trace.steps.find((s) => s.kind === 'lease.expired')!;
    expect(eventRow(expiry, resources, 'fencing').parties).toBe('LockService, Client1');
    for (const step of trace.steps) expect(eventRow(step, resources, 'fencing').parties).not.toContain('→');
  });

  it('leaves the token blank on a step that carries none, and says none for a write without one', () => {
    const race = findPreset('canonical-race')!.scenario;
    const crashed = simulate({
      ...race,
      actions: [...race.actions, { atMs: 1, type: 'crash', party: 'LockService' }],
    });
    const crash = crashed.steps.find((s) => s.party === 'LockService' && s.snapshots.LockService!.down)!;
    expect(eventRow(crash, ['Storage'], 'fencing').token).toBe('');
    const plain = simulate(findPreset('lease-trust-race')!.scenario);
    const write = plain.steps.find((s) => s.write)!;
    expect(eventRow(write, tableResources(plain), 'lease-trust').token).toBe('none');
  });
});

describe('rowWindow', () => {
  it('renders the rows in view plus a few either side, and pads the rest', () => {
    const w = rowWindow(3000, 300, 30, 10_000);
    expect(w.first).toBe(97);
    expect(w.end).toBe(113);
    expect(w.padTopPx).toBe(97 * 30);
    expect(w.padBottomPx).toBe((10_000 - 113) * 30);
    expect(w.end - w.first).toBeLessThan(20);
  });

  it('clamps at both ends', () => {
    expect(rowWindow(0, 300, 30, 5)).toEqual({ first: 0, end: 5, padTopPx: 0, padBottomPx: 0 });
    expect(rowWindow(0, 300, 30, 0)).toEqual({ first: 0, end: 0, padTopPx: 0, padBottomPx: 0 });
  });
});

describe('scrollToShow', () => {
  it('leaves a visible row alone and centres one that is out of view', () => {
    expect(scrollToShow(5, 0, 320, 30, 32)).toBeNull();
    expect(scrollToShow(500, 0, 320, 30, 32)).toBe(500 * 30 - (320 - 32) / 2);
    expect(scrollToShow(0, 900, 320, 30, 32)).toBe(0);
  });

  it("shows every checking store's max_seen, so a journal node that missed an epoch stands out", () => {
    const trace = simulate(findPreset('qjm-missed-epoch')!.scenario);
    const stores = tableResources(trace);
    expect(stores).toEqual(['JN1', 'JN2', 'JN3']);
    const last = eventRow(trace.steps.at(-1)!, stores, 'qjm');
    expect(last.maxSeen.split(' · ')).toHaveLength(3);
    expect(new Set(last.maxSeen.split(' · ')).size).toBeGreaterThan(1);
  });
});
