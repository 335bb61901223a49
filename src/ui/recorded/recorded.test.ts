// The view's plumbing without a browser: the catalog is the shipped files, links read and write
// as documented (and hand the link back to the lab), and loading says what went wrong in words.

import { describe, expect, it } from 'vitest';
import type { Route } from '../store/link/urlSync';
import { CATALOG, recordingOf, runKey } from './catalog';
import { PRESETS, STRATEGIES, carryTo } from '../../engine';
import { scenarioFor, validateRecording } from '../../engine/surfaces/recorded';
import { loadRecording, recordingUrl } from './load';
import { recordedRoute, withRecordings } from './route';

const files = import.meta.glob<unknown>('../../../public/recordings/*.json', { eager: true, import: 'default' });
const shipped = Object.keys(files).map((f) => /([^/]+)\.json$/.exec(f)![1]!);

it('lists exactly the recordings the site ships', () => {
  expect(CATALOG.map((e) => e.id).sort()).toEqual(shipped.sort());
});

describe('which runs a real server was recorded running', () => {
  const recordings = Object.entries(files).map(([file, json]) => {
    const checked = validateRecording(json);
    if (!checked.ok) throw new Error(`${file}: ${checked.message}`);
    return checked.recording;
  });

  it("names each recording's run by the key of its model's scenario, and finds it by that run alone", () => {
    for (const rec of recordings) {
      const entry = CATALOG.find((e) => e.id === rec.id)!;
      expect(entry.run, rec.id).toBe(runKey(scenarioFor(rec)));
      // The name and the labels do not make another run.
      expect(recordingOf({ ...scenarioFor(rec), name: 'renamed', labels: [] })?.id).toBe(rec.id);
    }
  });

  it('finds none for a run that differs in anything that decides it, nor for any preset under any strategy', () => {
    const race = scenarioFor(recordings.find((r) => r.id === 'etcd-race')!);
    const [first, ...rest] = race.actions;
    expect(recordingOf({ ...race, actions: [{ ...first!, atMs: first!.atMs + 1 }, ...rest] })).toBeNull();
    expect(recordingOf({ ...race, seed: race.seed + 1 })).toBeNull();
    expect(recordingOf({ ...race, knobs: { ...race.knobs, leaseTtlMs: 3000 } })).toBeNull();
    expect(recordingOf(carryTo(race, 'zookeeper').scenario)).toBeNull();
    for (const preset of PRESETS)
      for (const s of STRATEGIES) expect(recordingOf(carryTo(preset.scenario, s.id).scenario), preset.id).toBeNull();
  });
});

describe('links', () => {
  it('owns the link while open and gives it back to the inner route when closed', () => {
    const inner: Route = { hash: () => null, suffix: () => '', subscribe: () => () => {}, open: () => false };
    const route = withRecordings(inner, recordedRoute);
    expect(route.open('#recording=zookeeper-race')).toBe(true);
    expect(route.hash()).toBe('#recording=zookeeper-race');
    expect(route.open('#preset=canonical-race')).toBe(false);
    expect(recordedRoute.getState().open).toBe(false);
    expect(route.hash()).toBeNull();
  });
});

describe('loadRecording', () => {
  const base = 'https://example.org/docs/fencelab/index.html';
  const answer =
    (body: string, init: ResponseInit = {}): typeof fetch =>
    async () =>
      new Response(body, { headers: { 'content-type': 'application/json' }, ...init });

  it('fetches beside the page, so a site under a sub-path finds its files', () => {
    expect(recordingUrl('etcd-race', base)).toBe('https://example.org/docs/fencelab/recordings/etcd-race.json');
  });

  it('returns a shipped recording, validated', async () => {
    const raw = JSON.stringify(files['../../../public/recordings/etcd-race.json']);
    expect(await loadRecording('etcd-race', answer(raw), base)).toMatchObject({ ok: true });
  });

  it('says in one sentence what went wrong, never throwing', async () => {
    const msg = async (id: string, f: typeof fetch) =>
      ((await loadRecording(id, f, base)) as { message: string }).message;
    expect(await msg('../secret', answer('{}'))).toMatch(/not the name of a recording/);
    expect(await msg('gone', answer('', { status: 404 }))).toMatch(
      /"gone" could not be opened: the site has no such file/,
    );
    expect(await msg('spa', answer('<!doctype html>', { headers: { 'content-type': 'text/html' } }))).toMatch(
      /no such file/,
    );
    expect(await msg('bad', answer('{not json'))).toMatch(/not valid JSON/);
    expect(await msg('bad', answer('{"format":"x"}'))).toMatch(/"format" is "x"/);
    const offline: typeof fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    expect(await msg('etcd-race', offline)).toMatch(/could not fetch the file \(offline/);
    const other = JSON.stringify(files['../../../public/recordings/etcd-race.json']);
    expect(await msg('zookeeper-race', answer(other))).toMatch(/the file says it is "etcd-race"/);
  });
});
