// Field labels and values in plain words, for every strategy's parties.
import { describe, expect, it } from 'vitest';
import { createSimulator, PRESETS } from '../../engine';
import { fieldLabel, fieldText, plainWords } from './fields';
import { partyCards } from './partyModel';
import { ALL_MODELS } from '../../engine/surfaces/allModels';

const { simulate } = createSimulator(ALL_MODELS);

describe('card fields', () => {
  it('labels every field of every preset in words, never with an engine field name', () => {
    for (const preset of PRESETS) {
      const trace = simulate(preset.scenario);
      for (const cursor of [0, Math.floor(trace.steps.length / 2), trace.steps.length - 1]) {
        for (const card of partyCards(trace, cursor)) {
          for (const row of card.rows) {
            expect(row.label, `${preset.id} ${card.id} ${row.key}`).not.toMatch(/[a-z][A-Z]|Ms\b/);
          }
        }
      }
    }
  });

  it('names the fields the systems add', () => {
    expect(fieldLabel('okMasters', 'client', 'redlock')).toBe('OK from');
    expect(fieldLabel('expiresAtMs', 'lock', 'redlock')).toBe('Key expires (own clock)');
    expect(fieldLabel('leaseDeadlineMs', 'client', 'etcd')).toBe('Lease ends (own clock)');
    expect(fieldLabel('lockDelayUntilMs', 'lock', 'chubby')).toBe('Lock-delay ends');
    expect(fieldLabel('localLeaseUntilMs', 'client', 'chubby')).toBe('Session lease ends (own clock)');
    expect(fieldLabel('lastWriterEpoch', 'resource', 'qjm')).toBe('Epoch of the last writer');
    expect(fieldLabel('ipcSerial', 'resource', 'qjm')).toBe('Last call number');
    expect(fieldLabel('lastTxid', 'resource', 'qjm')).toBe('Last edit written');
    expect(fieldLabel('committedTxid', 'client', 'qjm')).toBe('Edits committed up to');
  });

  it("tells a Redlock client's random value from a store's data", () => {
    expect(fieldLabel('value', 'client', 'redlock')).toBe('Random value');
    expect(fieldLabel('value', 'lock', 'redlock')).toBe('Value in the key');
    expect(fieldLabel('value', 'lock', 'etcd')).toBe('Stored value');
    expect(fieldLabel('value', 'resource', 'fencing')).toBe('Stored value');
  });

  it('still reads a field nobody has labelled yet as words', () => {
    expect(plainWords('someNewDeadlineMs')).toBe('Some new deadline');
  });

  it('writes times as "1,250 ms", in fields and in session lists', () => {
    expect(fieldText('leaseDeadlineMs', 1250)).toBe('1,250 ms');
    expect(fieldText('lockDelayUntilMs', null)).toBe('—');
    expect(fieldText('sessions', '0x1 Client1 until 1015, 0x2 Client2 until 2221')).toBe(
      '0x1 Client1 until 1,015 ms, 0x2 Client2 until 2,221 ms',
    );
    expect(fieldText('check', 'epoch')).toBe('reject epoch < max_seen');
  });
});
