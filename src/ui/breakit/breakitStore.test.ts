// The Break it view's state, with a fake search: running shows progress, an answer or a failure
// ends it, Stop keeps what was tried and hears nothing after, and a newer search silences the
// older one.

import { describe, expect, it } from 'vitest';
import { findPreset } from '../../engine';
import type { SearchInput, SearchResult } from '../../engine/surfaces/search';
import type { SearchHandlers } from '../workers/search';
import { createBreakItStore } from './breakitStore';

const INPUT: SearchInput = { scenario: findPreset('lease-trust-race')!.scenario, faults: ['pause'], maxFaults: 1 };
const HELD: SearchResult = { kind: 'held', tried: 9, maxFaults: 1, faults: ['pause'], bound: 'No rule broken.' };

function setup() {
  const jobs: { on: SearchHandlers; stopped: boolean }[] = [];
  const store = createBreakItStore((_input, on) => {
    const job = { on, stopped: false };
    jobs.push(job);
    return () => {
      job.stopped = true;
    };
  });
  return { store, jobs };
}

describe('the Break it view state', () => {
  it('runs with progress, then shows the answer with the design it was for', () => {
    const { store, jobs } = setup();
    store.getState().start(INPUT, 'Lease + trust the client');
    expect(store.getState().phase).toEqual({ kind: 'running', status: null });
    jobs[0]!.on.onProgress({ tried: 100, perSecond: 2500, depth: 1 });
    expect(store.getState().phase).toEqual({ kind: 'running', status: { tried: 100, perSecond: 2500, depth: 1 } });
    jobs[0]!.on.onResult(HELD);
    expect(store.getState().phase).toEqual({ kind: 'answered', result: HELD, designLabel: 'Lease + trust the client' });
  });

  it('Stop ends the job, keeps what was tried, and hears nothing after', () => {
    const { store, jobs } = setup();
    store.getState().start(INPUT, 'x');
    jobs[0]!.on.onProgress({ tried: 40, perSecond: 10, depth: 1 });
    store.getState().stop();
    expect(jobs[0]!.stopped).toBe(true);
    const stopped = { kind: 'stopped', status: { tried: 40, perSecond: 10, depth: 1 } };
    expect(store.getState().phase).toEqual(stopped);
    jobs[0]!.on.onResult(HELD);
    jobs[0]!.on.onProgress({ tried: 90, perSecond: 10, depth: 1 });
    expect(store.getState().phase).toEqual(stopped);
  });

  it('a newer search stops the older one and only its own answers count', () => {
    const { store, jobs } = setup();
    store.getState().start(INPUT, 'first');
    store.getState().start(INPUT, 'second');
    expect(jobs[0]!.stopped).toBe(true);
    jobs[0]!.on.onResult(HELD);
    expect(store.getState().phase.kind).toBe('running');
    jobs[1]!.on.onFailed('the search stopped unexpectedly (out of memory)');
    expect(store.getState().phase).toEqual({
      kind: 'failed',
      message: 'the search stopped unexpectedly (out of memory)',
    });
  });

  it('a refused form says its problem until the form changes, and does not start a search', () => {
    const { store, jobs } = setup();
    store.getState().refuse('Pick at least one kind of fault for the search to try.');
    expect(store.getState().problem).toMatch(/at least one kind of fault/);
    expect(store.getState().phase.kind).toBe('idle');
    store.getState().setForm({ maxFaults: 2 });
    expect(store.getState().problem).toBeNull();
    expect(store.getState().form.maxFaults).toBe(2);
    expect(jobs).toHaveLength(0);
  });
});
