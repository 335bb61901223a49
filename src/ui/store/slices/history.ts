// The history slice: the versions of the document undo and redo move between. `past` and `future`
// are changed by every commit (./run.ts keeps the document before it for undo); these
// actions move through them. revisionOf and historyMove are pure reads of the state.

import { UNDO_LIMIT, type LabActions, type LabState, type Revision } from '../labState';
import type { Run } from './run';
import type { GetLab } from './types';

/** The document `state` holds, as undo and redo keep it. */
export function revisionOf(
  state: Pick<LabState, 'scenario' | 'ownActionCount' | 'presetId' | 'edited' | 'cursor' | 'computing'>,
): Revision {
  return {
    scenario: state.scenario,
    ownActionCount: state.ownActionCount,
    presetId: state.presetId,
    edited: state.edited,
    cursor: state.computing ? null : state.cursor,
  };
}

/**
 * One move through the history: `undo` takes the newest of `past` and keeps what is open on
 * `future`; `redo` the other way round (each at most UNDO_LIMIT long). Null when there is nothing
 * to move to. `to` is the revision to open; `past` and `future` are the history after the move.
 */
function historyMove(
  state: Parameters<typeof revisionOf>[0] & Pick<LabState, 'past' | 'future'>,
  direction: 'undo' | 'redo',
): { to: Revision; past: Revision[]; future: Revision[] } | null {
  const [from, onto] = direction === 'undo' ? [state.past, state.future] : [state.future, state.past];
  const to = from.at(-1);
  if (!to) return null;
  const left = from.slice(0, -1);
  const kept = [...onto, revisionOf(state)].slice(-UNDO_LIMIT);
  return direction === 'undo' ? { to, past: left, future: kept } : { to, past: kept, future: left };
}

export type HistorySlice = Pick<LabState, 'past' | 'future'> & Pick<LabActions, 'undo' | 'redo' | 'setHistory'>;

export function historySlice(get: GetLab, run: Run): HistorySlice {
  /** Undo or redo: opens the revision the history moves to, where its cursor was. */
  const travel = (direction: 'undo' | 'redo') => {
    const move = historyMove(get(), direction);
    if (!move) return;
    const { to, past, future } = move;
    run.commit(to.scenario, to.cursor === null ? run.keepPlace() : () => to.cursor!, {
      ownActionCount: to.ownActionCount,
      presetId: to.presetId,
      edited: to.edited,
      past,
      future,
    });
  };
  return {
    past: [],
    future: [],
    undo: () => travel('undo'),
    redo: () => travel('redo'),
    setHistory: run.setHistory,
  };
}
