// The Break it worker's page side, with a fake worker answered by hand: progress becomes tried,
// per second and depth; replies of an older search are not heard; after stop() no handler is
// called and the worker is told to stop; a worker that fails is reported in words.

import { afterEach, describe, expect, it } from 'vitest';
import type { SearchInput, SearchResult } from '../../engine/surfaces/search';
import { findPreset } from '../../engine';
import {
  REPLACED,
  dropSearchWorker,
  startSearchJob,
  type SearchHandlers,
  type SearchStatus,
  type SearchWorker,
} from './search';
import type { SearchReply, SearchRequest } from './searchWire';

const INPUT: SearchInput = { scenario: findPreset('lease-trust-race')!.scenario, faults: ['pause'], maxFaults: 1 };
const HELD: SearchResult = { kind: 'held', tried: 5, maxFaults: 1, faults: ['pause'], bound: 'No rule broken.' };

class FakeWorker implements SearchWorker {
  onmessage: ((event: MessageEvent<SearchReply>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  readonly requests: SearchRequest[] = [];
  terminated = false;
  postMessage(message: SearchRequest): void {
    this.requests.push(message);
  }
  terminate(): void {
    this.terminated = true;
  }
  reply(reply: SearchReply): void {
    this.onmessage?.({ data: reply } as MessageEvent<SearchReply>);
  }
  lastId(): number {
    return this.requests.filter((r) => r.type === 'start').at(-1)!.id;
  }
}

function recorder() {
  const heard: { progress: SearchStatus[]; results: SearchResult[]; failures: string[] } = {
    progress: [],
    results: [],
    failures: [],
  };
  const on: SearchHandlers = {
    onProgress: (s) => heard.progress.push(s),
    onResult: (r) => heard.results.push(r),
    onFailed: (m) => heard.failures.push(m),
  };
  return { heard, on };
}

afterEach(dropSearchWorker);

describe('startSearchJob', () => {
  it('sends the input, turns progress into a rate per second and hands over the result once', () => {
    const worker = new FakeWorker();
    let clock = 1000;
    const { heard, on } = recorder();
    startSearchJob(INPUT, on, { makeWorker: () => worker, now: () => clock });
    expect(worker.requests).toEqual([{ type: 'start', id: worker.lastId(), input: INPUT }]);
    const id = worker.lastId();
    clock = 3000;
    worker.reply({ type: 'progress', id, progress: { tried: 4000, depth: 1 } });
    expect(heard.progress).toEqual([{ tried: 4000, depth: 1, perSecond: 2000 }]);
    worker.reply({ type: 'result', id, result: HELD });
    worker.reply({ type: 'result', id, result: HELD });
    expect(heard.results).toEqual([HELD]);
  });

  it('tells an older search it was replaced, and hears none of its replies after', () => {
    const worker = new FakeWorker();
    const first = recorder();
    startSearchJob(INPUT, first.on, { makeWorker: () => worker });
    const oldId = worker.lastId();
    const second = recorder();
    startSearchJob(INPUT, second.on, { makeWorker: () => worker });
    expect(first.heard.failures).toEqual([REPLACED]);
    worker.reply({ type: 'result', id: oldId, result: HELD });
    expect(second.heard.results).toEqual([]);
    expect(first.heard.results).toEqual([]);
  });

  it('after stop() tells the worker to stop and calls no handler, whatever still arrives', () => {
    const worker = new FakeWorker();
    const { heard, on } = recorder();
    const stop = startSearchJob(INPUT, on, { makeWorker: () => worker });
    const id = worker.lastId();
    stop();
    expect(worker.requests.at(-1)).toEqual({ type: 'stop', id });
    worker.reply({ type: 'progress', id, progress: { tried: 50, depth: 1 } });
    worker.reply({ type: 'result', id, result: HELD });
    expect(heard).toEqual({ progress: [], results: [], failures: [] });
  });

  it('reports a worker that failed in words, and makes a new worker for the next search', () => {
    const workers: FakeWorker[] = [];
    const make = () => {
      const w = new FakeWorker();
      workers.push(w);
      return w;
    };
    const { heard, on } = recorder();
    startSearchJob(INPUT, on, { makeWorker: make });
    workers[0]!.onerror?.({ preventDefault() {}, message: '' } as unknown as ErrorEvent);
    expect(heard.failures).toHaveLength(1);
    expect(heard.failures[0]).toMatch(/could not fetch the code of the search/);
    expect(workers[0]!.terminated).toBe(true);
    startSearchJob(INPUT, recorder().on, { makeWorker: make });
    expect(workers).toHaveLength(2);
  });
});
