// What each embed command does to the lab store, within a bound: every command ends in its
// events or in an error message within COMMAND_BOUND_MS of being posted (the bridge's queue holds
// each command's deadline from then), however long its run takes to compute
// or its code to come (a run the engine cannot finish quickly would otherwise hold every later
// command behind it, with no word to the page). Invariant: a command given up changes nothing
// that was loaded (a run it opened is put back) and does nothing more afterwards (each wait it
// makes ends when its signal is aborted).

import type { LabState, LabStore } from '../store/labStore';
import { noSuchPreset, type Command } from './commands';
import { PRESETS_UNFETCHED, fetchPreset, knownPresets, loadAllPresets } from '../store/code/presets';
import { openScenario, seekStep, setKnob, whenSettled } from './drive';
import { prepareRun } from '../store/code/loading';

/** The longest a command may take, in ms, before it is given up with an `error` event. */
export const COMMAND_BOUND_MS = 30_000;

/** What a command's run is told by the bridge, and tells it. */
interface Turn {
  /** Aborted when the command is given up: every wait of the command ends then. */
  signal: AbortSignal;
  /** Called just before the command first changes the store (it opens a run). */
  hold(): void;
  /** Called when the command put back what was open: nothing is then told of it. */
  undone(): void;
}

/** The reason a given-up command's waits end with: never told to the page. */
class GivenUp extends Error {}

/** A load's answer when the file of presets cannot be fetched. */
const CANNOT_FETCH = `load: ${PRESETS_UNFETCHED}. Nothing was loaded.`;

/**
 * Runs one command until `expired` resolves (the end of its bound, `boundMs` after it was posted);
 * resolves to its problem in words, or null. Given up, a command that had opened a run still
 * computing puts back what was open.
 */
export async function performWithin(
  store: LabStore,
  command: Command,
  turn: Omit<Turn, 'signal'>,
  expired: Promise<unknown>,
  boundMs: number = COMMAND_BOUND_MS,
): Promise<string | null> {
  const controller = new AbortController();
  let heldFrom: LabState | null = null;
  const work = perform(store, command, {
    signal: controller.signal,
    hold: () => {
      heldFrom = store.getState();
      turn.hold();
    },
    undone: turn.undone,
  });
  const late = expired.then(() => 'late' as const);
  const first = await Promise.race([work, late]);
  if (first !== 'late') return first;
  controller.abort(new GivenUp());
  work.catch(() => undefined); // its waits end with GivenUp, which nobody is to hear of
  return givenUp(store, command, heldFrom, boundMs, turn.undone);
}

/** Puts back what a command given up had opened, and says so. */
function givenUp(
  store: LabStore,
  command: Command,
  heldFrom: LabState | null,
  boundMs: number,
  undone: () => void,
): string {
  const seconds = `${boundMs / 1000} s`;
  const now = store.getState();
  if (heldFrom !== null && now.computing && now.past.at(-1)?.scenario === heldFrom.scenario) {
    putBack(store, heldFrom);
    undone();
    return `${command.type}: its run took longer than ${seconds} to compute, so it was given up. Nothing was changed: the run that was open is still open.`;
  }
  const waited = now.computing
    ? 'the run on screen was still being computed'
    : 'the code it needs had still not come (offline?)';
  return `${command.type}: ${waited} after ${seconds}, so the command was given up. Nothing was changed.`;
}

/** Opens again what was open before `before`'s change, through the store's own undo (which keeps
 * its record of the last good run right); not a change to redo. */
function putBack(store: LabStore, before: LabState): void {
  store.getState().undo();
  store.getState().setHistory({ future: before.future });
}

/** Runs one command; its problem in words, or null. Every wait ends once `turn.signal` is aborted. */
async function perform(store: LabStore, command: Command, turn: Turn): Promise<string | null> {
  const { signal } = turn;
  const s = store.getState();
  switch (command.type) {
    case 'play':
      s.play();
      return null;
    case 'pause':
      s.pause();
      return null;
    case 'seek': {
      const missing = await seekStep(store, command.step, signal);
      return missing && `seek: ${missing}`;
    }
    case 'set-strategy':
      await whenSettled(store, signal);
      // The strategy already open: nothing changes, and nothing is told (as set-knob's same value).
      if (store.getState().scenario.strategy === command.strategy) return null;
      await prepareRun({ strategy: command.strategy });
      signal.throwIfAborted();
      turn.hold();
      store.getState().setStrategy(command.strategy); // a failure is the store's error: an event
      // It ends when its run is on screen (or is given up): the next command acts on that run.
      await whenSettled(store, signal);
      return null;
    case 'set-knob': {
      await whenSettled(store, signal);
      turn.hold();
      const problem = setKnob(store, command.key, command.value);
      await whenSettled(store, signal);
      return problem;
    }
    case 'load':
      return performLoad(store, command, turn);
  }
}

/**
 * A load is whole or nothing: a step the new run does not have puts back what was open. The
 * store opens a preset it holds (store/code/presets.ts): one that did not come with the page is
 * fetched first, with every other; an id no preset has is answered with those it has.
 */
async function performLoad(
  store: LabStore,
  command: Extract<Command, { type: 'load' }>,
  turn: Turn,
): Promise<string | null> {
  const { signal } = turn;
  const preset = command.preset === undefined ? undefined : await fetchPreset(command.preset).catch(() => null);
  signal.throwIfAborted();
  if (preset === null) return CANNOT_FETCH;
  if (command.preset !== undefined && preset === undefined) return noSuchPreset(command.preset, await loadAllPresets());
  // A scenario is told to be a preset's by its name, among the presets the store holds: all of
  // them, where they can be fetched (else it opens as one's own).
  if (command.scenario) await loadAllPresets().catch(() => undefined);
  if (preset) await prepareRun(preset.scenario);
  await whenSettled(store, signal);
  const before = store.getState();
  turn.hold();
  const problem = command.preset
    ? store.getState().loadPreset(command.preset)
      ? null
      : noSuchPreset(command.preset, [...knownPresets()])
    : await openScenario(store, command.scenario!, null, { source: 'the command' }, signal);
  // It ends when its run is on screen (or is given up): the next command acts on that run.
  await whenSettled(store, signal);
  if (problem || command.step === undefined) return problem;
  const missing = await seekStep(store, command.step, signal);
  if (!missing) return null;
  if (store.getState().past.at(-1)?.scenario === before.scenario) {
    store.getState().undo();
    await whenSettled(store, signal);
    // Not a change to redo: the load never happened, as far as the page's history goes. (The
    // undo put the cursor back where it was: the load's revision kept it.)
    store.getState().setHistory({ future: before.future });
    turn.undone();
  }
  return `load: ${missing} Nothing was loaded.`;
}
