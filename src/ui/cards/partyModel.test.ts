// Party cards as data: state, fields, what changed, and a client's belief against the service's.
import { describe, expect, it } from 'vitest';
import { createSimulator, findPreset } from '../../engine';
import { partyCards } from './partyModel';
import { ALL_MODELS } from '../../engine/surfaces/allModels';

const { simulate } = createSimulator(ALL_MODELS);

const trace = simulate(findPreset('canonical-race')!.scenario);
const at = (label: string) => trace.steps.findIndex((s) => s.label === label);
const card = (label: string, id: string) => partyCards(trace, at(label)).find((c) => c.id === id)!;

describe('partyCards', () => {
  it('has a card per party', () => {
    expect(partyCards(trace, 0).map((c) => c.id)).toEqual(['LockService', 'Client1', 'Client2', 'Storage']);
  });

  it("shows the resource's max_seen and marks it changed when a write raises it", () => {
    expect(card('t4', 'Storage').maxSeen).toEqual({ value: '34', changed: true, checks: true });
    expect(card('t6', 'Storage').maxSeen).toEqual({ value: '34', changed: false, checks: true });
    expect(card('t6', 'Storage').rows.find((r) => r.key === 'rejected')).toMatchObject({ value: '1', changed: true });
  });

  it('sets a paused zombie client beside what the lock service knows', () => {
    const client1 = card('t3', 'Client1');
    expect(client1.paused).toBe(true);
    expect(client1.lease).toMatchObject({
      zombie: true,
      zombieWhy: 'its lease is over, and it does not know',
      authority: 'Lock service',
    });
    expect(client1.lease!.believes).toMatch(/holds token 33 until 1,000 ms on its own clock \(frozen\)/);
    expect(client1.lease!.service).toBe('token 33 expired at 1,005 ms');
    const client2 = card('t4', 'Client2');
    expect(client2.lease).toMatchObject({ zombie: false });
    expect(client2.lease!.service).toBe('token 34 valid until 2,202 ms');
  });

  it("shows the lock service's counter and holder", () => {
    const lock = card('t3', 'LockService');
    expect(lock.rows.find((r) => r.key === 'counter')).toMatchObject({ value: '34', changed: true });
    expect(lock.rows.find((r) => r.key === 'holder')).toMatchObject({ value: 'Client2' });
    expect(lock.stateChanged).toBe(true);
  });

  it('returns nothing past the end of the trace', () => {
    expect(partyCards(trace, 999)).toEqual([]);
  });
});
