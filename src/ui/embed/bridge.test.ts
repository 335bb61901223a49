// The embed's command queue never waits forever: a command whose run the engine does not finish
// within the bound ends in an error event, puts back what was open, and the commands after it are
// answered; a link whose own run does not finish still sends ready. Driven through a stand-in
// window (the parent, its messages) and a runner that never answers (a jammed worker).

import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLabStore, type LabStore } from '../store/labStore';
import { ALL_CODE } from '../store/code/allCode';
import type { TraceRunner } from '../workers/background';
import { longScenario } from '../timeline/harness/longScenario';
import { startBridge, type Bridge } from './bridge';
import { standInFrame } from '../testing/standInFrame';
import { loadAllPresets } from '../store/code/presets';
import { prepareRun } from '../store/code/loading';

/** A worker that takes every run and never answers. */
const jammed: TraceRunner = { run: () => false };

const BOUND_MS = 150;

// The presets' file and the long run's code are fetched once, before any bound starts: only the
// runs are stuck here.
beforeAll(async () => {
  await loadAllPresets();
  await prepareRun(longScenario(400));
});

function bridgeOn(store: LabStore, frame: ReturnType<typeof standInFrame>, opened?: Promise<unknown>): Bridge {
  return startBridge({
    store,
    win: frame.win,
    origin: null,
    warn: () => undefined,
    early: () => [],
    boundMs: BOUND_MS,
    ...(opened ? { opened } : {}),
  });
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 400 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};

describe('the command queue, bounded', () => {
  it('answers a load whose run never comes with an error, puts back what was open, and answers the next command', async () => {
    const store = createLabStore(undefined, { code: ALL_CODE, background: jammed });
    const frame = standInFrame();
    const bridge = bridgeOn(store, frame);
    await until(() => frame.ofType('ready').length === 1);
    const before = store.getState().scenario;

    frame.send({ type: 'load', scenario: longScenario(400) });
    frame.send({ type: 'seek', step: 3 });
    await until(() => frame.ofType('error').length === 1 && frame.ofType('step').length === 2);
    expect(frame.ofType('error')[0]!.message).toBe(
      'load: its run took longer than 0.15 s to compute, so it was given up. Nothing was changed: the run that was open is still open.',
    );
    expect(store.getState()).toMatchObject({ scenario: before, computing: false, cursor: 3, future: [] });
    expect(frame.ofType('step').at(-1)).toMatchObject({ index: 3 });
    expect(frame.ofType('run')).toHaveLength(0); // no run was opened, as far as the page is told
    bridge.stop();
  });

  it('gives up a command waiting behind a run that never comes, and the one after it too, each with an error', async () => {
    const store = createLabStore(undefined, { code: ALL_CODE, background: jammed });
    const frame = standInFrame();
    const bridge = bridgeOn(store, frame);
    await until(() => frame.ofType('ready').length === 1);
    // A change the page made itself, whose run is stuck: the commands wait for it, within the bound.
    store.getState().loadScenario(longScenario(400));
    frame.send({ type: 'seek', step: 2 });
    frame.send({ type: 'set-knob', key: 'leaseTtlMs', value: 5000 });
    await until(() => frame.ofType('error').length === 2);
    expect(frame.ofType('error').map((e) => e.message)).toEqual([
      'seek: the run on screen was still being computed after 0.15 s, so the command was given up. Nothing was changed.',
      'set-knob: the run on screen was still being computed after 0.15 s, so the command was given up. Nothing was changed.',
    ]);
    bridge.stop();
  });

  it('sends ready when the link opening never ends, and what is open is the run before it', async () => {
    const store = createLabStore(undefined, { code: ALL_CODE, background: jammed });
    const before = store.getState().scenario;
    store.getState().loadScenario(longScenario(400)); // the link's run, stuck in the worker
    const frame = standInFrame();
    const bridge = bridgeOn(store, frame, new Promise(() => undefined));
    await until(() => frame.ofType('ready').length === 1);
    expect(store.getState()).toMatchObject({ scenario: before, computing: false });
    expect(frame.ofType('error')[0]!.message).toMatch(/^The embed link's run took longer than 0.15 s to compute/);
    frame.send({ type: 'seek', step: 1 });
    await until(() => frame.ofType('step').some((e) => e.index === 1));
    bridge.stop();
  });

  it('does nothing more once it has given a command up: a run that comes late does not move the cursor', async () => {
    let answer: (() => void) | null = null;
    const { createSimulator } = await import('../../engine');
    const { ALL_MODELS } = await import('../../engine/surfaces/allModels');
    const late: TraceRunner = {
      run: (scenario, done) => {
        answer = () => done({ trace: createSimulator(ALL_MODELS).simulate(scenario) });
        return false;
      },
    };
    const store = createLabStore(undefined, { code: ALL_CODE, background: late });
    const frame = standInFrame();
    const bridge = bridgeOn(store, frame);
    await until(() => frame.ofType('ready').length === 1);
    frame.send({ type: 'load', scenario: longScenario(400), step: 5 });
    await until(() => frame.ofType('error').length === 1);
    answer!(); // the worker answers after all: the store ignores a run it no longer waits for
    await new Promise((r) => setTimeout(r, 50));
    expect(store.getState()).toMatchObject({ cursor: 0, computing: false });
    expect(store.getState().scenario.name).not.toBe(longScenario(400).name);
    bridge.stop();
  });
});

describe('the bound, counted from when a command was posted', () => {
  afterEach(() => void vi.useRealTimers());
  const fakeClock = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  const GIVEN_UP_LOAD =
    'load: its run took longer than 0.15 s to compute, so it was given up. Nothing was changed: the run that was open is still open.';

  it('answers every command posted together behind a stuck load within the bound of its posting, in order', async () => {
    fakeClock();
    const store = createLabStore(undefined, { code: ALL_CODE, background: jammed });
    const frame = standInFrame();
    const bridge = bridgeOn(store, frame);
    await vi.advanceTimersByTimeAsync(0);
    expect(frame.ofType('ready')).toHaveLength(1);
    const before = store.getState().scenario;
    const heard = frame.posted.length;

    frame.send({ type: 'load', scenario: longScenario(400) });
    frame.send({ type: 'load', scenario: longScenario(401) });
    frame.send({ type: 'load', scenario: longScenario(402) });
    frame.send({ type: 'seek', step: 2 });
    await vi.advanceTimersByTimeAsync(BOUND_MS - 1);
    expect(frame.posted).toHaveLength(heard); // nothing is given up early
    await vi.advanceTimersByTimeAsync(1);

    // Each load (its run stuck in the worker) is given up at the bound of its posting, not one
    // bound after the command before it ended; the seek then runs on what was open.
    expect(frame.ofType('error').map((e) => e.message)).toEqual([GIVEN_UP_LOAD, GIVEN_UP_LOAD, GIVEN_UP_LOAD]);
    expect(frame.ofType('step').at(-1)).toMatchObject({ index: 2 });
    expect(frame.ofType('run')).toHaveLength(0);
    expect(store.getState()).toMatchObject({ scenario: before, computing: false, cursor: 2 });
    bridge.stop();
  });

  it('counts the bound of a command posted while the link still opens from its posting, not from its turn', async () => {
    fakeClock();
    const store = createLabStore(undefined, { code: ALL_CODE, background: jammed });
    store.getState().loadScenario(longScenario(400)); // the link's run, stuck in the worker
    const frame = standInFrame();
    const warned: string[] = [];
    const bridge = startBridge({
      store,
      win: frame.win,
      origin: null,
      warn: (m) => void warned.push(m),
      early: () => [],
      boundMs: BOUND_MS,
      opened: new Promise(() => undefined), // the link's opening never ends
    });
    await vi.advanceTimersByTimeAsync(BOUND_MS / 2);
    frame.send({ type: 'seek', step: 1 }); // its turn comes at the bound, half a bound after it was posted
    await vi.advanceTimersByTimeAsync(BOUND_MS - 1);
    expect(warned).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(warned).toEqual([
      'seek: the run on screen was still being computed after 0.15 s, so the command was given up. Nothing was changed.',
    ]);
    bridge.stop();
  });
});
