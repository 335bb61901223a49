// A cursor for the secondary views (event table, party cards, max_seen chart) that follows the
// store's cursor at once when the user makes a single move, but at most a few times a second
// while the run plays or the scrubber is dragged: at 64x a dozen steps pass per frame, and
// redrawing a table nobody can read that fast would cost the frame. Each view has its own phase
// so their updates fall on different frames. Invariant: at most PACE_MS after the cursor stops
// moving, every paced cursor equals the store's cursor.

import { useSyncExternalStore } from 'react';
import type { LabStore } from '../labStore';

export const PACE_MS = 100;

export type PacedView = 'table' | 'cards' | 'chart';
const PHASE_MS: Record<PacedView, number> = { table: 0, cards: 33, chart: 66 };

interface PacedSource {
  subscribe(listener: () => void): () => void;
  getSnapshot(): number;
}

/** A paced copy of `store`'s cursor; `nowMs` is injectable for tests. */
export function createPacedCursor(
  store: LabStore,
  phaseMs: number,
  nowMs: () => number = () => performance.now(),
): PacedSource {
  let value = store.getState().cursor;
  let slot = -1;
  let lastMoveMs = -Infinity;
  let trailing: ReturnType<typeof setTimeout> | null = null;
  const listeners = new Set<() => void>();
  let unsubscribe: (() => void) | null = null;

  const emit = (cursor: number) => {
    value = cursor;
    for (const listener of listeners) listener();
  };

  const update = () => {
    const { cursor, playing } = store.getState();
    if (cursor === value) return;
    const now = nowMs();
    const burst = playing || now - lastMoveMs < PACE_MS;
    lastMoveMs = now;
    if (burst) {
      const current = Math.floor((now + phaseMs) / PACE_MS);
      if (current === slot) {
        // Skipped: make sure the last position of the burst is shown once it ends.
        trailing ??= setTimeout(() => {
          trailing = null;
          if (store.getState().cursor !== value) emit(store.getState().cursor);
        }, PACE_MS);
        return;
      }
      slot = current;
    }
    emit(cursor);
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      unsubscribe ??= store.subscribe(update);
      update();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && unsubscribe) {
          unsubscribe();
          unsubscribe = null;
          if (trailing) clearTimeout(trailing);
          trailing = null;
        }
      };
    },
    getSnapshot: () => value,
  };
}

const sources = new WeakMap<LabStore, Map<PacedView, PacedSource>>();

function sourceFor(store: LabStore, view: PacedView): PacedSource {
  let byView = sources.get(store);
  if (!byView) sources.set(store, (byView = new Map()));
  let source = byView.get(view);
  if (!source) byView.set(view, (source = createPacedCursor(store, PHASE_MS[view])));
  return source;
}

export function usePacedCursor(store: LabStore, view: PacedView): number {
  const source = sourceFor(store, view);
  return useSyncExternalStore(source.subscribe, source.getSnapshot);
}
