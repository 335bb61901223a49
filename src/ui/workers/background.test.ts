// The timeline worker's page side, with fake workers the test answers by hand: a run asked for
// while the worker is busy with an older one ends that worker and starts a fresh one (so no run
// waits behind another, however long); an idle worker is kept; answers from an ended worker are
// never heard.

import { describe, expect, it } from 'vitest';
import { createSimulator, findPreset, type Scenario, type Trace } from '../../engine';
import { ALL_MODELS } from '../../engine/surfaces/allModels';
import { ALL_CODE } from '../store/code/allCode';
import { createTraceRunner, type RunWorker } from './background';
import { sliceTrace, type RunReply, type RunRequest } from './wire';

const { simulate } = createSimulator(ALL_MODELS);
const race = findPreset('canonical-race')!.scenario;

class FakeWorker implements RunWorker {
  onmessage: ((event: MessageEvent<RunReply>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  readonly requests: RunRequest[] = [];
  terminated = false;
  postMessage(message: RunRequest): void {
    this.requests.push(message);
  }
  terminate(): void {
    this.terminated = true;
  }
  /** Answers request `index` as the real worker does: the trace's head, then its slices. */
  answer(index = this.requests.length - 1): void {
    const { id, scenario } = this.requests[index]!;
    const { head, slices } = sliceTrace(simulate(scenario));
    const send = (reply: RunReply) => this.onmessage?.({ data: reply } as MessageEvent<RunReply>);
    send({ type: 'head', id, head, resumedFromMs: null });
    for (const slice of slices) send({ type: 'slice', id, slice });
  }
}

function setup() {
  const workers: FakeWorker[] = [];
  const runner = createTraceRunner(ALL_CODE, () => {
    const worker = new FakeWorker();
    workers.push(worker);
    return worker;
  })!;
  const results: { name: string; result: { trace: Trace } | { error: string } }[] = [];
  const ask = (scenario: Scenario) => runner.run(scenario, (result) => results.push({ name: scenario.name, result }));
  return { runner, workers, results, ask };
}

const named = (name: string, seed = 7): Scenario => ({ ...race, name, seed });

describe('the background runner', () => {
  it('ends a worker busy with an older run, and runs the newer one on a fresh worker', () => {
    const { workers, results, ask } = setup();
    expect(ask(named('older'))).toBe(false);
    expect(workers).toHaveLength(1);
    expect(ask(named('newer', 8))).toBe(true);
    expect(workers).toHaveLength(2);
    expect(workers[0]!.terminated).toBe(true);
    expect(workers[1]!.terminated).toBe(false);
    expect(workers[1]!.requests.map((r) => r.scenario.name)).toEqual(['newer']);
    // The ended worker's late answer (were it to come) is not heard.
    workers[0]!.answer(0);
    expect(results).toEqual([]);
    workers[1]!.answer();
    expect(results.map((r) => r.name)).toEqual(['newer']);
    const result = results[0]!.result;
    expect('trace' in result && JSON.stringify(result.trace)).toBe(JSON.stringify(simulate(named('newer', 8))));
  });

  it('keeps a worker that has answered: the next run goes to it, and nothing is replaced', () => {
    const { workers, results, ask } = setup();
    ask(named('first'));
    workers[0]!.answer();
    expect(ask(named('second', 9))).toBe(false);
    expect(workers).toHaveLength(1);
    expect(workers[0]!.terminated).toBe(false);
    workers[0]!.answer();
    expect(results.map((r) => r.name)).toEqual(['first', 'second']);
  });

  it('after a failed run, the worker is idle and kept', () => {
    const { workers, results, ask } = setup();
    ask(named('bad'));
    const { id } = workers[0]!.requests[0]!;
    workers[0]!.onmessage?.({ data: { type: 'failed', id, message: 'no such party' } } as MessageEvent<RunReply>);
    expect(results).toEqual([{ name: 'bad', result: { error: 'no such party' } }]);
    expect(ask(named('good'))).toBe(false);
    expect(workers).toHaveLength(1);
  });

  it('a chain of runs each asked while the last is busy ends each older worker, and answers only the newest', () => {
    const { workers, results, ask } = setup();
    for (let i = 0; i < 4; i++) ask(named(`run ${i}`, i));
    expect(workers.map((w) => w.terminated)).toEqual([true, true, true, false]);
    workers[3]!.answer();
    expect(results.map((r) => r.name)).toEqual(['run 3']);
  });
});
