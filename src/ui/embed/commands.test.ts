// The embed link's reading and the commands' checks: what is refused, and that refusing is cheap.
import { describe, expect, it } from 'vitest';
import { createSimulator, PRESETS, findPreset } from '../../engine';
import { hasCompactLanes } from '../timeline/lanes';
import { boundedSize, noSuchPreset, readCommand } from './commands';
import { embedHashOf, iframeSnippet, readEmbedHash, snippetHeight } from './embedUrl';
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
    // Read here; looked up by the bridge once it has the presets (store/presets.ts).
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

describe('the embed link', () => {
  it('reads its options and fails shut on a bad origin', () => {
    const o = readEmbedHash('#embed&preset=canonical-race&strategy=etcd&step=t6&autoplay&speed=2&show=timeline,cards');
    expect(o).toMatchObject({ hasScenario: true, strategy: 'etcd', speed: 2, autoplay: true, origin: null });
    expect([...o.show]).toEqual(['timeline', 'cards']);
    expect(readEmbedHash('#embed&origin=https%3A%2F%2Fdocs.example').origin).toBe('https://docs.example');
    expect(readEmbedHash('#embed&origin=javascript:1')).toMatchObject({ closed: true, origin: null });
  });
  it('names the parameters it does not take (a typo is not passed over in silence)', () => {
    expect(readEmbedHash('#embed&preset=canonical-race&stepp=t3&foo=bar').problems).toEqual([
      'it has "stepp" and "foo", which an embed link does not take (it takes preset, s, own, strategy, step, autoplay, speed, show, origin)',
    ]);
    expect(
      readEmbedHash('#embed&preset=canonical-race&own=2&strategy=etcd&step=t6&autoplay&speed=2&show=timeline&origin=x')
        .problems,
    ).toHaveLength(1); // the origin's, only
  });
  it('is written from a lab link, and its snippet escapes', () => {
    expect(embedHashOf('#preset=canonical-race&step=4')).toBe('#embed&preset=canonical-race&step=4');
    // A labelled step is named by its label; the scenario's own text is left alone.
    expect(embedHashOf('#preset=canonical-race&strategy=etcd&step=t2')).toBe(
      '#embed&preset=canonical-race&strategy=etcd&step=t2',
    );
    expect(iframeSnippet('a&b"', 'T')).toContain('src="a&amp;b&quot;"');
  });
  it("is taller for a run with compact lanes, whose names are 9 px type at 360 (Redlock's masters)", () => {
    const height = (id: string) => snippetHeight(hasCompactLanes(simulate(findPreset(id)!.scenario).parties));
    expect([height('redlock-race'), height('canonical-race'), height('qjm-race')]).toEqual([420, 360, 360]);
  });
});
