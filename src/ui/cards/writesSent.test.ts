// "Writes sent" on a client's card counts the whole run up to the cursor: it never falls as the
// cursor moves on, not when a grant ends nor when the next one starts (the machines' own field is
// the per-grant sequence number, which does). The same holds for every count a card shows.
import { describe, expect, it } from 'vitest';
import { createSimulator, PRESETS, STRATEGIES, findPreset, type Trace } from '../../engine';
import { withStrategy } from '../../engine/surfaces/comparison';
import { partyCards } from './partyModel';
import { ALL_MODELS } from '../../engine/surfaces/allModels';

const { simulate } = createSimulator(ALL_MODELS);

const COUNTS = [
  'Writes sent',
  'Renewals sent',
  'Renewals granted',
  'Writes accepted',
  'Writes rejected',
  'Emails sent',
];

/** Every count row of every card, step by step: fails at the first step where one falls. */
function expectCountsNeverFall(trace: Trace, name: string) {
  const last = new Map<string, number>();
  for (let i = 0; i < trace.steps.length; i++) {
    for (const card of partyCards(trace, i)) {
      for (const row of card.rows) {
        if (!COUNTS.includes(row.label)) continue;
        const id = `${card.id} ${row.label}`;
        const value = Number(row.value.replace(/,/g, ''));
        expect(value, `${name}, step ${i}: ${id}`).toBeGreaterThanOrEqual(last.get(id) ?? 0);
        last.set(id, value);
      }
    }
  }
}

const writesSent = (trace: Trace, cursor: number, client: string) =>
  partyCards(trace, cursor)
    .find((c) => c.id === client)!
    .rows.find((r) => r.label === 'Writes sent')!;

describe('Writes sent', () => {
  const trace = simulate(findPreset('canonical-race')!.scenario);
  const end = trace.steps.length - 1;

  it('still counts a write after the grant it went under has ended', () => {
    // Client1 writes Y under token 33, whose lease then expires; Client2 writes X under 34.
    const expired = trace.steps.findIndex((s) => s.kind === 'lease.expired');
    expect(expired).toBeGreaterThan(0);
    expect(writesSent(trace, end, 'Client1').value).toBe('1');
    expect(writesSent(trace, end, 'Client2').value).toBe('1');
    const client1Write = trace.steps.findIndex((s) => s.kind === 'write.sent' && s.party === 'Client1');
    expect(writesSent(trace, client1Write, 'Client1')).toMatchObject({ value: '1', changed: true });
    expect(writesSent(trace, client1Write - 1, 'Client1')).toMatchObject({ value: '0', changed: false });
    expect(writesSent(trace, end, 'Client1').changed).toBe(false);
  });

  it('counts writes across grants: a client that holds the lock twice', () => {
    // Released, then taken again: the machine's sequence number starts over, the card does not.
    const scenario = {
      ...findPreset('canonical-race')!.scenario,
      actions: [
        { atMs: 0, type: 'acquire', client: 'Client1' },
        { atMs: 100, type: 'write', client: 'Client1', value: 'A' },
        { atMs: 200, type: 'release', client: 'Client1' },
        { atMs: 400, type: 'acquire', client: 'Client1' },
        { atMs: 500, type: 'write', client: 'Client1', value: 'B' },
        { atMs: 600, type: 'write', client: 'Client1', value: 'C' },
      ],
    } as typeof trace.scenario;
    const twice = simulate(scenario);
    expect(twice.steps.filter((s) => s.kind === 'lock.granted')).toHaveLength(2);
    expect(writesSent(twice, twice.steps.length - 1, 'Client1').value).toBe('3');
    expectCountsNeverFall(twice, 'two grants');
  });

  it('never falls, for every count on every card, in every preset and the race under every strategy', () => {
    for (const preset of PRESETS) expectCountsNeverFall(simulate(preset.scenario), preset.id);
    const race = findPreset('canonical-race')!.scenario;
    for (const strategy of STRATEGIES) expectCountsNeverFall(simulate(withStrategy(race, strategy.id)), strategy.id);
  });
});
