// The Break it view's own state, kept while its tab is hidden: the form, and where the search is
// (not started, running with its progress, answered, stopped, failed). The lab's run is never
// touched here: only opening an answer changes it, through the lab's store (answer.ts).

import { createStore, type StoreApi } from 'zustand/vanilla';
import type { SearchInput, SearchResult } from '../../engine/surfaces/search';
import type { SearchHandlers, SearchStatus } from '../workers/search';
import { CURRENT_DESIGN, type BreakItForm } from './design';

export type SearchPhase =
  | { kind: 'idle' }
  | { kind: 'running'; status: SearchStatus | null }
  | { kind: 'answered'; result: SearchResult; designLabel: string }
  | { kind: 'stopped'; status: SearchStatus | null }
  | { kind: 'failed'; message: string };

interface BreakItState {
  form: BreakItForm;
  phase: SearchPhase;
  /** A problem with the form, said beside it; the search did not start. */
  problem: string | null;
}

interface BreakItActions {
  setForm(change: Partial<BreakItForm>): void;
  /** Starts a search of `input` (stopping one under way); `designLabel` names it in the answer. */
  start(input: SearchInput, designLabel: string): void;
  /** Stops the search under way; what it had tried stays on screen. */
  stop(): void;
  refuse(problem: string): void;
}

export type BreakItStore = StoreApi<BreakItState & BreakItActions>;

/** Starts a search job (workers/search.ts startSearchJob); returns its stop(). */
export type SearchStarter = (input: SearchInput, on: SearchHandlers) => () => void;

const INITIAL_FORM: BreakItForm = { design: CURRENT_DESIGN, faults: ['pause'], maxFaults: 1 };

/** A Break it view's state, searching with `startJob`. */
export function createBreakItStore(startJob: SearchStarter): BreakItStore {
  let stopJob: (() => void) | null = null;
  /** The search under way (its identity), or null: replies from any other are not heard. */
  let current: object | null = null;
  return createStore<BreakItState & BreakItActions>()((set, get) => ({
    form: INITIAL_FORM,
    phase: { kind: 'idle' },
    problem: null,
    setForm: (change) => set({ form: { ...get().form, ...change }, problem: null }),
    refuse: (problem) => set({ problem }),
    start(input, designLabel) {
      stopJob?.();
      stopJob = null;
      const search = {};
      current = search;
      const ours = () => current === search;
      const finish = (phase: SearchPhase) => {
        if (!ours()) return;
        current = null;
        stopJob = null;
        set({ phase });
      };
      set({ phase: { kind: 'running', status: null }, problem: null });
      const stop = startJob(input, {
        onProgress: (status) => {
          if (ours()) set({ phase: { kind: 'running', status } });
        },
        onResult: (result) => finish({ kind: 'answered', result, designLabel }),
        onFailed: (message) => finish({ kind: 'failed', message }),
      });
      if (ours())
        stopJob = () => {
          current = null;
          stop();
        };
    },
    stop() {
      const { phase } = get();
      if (phase.kind !== 'running') return;
      stopJob?.();
      stopJob = null;
      set({ phase: { kind: 'stopped', status: phase.status } });
    },
  }));
}
