// The store's history: whether the run still is its preset, undo one change at a time, the user's
// own name for a run, redo, and the way back to the preset as it ships.
import { beforeAll, describe, expect, it } from 'vitest';
import { findPreset } from '../../engine';
import { UNDO_LIMIT, createLabStore } from './labStore';
import { loadAllPresets } from './code/presets';
import { ALL_CODE } from './code/allCode';

// As the lab and a lesson do before they open (main.tsx): every preset, not only the page's own.
beforeAll(() => loadAllPresets());

const race = () => findPreset('canonical-race')!.scenario;

describe('changed, undo and restore', () => {
  it('says a preset is changed exactly when it differs from the preset, however it was reached', () => {
    const store = createLabStore(undefined, { code: ALL_CODE });
    expect(store.getState().edited).toBe(false);
    store.getState().addAction({ type: 'expireLease' });
    expect(store.getState().edited).toBe(true);
    store.getState().removeAction(store.getState().scenario.actions.length - 1);
    expect(store.getState().edited).toBe(false);
    // Opened as a file or a link: still the preset, and changed because it differs from it.
    store.getState().loadScenario({ ...race(), seed: 8 });
    expect(store.getState().presetId).toBe('canonical-race');
    expect(store.getState().edited).toBe(true);
    store.getState().loadScenario(race());
    expect(store.getState().edited).toBe(false);
  });

  it('undoes changes one at a time, loads included, back to where it started', () => {
    const store = createLabStore(undefined, { code: ALL_CODE });
    const original = store.getState().trace;
    store.getState().seek(6);
    store.getState().addAction({ type: 'expireLease' });
    store.getState().setKnob('leaseTtlMs', 900);
    store.getState().loadPreset('redlock-race');
    expect(store.getState().past).toHaveLength(3);

    store.getState().undo();
    expect(store.getState().scenario.knobs.leaseTtlMs).toBe(900);
    expect(store.getState().presetId).toBe('canonical-race');
    expect(store.getState().edited).toBe(true);
    store.getState().undo();
    expect(store.getState().scenario.knobs.leaseTtlMs).toBeUndefined();
    expect(store.getState().scenario.actions.at(-1)!.type).toBe('expireLease');
    store.getState().undo();
    expect(store.getState().scenario).toEqual(race());
    expect(store.getState().trace).toEqual(original);
    expect(store.getState().edited).toBe(false);
    expect(store.getState().past).toHaveLength(0);
    store.getState().undo(); // nothing left: nothing happens
    expect(store.getState().scenario).toEqual(race());
  });

  it('keeps the cursor at the same time across an undo, and refused changes leave no history', () => {
    const store = createLabStore(undefined, { code: ALL_CODE });
    store.getState().seek(9);
    const timeMs = store.getState().trace.steps[9]!.timeMs;
    store.getState().addAction({ type: 'pause', client: 'Client1' });
    expect(store.getState().loadScenario({ format: 'nope' })).toBe(false);
    expect(store.getState().past).toHaveLength(1);
    store.getState().undo();
    expect(store.getState().trace.steps[store.getState().cursor]!.timeMs).toBe(timeMs);
  });

  it("names and describes the scenario as the user's own, undoably; an empty name changes nothing", () => {
    const store = createLabStore(undefined, { code: ALL_CODE });
    store.getState().seek(9);
    const trace = store.getState().trace;
    expect(store.getState().describe('  Zombie demo ', ' For the docs. ')).toBe(true);
    const s = store.getState();
    expect(s.scenario).toEqual({ ...race(), name: 'Zombie demo', description: 'For the docs.' });
    expect([s.presetId, s.edited, s.cursor]).toEqual([null, true, 9]);
    expect(s.trace.steps).toEqual(trace.steps); // a name changes no step
    expect(s.past).toHaveLength(1);

    expect(store.getState().describe('   ', 'kept?')).toBe(false);
    expect(store.getState().error).toBe('A scenario needs a name. Nothing was changed.');
    expect(store.getState().scenario.name).toBe('Zombie demo');
    expect(store.getState().past).toHaveLength(1);

    // Reopened from a link or a file, it is still the user's own run, not the preset renamed.
    for (const [name, description] of [
      ['Zombie demo', 'For the docs.'],
      ['The canonical race', 'Only the note is new.'],
      ['The canonical race', undefined],
    ] as const) {
      const reopened = createLabStore(undefined, { code: ALL_CODE });
      reopened.getState().loadScenario({ ...race(), name, ...(description ? { description } : {}) });
      expect(reopened.getState().presetId, `${name} / ${description}`).toBe(description ? null : 'canonical-race');
    }

    store.getState().describe('Zombie demo', ''); // the description can be cleared
    expect(store.getState().scenario.description).toBeUndefined();
    store.getState().undo();
    store.getState().undo();
    expect(store.getState().scenario).toEqual(race());
    expect([store.getState().presetId, store.getState().edited]).toEqual(['canonical-race', false]);
  });

  it('restores the preset as it ships, and that too can be undone', () => {
    const store = createLabStore(undefined, { code: ALL_CODE });
    store.getState().addAction({ type: 'expireLease' });
    store.getState().restorePreset();
    expect(store.getState().scenario).toEqual(race());
    expect(store.getState().edited).toBe(false);
    store.getState().undo();
    expect(store.getState().scenario.actions.at(-1)!.type).toBe('expireLease');
  });

  it('redoes what was undone, one change at a time, until a new change starts a new line', () => {
    const store = createLabStore(undefined, { code: ALL_CODE });
    store.getState().addAction({ type: 'expireLease' });
    store.getState().setKnob('leaseTtlMs', 900);
    store.getState().loadPreset('redlock-race');
    const redlock = store.getState().scenario;
    store.getState().undo();
    store.getState().undo();
    store.getState().undo();
    expect(store.getState().scenario).toEqual(race());
    expect(store.getState().future).toHaveLength(3);

    store.getState().redo();
    expect(store.getState().scenario.actions.at(-1)!.type).toBe('expireLease');
    expect(store.getState().scenario.knobs.leaseTtlMs).toBeUndefined();
    expect([store.getState().presetId, store.getState().edited]).toEqual(['canonical-race', true]);
    store.getState().redo();
    expect(store.getState().scenario.knobs.leaseTtlMs).toBe(900);
    store.getState().redo();
    expect(store.getState().scenario).toEqual(redlock);
    expect([store.getState().presetId, store.getState().edited]).toEqual(['redlock-race', false]);
    expect([store.getState().past.length, store.getState().future.length]).toEqual([3, 0]);
    store.getState().redo(); // nothing left: nothing happens
    expect(store.getState().scenario).toEqual(redlock);

    // A redo can be undone again, and a new change after an undo leaves nothing to redo.
    store.getState().undo();
    expect(store.getState().scenario.knobs.leaseTtlMs).toBe(900);
    store.getState().undo();
    store.getState().setSeed(4242);
    expect(store.getState().future).toHaveLength(0);
    store.getState().redo();
    expect(store.getState().scenario.seed).toBe(4242);
    expect(store.getState().scenario.knobs.leaseTtlMs).toBeUndefined();
  });

  it('puts the cursor back where it was, with the run: before the change on undo, as undone on redo', () => {
    const store = createLabStore(undefined, { code: ALL_CODE });
    store.getState().seek(9);
    store.getState().loadPreset('redlock-race'); // opens at its first step
    store.getState().seek(4);
    store.getState().undo();
    expect(store.getState().cursor).toBe(9);
    store.getState().seek(2);
    store.getState().redo();
    expect([store.getState().presetId, store.getState().cursor]).toEqual(['redlock-race', 4]);
    store.getState().undo();
    expect(store.getState().cursor).toBe(2);
  });

  it('takes a knob set back to its default as no change: the run is its preset again', () => {
    const store = createLabStore(undefined, { code: ALL_CODE });
    const ttl = store.getState().scenario.knobs.leaseTtlMs;
    const meant = 1000; // what the canonical race leaves its lease length at (its strategy's default)
    expect(ttl).toBeUndefined();
    store.getState().setKnob('leaseTtlMs', 2500);
    expect(store.getState().edited).toBe(true);
    store.getState().setKnob('leaseTtlMs', meant);
    expect(store.getState().scenario).toEqual(race());
    expect(store.getState().edited).toBe(false);
    expect(store.getState().past).toHaveLength(2);
    // The default set where the knob is left out already is no change at all: nothing to undo.
    store.getState().setKnob('leaseTtlMs', meant);
    expect(store.getState().past).toHaveLength(2);
    // A value the preset itself sets, set back, is the preset again too.
    store.getState().loadPreset('lease-short');
    const [key, value] = Object.entries(store.getState().scenario.knobs)[0]!;
    store.getState().setKnobs({ [key]: 12345 }, 'x');
    store.getState().setKnobs({ [key]: value }, 'x');
    expect(store.getState().edited).toBe(false);
  });

  it('remembers at most UNDO_LIMIT versions', () => {
    const store = createLabStore(undefined, { code: ALL_CODE });
    for (let seed = 1; seed <= UNDO_LIMIT + 10; seed++) store.getState().setSeed(seed + 100);
    expect(store.getState().past).toHaveLength(UNDO_LIMIT);
    for (let i = 0; i < UNDO_LIMIT + 10; i++) store.getState().undo();
    expect(store.getState().future).toHaveLength(UNDO_LIMIT);
  });
});
