// The shareable link round-trips a scenario and its cursor, and turns anything else into a message.
import { compressToEncodedURIComponent } from 'lz-string';
import { describe, expect, it } from 'vitest';
import { PRESETS, findPreset } from '../../engine';
import { decodeHash, encodeHash } from './url';

const race = () => findPreset('canonical-race')!.scenario;

describe('encodeHash / decodeHash', () => {
  it('round-trips every preset with its cursor', () => {
    for (const preset of PRESETS) {
      const hash = encodeHash({ scenario: preset.scenario, cursor: 7, ownActionCount: preset.scenario.actions.length });
      expect(hash).toMatch(/^#s=[^&]+&step=7$/);
      expect(decodeHash(hash)).toEqual({ kind: 'ok', scenario: preset.scenario, cursor: 7 });
    }
  });

  it("keeps how many actions are the scenario's own", () => {
    const scenario = { ...race(), actions: [...race().actions, { atMs: 500, type: 'expireLease' as const }] };
    const decoded = decodeHash(encodeHash({ scenario, cursor: 2, ownActionCount: 5 }));
    expect(decoded).toMatchObject({ kind: 'ok', cursor: 2, ownActionCount: 5 });
  });

  it('opens a preset by name', () => {
    expect(decodeHash('#preset=slow-network&step=3')).toMatchObject({
      kind: 'ok',
      cursor: 3,
      presetId: 'slow-network',
    });
  });

  it('treats an empty hash as nothing to open', () => {
    expect(decodeHash('')).toEqual({ kind: 'empty' });
    expect(decodeHash('#')).toEqual({ kind: 'empty' });
  });

  it.each([
    ['#s=%%%garbage&step=1', /could not be decompressed|not JSON/],
    ['#s=&step=1', /could not be decompressed/],
    [`#s=${compressToEncodedURIComponent('{not json')}`, /not JSON/],
    [`#s=${compressToEncodedURIComponent(JSON.stringify({ ...race(), clients: 99 }))}`, /clients/],
    [`#s=${compressToEncodedURIComponent(JSON.stringify({ format: 'x' }))}`, /format/],
    [`#s=${compressToEncodedURIComponent(JSON.stringify(race()))}&step=abc`, /step/],
    [`#s=${compressToEncodedURIComponent(JSON.stringify(race()))}&step=-1`, /step/],
    ['#preset=nope', /nope/],
    ['#foo=bar', /no scenario/],
  ])('rejects %s with a message', (hash, message) => {
    const decoded = decodeHash(hash);
    expect(decoded.kind).toBe('error');
    if (decoded.kind === 'error') expect(decoded.message).toMatch(message);
  });

  it('never throws on random text', () => {
    for (let i = 0; i < 200; i++) {
      const junk = Array.from({ length: i % 60 }, (_, j) => String.fromCharCode(33 + ((i * 31 + j * 17) % 90))).join(
        '',
      );
      expect(() => decodeHash(`#s=${junk}&step=${i}`)).not.toThrow();
    }
  });
});
