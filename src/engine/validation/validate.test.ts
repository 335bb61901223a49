import { describe, expect, it } from 'vitest';
import { asSentence, findPreset, formatScenarioError, parseScenarioJson, validateScenario } from '../index';

const race = findPreset('canonical-race')!.scenario;
const errorOf = (raw: unknown) => {
  const result = validateScenario(raw);
  if (result.ok) throw new Error('expected the scenario to be rejected');
  return formatScenarioError(result.error);
};
const withChange = (change: Record<string, unknown>) => ({ ...structuredClone(race), ...change });

describe('validateScenario', () => {
  it('accepts a minimal scenario and fills in the defaults', () => {
    const result = validateScenario({ format: 'fencelab.scenario', version: 1, strategy: 'fencing' });
    expect(result).toMatchObject({
      ok: true,
      scenario: {
        clients: 2,
        // One default seed: a file that names none runs with the presets' seed.
        seed: race.seed,
        knobs: {},
        actions: [],
        labels: [],
        network: { latencyMsMin: 2, latencyMsMax: 8, dropRate: 0 },
      },
    });
    expect(race.seed).toBe(7);
  });

  it.each([
    [null, '(scenario): expected an object, got null'],
    [{ format: 'x', version: 1 }, 'format: expected "fencelab.scenario", got "x": is this a Fencelab scenario file?'],
    [{ format: 'fencelab.scenario', version: 2 }, 'version: expected 1, got 2: this Fencelab reads scenario version 1'],
  ])('rejects %j with a message naming the field', (raw, message) => {
    expect(errorOf(raw)).toBe(message);
  });

  it('names the field, what was expected and what was found', () => {
    expect(errorOf(withChange({ strategy: 'paxos' }))).toMatch(
      /^strategy: expected one of .*"fencing".*, got "paxos"$/,
    );
    expect(errorOf(withChange({ seed: -1 }))).toBe('seed: expected a whole number from 0 to 4294967295, got -1');
    expect(errorOf(withChange({ knobs: { leaseTTL: 5 } }))).toMatch(
      /^knobs\.leaseTTL: unknown field \(expected one of .*"leaseTtlMs"/,
    );
    expect(errorOf(withChange({ knobs: { check: '<' } }))).toMatch(/^knobs\.check: expected one of "reject-le"/);
    expect(errorOf(withChange({ network: { latencyMsMin: 10, latencyMsMax: 5 } }))).toBe(
      'network.latencyMsMax: expected a whole number from 10 to 600000, got 5',
    );
    expect(errorOf(withChange({ clocks: { Client7: { offsetMs: 1 } } }))).toMatch(/^clocks\.Client7: unknown field/);
  });

  it('refuses a retry policy no client could run, naming the knob, and keeps a good one as given', () => {
    const knob = (knobs: Record<string, unknown>) => errorOf(withChange({ strategy: 'redlock', knobs }));
    expect(knob({ retryCount: -1 })).toBe('knobs.retryCount: expected a whole number from 0 to 1000, got -1');
    expect(knob({ retryCount: 2.5 })).toBe('knobs.retryCount: expected a whole number from 0 to 1000, got 2.5');
    expect(knob({ retryCount: 1001 })).toBe('knobs.retryCount: expected a whole number from 0 to 1000, got 1001');
    expect(knob({ retryCount: Infinity })).toBe(
      'knobs.retryCount: expected a whole number from 0 to 1000, got a number too large to hold',
    );
    expect(knob({ retryCount: '3' })).toBe('knobs.retryCount: expected a whole number from 0 to 1000, got "3"');
    expect(knob({ retryDelayMs: -100 })).toBe('knobs.retryDelayMs: expected a whole number from 0 to 600000, got -100');
    expect(knob({ retryDelayMs: 600_001 })).toBe(
      'knobs.retryDelayMs: expected a whole number from 0 to 600000, got 600001',
    );
    expect(knob({ retryJitterMs: 0.5 })).toBe('knobs.retryJitterMs: expected a whole number from 0 to 600000, got 0.5');
    expect(knob({ retryJitterMs: null })).toBe(
      'knobs.retryJitterMs: expected a whole number from 0 to 600000, got null',
    );
    // JSON has no Infinity: a file says 1e400, which reads as one.
    const json = parseScenarioJson(
      JSON.stringify(withChange({ strategy: 'redlock', knobs: { retryCount: 0 } })).replace(
        '"retryCount":0',
        '"retryCount":1e400',
      ),
    );
    expect(!json.ok && formatScenarioError(json.error)).toBe(
      'knobs.retryCount: expected a whole number from 0 to 1000, got a number too large to hold',
    );
    const ok = validateScenario(
      withChange({ strategy: 'redlock', knobs: { retryCount: 0, retryDelayMs: 0, retryJitterMs: 600_000 } }),
    );
    expect(ok.ok && ok.scenario.knobs).toEqual({ retryCount: 0, retryDelayMs: 0, retryJitterMs: 600_000 });
  });

  it('refuses a label naming a kind of step that does not exist, which would label nothing', () => {
    const labelled = (kind: string) => withChange({ labels: [{ label: 't6', kind }] });
    expect(errorOf(labelled('write.rejectd'))).toBe(
      'labels[0].kind: expected a kind of step such as "write.queued", "write.sent", "write.skipped", "write.accepted", "write.rejected", "write.acked", "write.refused", got "write.rejectd"',
    );
    expect(errorOf(labelled('rejected'))).toMatch(
      /^labels\[0\]\.kind: expected a kind of step such as "lock\.granted"/,
    );
    const on = (field: string, value: string) =>
      errorOf(withChange({ labels: [{ label: 't9', kind: 'write.accepted', [field]: value }] }));
    expect(on('party', 'Storagee')).toMatch(/^labels\[0\]\.party: expected one of .*"Storage".*, got "Storagee"$/);
    expect(on('client', 'Client7')).toBe('labels[0].client: expected one of "Client1", "Client2", got "Client7"');
    const ok = validateScenario(labelled('write.rejected'));
    expect(ok.ok && ok.scenario.labels).toEqual([{ label: 't6', kind: 'write.rejected' }]);
  });

  it("takes a write label's stale flag, and refuses it elsewhere or as anything but true or false", () => {
    const labelled = (label: object) => withChange({ labels: [{ label: 'stale', ...label }] });
    const ok = validateScenario(labelled({ kind: 'write.rejected', stale: true }));
    expect(ok.ok && ok.scenario.labels).toEqual([{ label: 'stale', kind: 'write.rejected', stale: true }]);
    expect(errorOf(labelled({ kind: 'write.accepted', stale: 'yes' }))).toBe(
      'labels[0].stale: expected true or false, got "yes"',
    );
    expect(errorOf(labelled({ kind: 'lock.granted', stale: true }))).toBe(
      'labels[0].stale: only a write.accepted or write.rejected label takes it',
    );
  });

  it('checks each action against the parties of the scenario', () => {
    const bad = (action: unknown) => errorOf(withChange({ actions: [race.actions[0], action] }));
    expect(bad({ atMs: 5, type: 'acquire', client: 'Client9' })).toBe(
      'actions[1].client: expected one of "Client1", "Client2", got "Client9"',
    );
    expect(bad({ atMs: 5, type: 'teleport' })).toMatch(/^actions\[1\]\.type: expected one of "acquire"/);
    expect(bad({ atMs: -5, type: 'expireLease' })).toBe(
      'actions[1].atMs: expected a whole number from 0 to 100000000, got -5',
    );
    expect(bad({ atMs: 5, type: 'crash', party: 'Client1' })).toMatch(
      /^actions\[1\]\.party: expected one of "LockService", "Storage"/,
    );
    expect(bad({ atMs: 5, type: 'partition', a: 'Storage', b: 'Storage' })).toMatch(
      /^actions\[1\]\.b: expected one of/,
    );
    expect(bad({ atMs: 5, type: 'write', client: 'Client1' })).toBe(
      'actions[1].value: expected text of at most 40 characters, got nothing',
    );
    expect(bad({ atMs: 5, type: 'pause', client: 'Client1', durationMs: 10, extra: 1 })).toMatch(
      /^actions\[1\]\.extra: unknown field/,
    );
  });

  it('knows the second store exists only when the knob asks for it', () => {
    const partition = { atMs: 5, type: 'partition', a: 'Client1', b: 'Storage2' };
    expect(errorOf(withChange({ actions: [partition] }))).toMatch(/^actions\[0\]\.b: expected one of/);
    expect(validateScenario(withChange({ knobs: { secondResource: 'unchecked' }, actions: [partition] })).ok).toBe(
      true,
    );
  });

  it('reports broken JSON as a problem with the file', () => {
    const result = parseScenarioJson('{"format": ');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.path).toBe('(file)');
    if (!result.ok) expect(formatScenarioError(result.error)).toMatch(/^it is not valid JSON \(.+\)$/);
  });

  it('says a binary file is not text, without quoting its bytes', () => {
    const png = String.fromCharCode(0xfffd) + 'PNG\r\n\u001a\n\u0000\u0000\u0000\rIHDR';
    const result = parseScenarioJson(png);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(formatScenarioError(result.error)).toBe(
        'it is not text (a picture or another binary file?), so it cannot be a scenario',
      );
    }
  });

  it('ends a message as a sentence once', () => {
    expect(asSentence('is this a Fencelab scenario file?')).toBe('is this a Fencelab scenario file?');
    expect(asSentence('clients: must be at most 6')).toBe('clients: must be at most 6.');
    expect(asSentence('done.')).toBe('done.');
  });
});
