// The lab's history: the versions of the document undo and redo move between, and which knob
// settings are no change at all. Pure functions over the store's state (labStore.ts uses them).

import { effectiveKnobs, findStrategy, type Knobs, type Scenario } from '../../engine';
import { UNDO_LIMIT, type LabState, type Revision } from './labState';

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
export function historyMove(
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

/**
 * `knobs` with the overrides of `keys` dropped where they equal the strategy's own default for that
 * knob (a knob with no default of its own, such as a lock-delay that follows the lease, is kept). A
 * knob set back to its default is then no change: a preset is its preset again (not "changed"),
 * and its link is short again. No shipped preset writes a default out.
 */
export function withoutDefaults(
  scenario: Scenario,
  knobs: Record<string, unknown>,
  keys: readonly string[],
): Record<string, unknown> {
  const strategy = findStrategy(scenario.strategy);
  if (!strategy) return knobs;
  const out = { ...knobs };
  for (const key of keys) {
    if (!Object.hasOwn(out, key)) continue;
    const rest = { ...out };
    delete rest[key];
    const meant = (effectiveKnobs(strategy, rest as Partial<Knobs>) as unknown as Record<string, unknown>)[key];
    if (JSON.stringify(meant) === JSON.stringify(out[key])) delete out[key];
  }
  return out;
}
