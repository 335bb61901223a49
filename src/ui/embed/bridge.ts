// The postMessage bridge between the embedding page and the lab store. Commands are taken only
// from the frame's parent (event.source === window.parent) and, when the embed link names an
// origin, only from that origin; events go to that origin (or '*' when none is named). Invariant:
// a message never throws here and a bad one changes nothing loaded: it is ignored with one
// console warning and an `error` event. Commands run one after another, each after the last; one
// that opens a run is told by where it ends, not by the states it passes through.

import type { LabStore } from '../store/labStore';
import { noSuchPreset, readCommand, type Command } from './commands';
import { PRESETS_UNFETCHED, fetchPreset, knownPresets, loadAllPresets } from '../store/code/presets';
import { openScenario, seekStep, setKnob, whenSettled } from './drive';
import { prepareRun } from '../store/code/loading';
import { takeEarlyMessages } from './early';
import { EVENT_SOURCE, eventDiffer, readyEvent, type EmbedEvent } from './events';

export interface BridgeOptions {
  store: LabStore;
  win?: Window;
  /** The parent's origin from the embed link; null when it names none. */
  origin: string | null;
  /** The link named an origin that is not one: take nothing, send nothing. */
  closed?: boolean;
  /** Resolves once the embed link's own scenario and step are in place. */
  opened?: Promise<unknown>;
  warn?: (message: string) => void;
  /** The messages that came before the bridge listened, oldest first (early.ts). */
  early?: () => MessageEvent[];
  /**
   * Play once ready has been sent (the link's `autoplay`), so every step played is told; unless
   * a play or pause command came first, which says what the parent wants.
   */
  autoplay?: boolean;
}

export interface Bridge {
  stop(): void;
  /** Sends an `error` event (a problem with the embed link itself, say). */
  error(message: string): void;
}

/** A load's answer when the file of presets cannot be fetched. */
const CANNOT_FETCH = `load: ${PRESETS_UNFETCHED}. Nothing was loaded.`;

/**
 * Runs one command. `hold` is called just before the command first changes the store, when it
 * opens a run (load, set-strategy, set-knob): from then its passing states are not told. The
 * code a run needs is fetched before that, so steps played meanwhile are still told. `undone` is
 * called when the command put back what was open (a load whose step the new run lacks): nothing
 * is then told of it.
 */
async function run(store: LabStore, command: Command, hold: () => void, undone: () => void): Promise<string | null> {
  const s = store.getState();
  switch (command.type) {
    case 'play':
      s.play();
      return null;
    case 'pause':
      s.pause();
      return null;
    case 'seek': {
      const missing = await seekStep(store, command.step);
      return missing && `seek: ${missing}`;
    }
    case 'set-strategy':
      await whenSettled(store);
      // The strategy already open: nothing changes, and nothing is told (as set-knob's same value).
      if (store.getState().scenario.strategy === command.strategy) return null;
      await prepareRun({ strategy: command.strategy });
      hold();
      store.getState().setStrategy(command.strategy); // a failure is the store's error: an event
      return null;
    case 'set-knob':
      await whenSettled(store);
      hold();
      return setKnob(store, command.key, command.value);
    case 'load': {
      // The store opens a preset it holds (store/presets.ts): one that did not come with the page
      // is fetched first, with every other; an id no preset has is answered with those it has.
      const preset = command.preset === undefined ? undefined : await fetchPreset(command.preset).catch(() => null);
      if (preset === null) return CANNOT_FETCH;
      if (command.preset !== undefined && preset === undefined)
        return noSuchPreset(command.preset, await loadAllPresets());
      // A scenario is told to be a preset's by its name, among the presets the store holds: all of
      // them, where they can be fetched (else it opens as one's own).
      if (command.scenario) await loadAllPresets().catch(() => undefined);
      if (preset) await prepareRun(preset.scenario);
      // A load is whole or nothing: a step the new run does not have puts back what was open,
      // through the store's own undo (which keeps its record of the last good run right).
      await whenSettled(store);
      const before = store.getState();
      hold();
      const problem = command.preset
        ? store.getState().loadPreset(command.preset)
          ? null
          : noSuchPreset(command.preset, [...knownPresets()])
        : await openScenario(store, command.scenario!, null, { source: 'the command' });
      if (problem || command.step === undefined) return problem;
      const missing = await seekStep(store, command.step);
      if (!missing) return null;
      if (store.getState().past.at(-1)?.scenario === before.scenario) {
        store.getState().undo();
        await whenSettled(store);
        // Not a change to redo: the load never happened, as far as the page's history goes. (The
        // undo put the cursor back where it was: the load's revision kept it.)
        store.getState().setHistory({ future: before.future });
        undone();
      }
      return `load: ${missing} Nothing was loaded.`;
    }
  }
}

export function startBridge({
  store,
  win = window,
  origin,
  closed = false,
  opened = Promise.resolve(),
  warn = (m) => console.warn(`Fencelab embed: ${m}`),
  early = () => takeEarlyMessages(win),
  autoplay = false,
}: BridgeOptions): Bridge {
  const parent = win.parent;
  const framed = parent !== win && !closed;
  // A link naming another origin than the page around it (the docs' placeholder left in) would
  // otherwise look healthy and stay silent: the frame says so, where its author will see it, and
  // posts nothing (the browser would drop each event with a console warning of its own).
  const around = framed && origin !== null ? parentOrigin(win) : null;
  const misnamed =
    around !== null && around !== origin
      ? `This player's link says origin=${origin}, but the page around it is ${around}: it takes no commands from that page and tells it nothing. Set origin= in the frame's src to the page's own origin.`
      : null;
  if (misnamed) warn(misnamed);
  let stopped = false;
  const post = (event: EmbedEvent) => {
    if (!framed || misnamed || stopped) return;
    try {
      parent.postMessage({ source: EVENT_SOURCE, ...event }, origin ?? '*');
    } catch {
      // A parent gone away, or an origin the browser will not post to: nothing to tell.
    }
  };
  // Errors come after ready (docs/embedding.md): those of commands sent before it wait for it.
  let readySent = false;
  const heldErrors: string[] = [];
  const error = (message: string) => {
    if (readySent) post({ type: 'error', message });
    else if (!heldErrors.includes(message)) heldErrors.push(message);
  };

  let queue: Promise<unknown> = opened.catch(() => undefined);
  // While a command that opens a run (load, set-strategy, set-knob) is under way, its passing
  // states are not told: its events say where it ends (a load at t6 tells step 19, not 0 then 19).
  // Commands run one at a time (the queue), so at most one holds.
  let holding = false;
  let tell = () => {};
  // What is on screen, taken as told without a word: a load put back is no new run to tell of.
  let rebase = () => {};
  let wrongOriginWarned = false;
  const onMessage = (event: MessageEvent) => {
    if (!framed || stopped || event.source !== parent) return;
    if (origin !== null && event.origin !== origin) {
      if (!wrongOriginWarned) warn(`ignored a command from ${event.origin}: this embed takes commands from ${origin}.`);
      wrongOriginWarned = true;
      return;
    }
    const read = readCommand(event.data);
    if (!read.ok) {
      warn(read.message);
      error(read.message);
      return;
    }
    const command = read.command;
    if (command.type === 'play' || command.type === 'pause') autoplay = false;
    queue = queue
      .then(() => {
        const hold = () => {
          holding = true;
        };
        let undone = false;
        return run(store, command, hold, () => (undone = true)).finally(() => {
          if (!holding) return;
          holding = false;
          if (undone) rebase();
          else tell();
        });
      })
      .then((problem) => {
        if (problem) {
          warn(problem);
          error(problem);
        }
      })
      .catch((e: unknown) => error(`The command failed: ${String(e)}`));
  };

  // What the parent sent before this listened (the page held it from its start), in order, and
  // before ready is scheduled: ready then tells where those commands ended.
  for (const event of early()) onMessage(event);

  // Events start once the link's own view is open: ready first (with the step and verdict it
  // opened at), then what the link's opening could not do (its error line), then every change.
  const differ = eventDiffer();
  let unsubscribe = () => {};
  void queue.then(() => {
    if (stopped) return;
    const ready = (): void => {
      if (stopped) return;
      // A command sent before ready may be under way: ready tells where it ends, not its way.
      if (holding) {
        void queue.then(() => whenSettled(store)).then(ready);
        return;
      }
      if (misnamed) store.getState().showError(misnamed);
      const opening = store.getState();
      post(readyEvent(opening));
      differ(opening).forEach(post);
      readySent = true;
      // What the link's opening could not do, then what the commands sent before ready could not.
      for (const message of new Set([...(opening.error ? [opening.error] : []), ...heldErrors.splice(0)]))
        error(message);
      // A load put back is no new run, no step and no verdict to tell; but playing stopped for it.
      rebase = () =>
        differ(store.getState())
          .filter((e) => e.type === 'playback')
          .forEach(post);
      tell = () => {
        if (!holding && !stopped) differ(store.getState()).forEach(post);
      };
      unsubscribe = store.subscribe((state, previous) => {
        tell();
        if (state.error && state.error !== previous.error) error(state.error);
      });
      if (autoplay) store.getState().play();
    };
    void whenSettled(store).then(ready);
  });
  win.addEventListener('message', onMessage);
  return {
    stop() {
      stopped = true;
      unsubscribe();
      win.removeEventListener('message', onMessage);
    },
    error,
  };
}

/**
 * The origin of the page the frame is in, as the browser tells it (the nearest ancestor's, or the
 * referrer's where a browser lists no ancestors), or null where it cannot tell.
 */
export function parentOrigin(win: Window): string | null {
  const listed = win.location.ancestorOrigins?.[0];
  if (listed && listed !== 'null') return listed;
  try {
    return win.document.referrer ? new URL(win.document.referrer).origin : null;
  } catch {
    return null;
  }
}
