// What the embed's commands do to the store when they can, and cannot, be met.

import { describe, expect, it } from 'vitest';
import { createLabStore } from '../store/labStore';
import { openEmbed, setKnob } from './drive';
import { readEmbedHash } from './embedUrl';
import { ALL_CODE } from '../store/code/allCode';

describe('set-knob', () => {
  it('opens a run for a change, and none for a value the scenario already has', () => {
    const store = createLabStore(undefined, { code: ALL_CODE });
    const first = store.getState().trace;
    // Dropping a setting the scenario does not have, or setting the value it has: nothing happens.
    expect(setKnob(store, 'leaseTtlMs', null)).toBeNull();
    expect(store.getState().trace).toBe(first);
    expect(store.getState().past).toHaveLength(0);
    // A change is a new run, undoable.
    expect(setKnob(store, 'leaseTtlMs', 5000)).toBeNull();
    expect(store.getState().scenario.knobs.leaseTtlMs).toBe(5000);
    expect(store.getState().trace).not.toBe(first);
    expect(store.getState().past).toHaveLength(1);
    const set = store.getState().trace;
    expect(setKnob(store, 'leaseTtlMs', 5000)).toBeNull();
    expect(store.getState().trace).toBe(set);
    expect(store.getState().past).toHaveLength(1);
    // A value the scenario cannot hold changes nothing and says why.
    expect(setKnob(store, 'leaseTtlMs', -1)).toMatch(/^set-knob: /);
    expect(store.getState().trace).toBe(set);
  });
});

describe('an embed link with several mistakes', () => {
  it('names every one in the banner, each a sentence (a misspelt strategy was passed over when the preset was too)', async () => {
    // Reported by a docs author: #embed&preset=canonical-rase&strategy=redlok&stepp=t3.
    const store = createLabStore(undefined, { code: ALL_CODE });
    const options = readEmbedHash('#embed&preset=canonical-rase&strategy=redlok&stepp=t3');
    expect(await openEmbed(store, options)).toHaveLength(3);
    const banner = store.getState().error ?? '';
    expect(banner).toMatch(
      /^The embed link: it has "stepp", which an embed link does not take \(.*\)\. The link names/,
    );
    expect(banner).toContain(
      'a preset "canonical-rase" that does not exist. Could not switch to the strategy "redlok"',
    );
    expect(banner).not.toContain('; ');
    expect(store.getState().scenario.name).toBe('The canonical race');
  });
});
