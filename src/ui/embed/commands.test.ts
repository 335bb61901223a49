// The commands' checks, what is refused and that refusing is cheap, and the embed's snippet.
import { describe, expect, it } from 'vitest';
import { createSimulator, PRESETS, findPreset } from '../../engine';
import { hasCompactLanes } from '../timeline/lanes';
import { boundedSize, noSuchPreset, readCommand } from './commands';
import { iframeSnippet, snippetHeight } from './embedUrl';
import { ALL_MODELS } from '../../engine/surfaces/allModels';

const { simulate } = createSimulator(ALL_MODELS);

describe('readCommand', () => {
  it('takes each command in its shape', () => {
    expect(readCommand({ type: 'play' })).toEqual({ ok: true, command: { type: 'play' } });
    expect(readCommand('{"type":"seek","step":"t6"}')).toMatchObject({ ok: true, command: { step: 't6' } });
    expect(readCommand({ type: 'load', preset: 'canonical-race', step: 3 })).toMatchObject({ ok: true });
    expect(readCommand({ type: 'load', scenario: findPreset('canonical-race')!.scenario })).toMatchObject({ ok: true });
    expect(readCommand({ type: 'set-knob', key: 'leaseTtlMs', value: null })).toMatchObject({ ok: true });
  });
  it('refuses bad shapes, unknown types and huge payloads with a sentence', () => {
    for (const bad of [null, 1, [], {}, { type: 'x' }, { type: 'seek', step: -1 }, { type: 'set-strategy' }])
      expect(readCommand(bad).ok).toBe(false);
    expect(readCommand({ type: 'load', scenario: { junk: 'x'.repeat(300_000) } })).toMatchObject({ ok: false });
    expect(readCommand('x'.repeat(300_000))).toMatchObject({ ok: false, message: /256 kB/ });
  });
  it('answers a preset it does not have with the ids it has, as it does a strategy or a knob', () => {
    // Read here; looked up by the bridge once it has the presets (store/code/presets.ts).
    expect(readCommand({ type: 'load', preset: 'canonical' })).toMatchObject({ ok: true });
    const message = noSuchPreset('canonical', PRESETS);
    expect(message).toMatch(/^load: There is no preset called "canonical"\. The presets are /);
    for (const { id } of PRESETS) expect(message.split(/[ ,.]+/)).toContain(id);
    for (const preset of [42, 'x'.repeat(101), null])
      expect(readCommand({ type: 'load', preset })).toEqual({
        ok: false,
        message: `load: "preset" should be a preset's id, a text of at most 100 characters.`,
      });
  });
  it('names a field a command does not take, or one it lacks, instead of acting without it', () => {
    expect(readCommand({ type: 'load', preset: 'etcd-race', stpe: 't6' })).toEqual({
      ok: false,
      message: 'load: no field called "stpe" (it takes "preset", "scenario", "step").',
    });
    expect(readCommand({ type: 'play', speed: 2 })).toEqual({
      ok: false,
      message: 'play: no field called "speed" (it takes none).',
    });
    const many = readCommand({ type: 'seek', step: 1, a: 1, b: 2, c: 3, d: 4 });
    expect(many).toMatchObject({
      ok: false,
      message: /^seek: no field called "a", "b", "c" and 1 more \(it takes "step"\)\.$/,
    });
    expect(readCommand({ type: 'set-strategy', stratgy: 'redlock' })).toMatchObject({
      ok: false,
      message: /"stratgy"/,
    });
    expect(readCommand({ type: 'set-strategy' })).toMatchObject({
      ok: false,
      message: /^set-strategy: "strategy" is missing: it should be one of lease-trust, /,
    });
    expect(readCommand({ type: 'seek' })).toMatchObject({ ok: false, message: /^seek: "step" is missing/ });
  });
  it('stops walking a message once it is past the limit', () => {
    const wide = Array.from({ length: 1e6 }, () => 1);
    expect(boundedSize(wide, 1000)).toBe(Infinity);
  });
});

describe("the embed's snippet", () => {
  it('escapes the link it carries', () => {
    expect(iframeSnippet('a&b"', 'T')).toContain('src="a&amp;b&quot;"');
  });
  it("is taller for a run with compact lanes, whose names are 9 px type at 360 (Redlock's masters)", () => {
    const height = (id: string) => snippetHeight(hasCompactLanes(simulate(findPreset(id)!.scenario).parties));
    expect([height('redlock-race'), height('canonical-race'), height('qjm-race')]).toEqual([420, 360, 360]);
  });
});
