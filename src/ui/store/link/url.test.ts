// The shareable link round-trips a scenario and its cursor, and turns anything else into a message.
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PRESETS, carryTo, findPreset, randomWorkload, validateScenario } from '../../../engine';
import { MAX_LINK_CHARS } from '../../link/grammar';
import { presetUnder } from '../code/presetOf';
import { decodeHash, encodeHash } from './url';

const race = () => findPreset('canonical-race')!.scenario;
/** What a link holds for this text, made without the code under test. */
const packed = (text: string) => deflateRawSync(text).toString('base64url');

describe('encodeHash / decodeHash', () => {
  it('round-trips every preset with its cursor', async () => {
    for (const preset of PRESETS) {
      const hash = await encodeHash({
        scenario: preset.scenario,
        cursor: 7,
        ownActionCount: preset.scenario.actions.length,
      });
      expect(hash).toMatch(/^#s=[A-Za-z0-9_-]+&step=7$/);
      expect(await decodeHash(hash)).toEqual({ kind: 'ok', scenario: preset.scenario, cursor: 7 });
    }
  });

  it('reads a link deflated by another implementation (zlib), and writes one zlib can read', async () => {
    const text = JSON.stringify(race());
    expect(await decodeHash(`#s=${packed(text)}&step=3`)).toEqual({ kind: 'ok', scenario: race(), cursor: 3 });
    const hash = await encodeHash({ scenario: race(), cursor: 0, ownActionCount: race().actions.length });
    const data = /#s=([^&]+)/.exec(hash)![1]!;
    expect(JSON.parse(inflateRawSync(Buffer.from(data, 'base64url')).toString('utf8'))).toEqual(race());
  });

  it('is shorter than the JSON it carries', async () => {
    const scenario = findPreset('redlock-race')!.scenario;
    const hash = await encodeHash({ scenario, cursor: 0, ownActionCount: scenario.actions.length });
    expect(hash.length).toBeLessThan(JSON.stringify(scenario).length / 2);
  });

  it("keeps how many actions are the scenario's own", async () => {
    const scenario = { ...race(), actions: [...race().actions, { atMs: 500, type: 'expireLease' as const }] };
    const decoded = await decodeHash(await encodeHash({ scenario, cursor: 2, ownActionCount: 5 }));
    expect(decoded).toMatchObject({ kind: 'ok', cursor: 2, ownActionCount: 5 });
  });

  it('opens a preset by name', async () => {
    expect(await decodeHash('#preset=slow-network&step=3')).toMatchObject({
      kind: 'ok',
      cursor: 3,
      presetId: 'slow-network',
    });
  });

  it('writes an unchanged preset short, and anything else in full', async () => {
    const scenario = race();
    const own = scenario.actions.length;
    const short = { scenario, cursor: 9, ownActionCount: own, presetId: 'canonical-race', edited: false };
    expect(await encodeHash(short)).toBe('#preset=canonical-race&step=9');
    expect(await decodeHash('#preset=canonical-race&step=9')).toEqual({
      kind: 'ok',
      scenario,
      cursor: 9,
      presetId: 'canonical-race',
    });
    expect(await encodeHash({ ...short, edited: true })).toMatch(/^#s=[\w-]+&step=9$/);
    expect(await encodeHash({ ...short, presetId: null })).toMatch(/^#s=[\w-]+&step=9$/);
    expect(await encodeHash({ ...short, ownActionCount: own - 1 })).toMatch(/^#s=[\w-]+&step=9&own=4$/);
  });

  it('opens a preset under another strategy, and writes that change alone as the same short link', async () => {
    const decoded = await decodeHash('#preset=canonical-race&strategy=etcd&step=t4');
    expect(decoded).toMatchObject({ kind: 'ok', presetId: 'canonical-race', stepLabel: 't4' });
    if (decoded.kind !== 'ok') return;
    expect(decoded.scenario.strategy).toBe('etcd');
    // What the strategy picker makes of the preset: the store validates what it commits.
    const valid = (raw: unknown) => {
      const checked = validateScenario(raw);
      if (!checked.ok) throw new Error('not a valid scenario');
      return checked.scenario;
    };
    expect(JSON.stringify(valid(carryTo(valid(race()), 'etcd').scenario))).toBe(JSON.stringify(decoded.scenario));
    const state = { scenario: presetUnder('canonical-race', 'etcd')!, cursor: 4, presetId: 'canonical-race' };
    const own = state.scenario.actions.length;
    expect(await encodeHash({ ...state, ownActionCount: own, edited: true })).toBe(
      '#preset=canonical-race&strategy=etcd&step=4',
    );
    // Anything more than the strategy is written in full.
    const seeded = { ...state.scenario, seed: state.scenario.seed + 1 };
    expect(await encodeHash({ ...state, scenario: seeded, ownActionCount: own, edited: true })).toMatch(/^#s=/);
    expect(await encodeHash({ ...state, ownActionCount: own - 1, edited: true })).toMatch(/^#s=/);
  });

  it('carries any scenario a link names to the strategy it names; with no scenario, the default one', async () => {
    const bare = await decodeHash('#strategy=zookeeper&step=2');
    expect(bare).toMatchObject({ kind: 'ok', presetId: 'canonical-race', cursor: 2 });
    expect(bare.kind === 'ok' && bare.scenario.strategy).toBe('zookeeper');
    const full = await decodeHash(`#s=${packed(JSON.stringify(race()))}&strategy=lease-trust`);
    expect(full.kind === 'ok' && full.scenario.strategy).toBe('lease-trust');
    expect(full).not.toHaveProperty('presetId');
    // Which actions are the scenario's own is kept, as the strategy picker keeps it.
    const poked = { ...race(), actions: [...race().actions, { atMs: 500, type: 'expireLease' as const }] };
    const own = await decodeHash(`#s=${packed(JSON.stringify(poked))}&own=5&strategy=etcd`);
    expect(own).toMatchObject({ kind: 'ok', ownActionCount: 5 });
    // The preset's own strategy is the preset itself.
    expect(await decodeHash(`#preset=canonical-race&strategy=${race().strategy}`)).toEqual({
      kind: 'ok',
      scenario: race(),
      cursor: 0,
      presetId: 'canonical-race',
    });
  });

  it('takes a label for the step, left for the caller to find in the trace', async () => {
    expect(await decodeHash('#preset=canonical-race&step=t6')).toMatchObject({
      kind: 'ok',
      cursor: 0,
      stepLabel: 't6',
      presetId: 'canonical-race',
    });
    expect(await decodeHash(`#s=${packed(JSON.stringify(race()))}&step=abort`)).toMatchObject({ stepLabel: 'abort' });
    expect(await decodeHash('#preset=canonical-race&step=4')).not.toHaveProperty('stepLabel');
  });

  it('names the parameters a lab link does not take, and opens the rest', async () => {
    expect(await decodeHash('#preset=canonical-race&stepp=t6&x')).toMatchObject({
      kind: 'ok',
      presetId: 'canonical-race',
      unread: ['stepp', 'x'],
    });
    // Every parameter the lab writes, and the lesson step a link came from, is read.
    expect(await decodeHash('#preset=canonical-race&strategy=etcd&step=2&from=fencing-tokens/1/2')).not.toHaveProperty(
      'unread',
    );
  });

  it('names a parameter given twice, and opens the last value of it', async () => {
    expect(await decodeHash('#preset=canonical-race&step=1&step=t6&zz')).toMatchObject({
      kind: 'ok',
      stepLabel: 't6',
      unread: ['zz'],
      repeated: ['step'],
    });
  });

  it('refuses a link over the size limit before decoding it, quoting only its start', async () => {
    const megabyte = `#s=${packed(JSON.stringify(race()))}${'A'.repeat(1024 * 1024)}`;
    const decoded = await decodeHash(megabyte);
    expect(decoded).toEqual({
      kind: 'error',
      message: expect.stringMatching(/^The link is 1,04\d,\d{3} characters long/),
    });
    if (decoded.kind === 'error') expect(decoded.message.length).toBeLessThan(200);
    const preset = await decodeHash(`#preset=${'x'.repeat(2000)}`);
    expect(preset.kind === 'error' && preset.message.length).toBeLessThan(120);
  });

  it('opens the longest scenario the format holds (20,000 random actions) from its link', async () => {
    const long = randomWorkload({ seed: 7, actions: 19_200 });
    expect(long.actions.length).toBeGreaterThan(19_800);
    const checked = validateScenario(long);
    expect(checked.ok).toBe(true);
    const hash = await encodeHash({ scenario: long, cursor: 0, ownActionCount: long.actions.length });
    expect(hash.length).toBeLessThan(MAX_LINK_CHARS);
    expect(await decodeHash(hash)).toMatchObject({ kind: 'ok', scenario: checked.ok && checked.scenario });
  });

  it('treats an empty hash as nothing to open', async () => {
    expect(await decodeHash('')).toEqual({ kind: 'empty' });
    expect(await decodeHash('#')).toEqual({ kind: 'empty' });
  });

  it.each([
    ['#s=%%%garbage&step=1', /could not be decompressed/],
    ['#s=&step=1', /could not be decompressed/],
    ['#s=bm90IGRlZmxhdGU&step=1', /could not be decompressed/],
    [`#s=${packed(JSON.stringify(race())).slice(0, 40)}`, /could not be decompressed/],
    [`#s=${deflateRawSync(Buffer.from([0xff, 0xfe, 0xfd])).toString('base64url')}`, /could not be decompressed/],
    [`#s=${packed('{not json')}`, /not JSON/],
    [`#s=${packed(JSON.stringify({ ...race(), clients: 99 }))}`, /clients/],
    [`#s=${packed(JSON.stringify({ format: 'x' }))}`, /format/],
    [`#s=${packed(JSON.stringify(race()))}&step=1.5`, /step/],
    ['#preset=canonical-race&step=label-far-too-long', /step/],
    [`#s=${packed(JSON.stringify(race()))}&step=-1`, /step/],
    ['#preset=nope', /nope/],
    ['#foo=bar', /names no scenario: it has neither "preset=" nor "s="/],
    ['#preset=canonical-race&strategy=chubbyy', /strategy "chubbyy" that the lab does not have \(it has .*etcd/],
    ['#strategy=%E0%A4%A', /strategy "%E0%A4%A"/],
  ])('rejects %s with a message', async (hash, message) => {
    const decoded = await decodeHash(hash);
    expect(decoded.kind).toBe('error');
    if (decoded.kind === 'error') expect(decoded.message).toMatch(message);
  });

  it('refuses a small link that would decompress to a huge text, without building it', async () => {
    const bomb = deflateRawSync(Buffer.alloc(40 * 1024 * 1024, 32)).toString('base64url');
    expect(bomb.length).toBeLessThan(100_000);
    const decoded = await decodeHash(`#s=${bomb}`);
    expect(decoded).toEqual({ kind: 'error', message: expect.stringMatching(/more than 16 MB/) });
  });

  it('never rejects on random text', async () => {
    for (let i = 0; i < 200; i++) {
      const junk = Array.from({ length: i % 60 }, (_, j) => String.fromCharCode(33 + ((i * 31 + j * 17) % 90))).join(
        '',
      );
      await expect(decodeHash(`#s=${junk}&step=${i}`)).resolves.toHaveProperty('kind');
    }
  });
});
