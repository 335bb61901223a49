// The store's worker path, with a runner the test answers by hand: a long run's document changes
// at once and its trace follows; answers to superseded changes are ignored; a failure puts back
// the document the trace on screen belongs to; a cursor moved meanwhile keeps its label, else its
// time; and a link's step is checked against the run once it has come.

import { describe, expect, it } from 'vitest';
import { createSimulator, type Scenario, type Trace } from '../../engine';
import { longScenario } from '../timeline/harness/longScenario';
import { createLabStore } from './labStore';
import { HERE_MAX_EVENTS } from './code/runs';
import { encodeHash } from './link/url';
import { openFromHash } from './link/urlSync';
import type { TraceRunner } from '../workers/background';
import { ALL_MODELS } from '../../engine/surfaces/allModels';
import { ALL_CODE } from './code/allCode';

const { simulate } = createSimulator(ALL_MODELS);

type Answer = (result: { trace: Trace } | { error: string }) => void;

/** `busy()`: whether the runner is to say a run ended an older one still in progress. */
function fakeRunner(busy = () => false) {
  const asked: { scenario: Scenario; answer: Answer }[] = [];
  const runner: TraceRunner = {
    run: (scenario, answer) => {
      asked.push({ scenario, answer });
      return busy();
    },
  };
  const answer = (i: number) => asked[i]!.answer({ trace: simulate(asked[i]!.scenario) });
  return { runner, asked, answer };
}

const long = longScenario(400);

describe('the store with a worker', () => {
  it('runs a small change here and a long one in the worker, showing the old trace meanwhile', () => {
    const { runner, asked, answer } = fakeRunner();
    const store = createLabStore(undefined, { code: ALL_CODE, background: runner });
    store.getState().setSeed(3);
    expect(asked).toHaveLength(0); // a preset is far under HERE_MAX_EVENTS
    expect(store.getState().trace.scenario.seed).toBe(3);

    const before = store.getState().trace;
    expect(store.getState().loadScenario(long)).toBe(true);
    expect(asked).toHaveLength(1);
    expect(store.getState()).toMatchObject({ computing: true, trace: before });
    expect(store.getState().scenario.name).toBe(long.name);
    answer(0);
    expect(store.getState().computing).toBe(false);
    expect(JSON.stringify(store.getState().trace)).toBe(JSON.stringify(simulate(store.getState().scenario)));
    expect(store.getState().trace.steps.length + store.getState().trace.heartbeats).toBeGreaterThan(
      HERE_MAX_EVENTS / 2,
    );
  });

  it('ignores the answer to a change made before the latest, and shows the latest', () => {
    const { runner, answer } = fakeRunner();
    const store = createLabStore(long, { code: ALL_CODE, background: runner });
    store.getState().setSeed(21);
    store.getState().setSeed(22);
    answer(0);
    expect(store.getState().computing).toBe(true);
    expect(store.getState().trace.scenario.seed).toBe(long.seed);
    answer(1);
    expect(store.getState()).toMatchObject({ computing: false });
    expect(store.getState().trace.scenario.seed).toBe(22);
  });

  it('after a failure, puts back the history as setHistory left it (a load put back stays nothing to redo)', () => {
    const { runner, asked } = fakeRunner();
    const store = createLabStore(undefined, { code: ALL_CODE, background: runner });
    store.getState().setSeed(3);
    store.getState().undo();
    expect(store.getState().future).toHaveLength(1);
    store.getState().setHistory({ future: [] });
    store.getState().loadScenario(long);
    asked[0]!.answer({ error: 'the worker stopped' });
    expect(store.getState()).toMatchObject({ computing: false, past: [], future: [] });
    expect(store.getState().scenario.name).not.toBe(long.name);
  });

  it('a revision kept while its run computes puts the cursor back by time, not by a step of another run', () => {
    const { runner, answer } = fakeRunner();
    const store = createLabStore(undefined, { code: ALL_CODE, background: runner });
    store.getState().loadScenario(long);
    store.getState().seek(5); // a step of the run still on screen
    store.getState().setSeed(99); // kept while computing: its cursor is not long's
    expect(store.getState().past.at(-1)!.cursor).toBeNull();
    answer(1);
    const timeMs = store.getState().trace.steps[store.getState().cursor]!.timeMs;
    store.getState().undo();
    answer(2);
    const s = store.getState();
    expect(s.trace.steps[s.cursor]!.timeMs).toBeLessThanOrEqual(timeMs);
    expect(s.trace.steps[s.cursor + 1]?.timeMs ?? Infinity).toBeGreaterThan(timeMs);
  });

  it('after a failure, puts back the document whose trace is on screen and says why', () => {
    const { runner, asked } = fakeRunner();
    const store = createLabStore(long, { code: ALL_CODE, background: runner });
    store.getState().setSeed(31); // still computing when the next change comes
    store.getState().setSeed(32);
    asked[1]!.answer({ error: 'no party "Redis3" in this strategy' });
    const s = store.getState();
    expect(s.computing).toBe(false);
    expect(s.scenario).toBe(s.trace.scenario);
    expect(s.scenario.seed).toBe(long.seed);
    expect(s.error).toBe('Could not apply the seed: no party "Redis3" in this strategy.');
  });

  it('keeps the time of a cursor moved while the run was computed', () => {
    const { runner, answer } = fakeRunner();
    const store = createLabStore(long, { code: ALL_CODE, background: runner });
    store.getState().seek(40);
    store.getState().setSeed(41);
    store.getState().seek(300);
    const timeMs = store.getState().trace.steps[300]!.timeMs;
    answer(0);
    const { trace, cursor } = store.getState();
    expect(trace.steps[cursor]!.timeMs).toBeLessThanOrEqual(timeMs);
    expect(trace.steps[cursor + 1]?.timeMs ?? Infinity).toBeGreaterThan(timeMs);
  });

  it('keeps the label of a cursor moved onto a labelled step while the run was computed', () => {
    const { runner, answer } = fakeRunner();
    const labelled: Scenario = { ...long, labels: [{ label: 't6', kind: 'write.rejected', client: 'Client1' }] };
    const store = createLabStore(labelled, { code: ALL_CODE, background: runner });
    store.getState().setSeed(42);
    const t6 = store.getState().trace.steps.find((step) => step.label === 't6')!;
    store.getState().seek(t6.index);
    answer(0);
    const { trace, cursor } = store.getState();
    expect(trace.scenario.seed).toBe(42);
    expect(trace.steps[cursor]!.label).toBe('t6');
    // Under seed 42 t6 comes a moment later: by its time alone the cursor would land before it.
    expect(trace.steps[cursor]!.timeMs).toBeGreaterThan(t6.timeMs);
  });

  it('says which run a change stopped before it finished, until the next change', () => {
    let busy = false;
    const { runner, answer } = fakeRunner(() => busy);
    const store = createLabStore(undefined, { code: ALL_CODE, background: runner });
    store.getState().loadScenario(long);
    expect(store.getState().replacedRun).toBeNull();
    busy = true;
    store.getState().setSeed(51);
    expect(store.getState()).toMatchObject({ computing: true, replacedRun: long.name });
    answer(1);
    expect(store.getState()).toMatchObject({ computing: false, replacedRun: long.name });
    busy = false;
    store.getState().setSeed(52);
    expect(store.getState().replacedRun).toBeNull();
  });

  it("checks a link's step against the run once the worker has sent it", async () => {
    const { runner, answer } = fakeRunner();
    const store = createLabStore(undefined, { code: ALL_CODE, background: runner });
    const hash = await encodeHash({ scenario: long, cursor: 500, ownActionCount: long.actions.length });
    expect(await openFromHash(store, hash)).toBe(true);
    expect(store.getState().error).toBeNull(); // the default's 18 steps are not the link's run
    answer(0);
    expect(store.getState()).toMatchObject({ cursor: 500, error: null });

    const far = await encodeHash({ scenario: long, cursor: 99_999, ownActionCount: long.actions.length });
    const other = fakeRunner();
    const store2 = createLabStore(undefined, { code: ALL_CODE, background: other.runner });
    await openFromHash(store2, far);
    expect(store2.getState().error).toBeNull();
    other.answer(0);
    expect(store2.getState().error).toMatch(/asks for step 99999, but this run has only \d+ steps/);
  });
});
