// The postMessage bridge between the embedding page and the lab store. Commands are taken only
// from the frame's parent (event.source === window.parent) and, when the embed link names an
// origin, only from that origin; events go to that origin (or '*' when none is named). Invariant:
// a message never throws here and a bad one changes nothing loaded: it is ignored with one
// console warning and an `error` event. Commands run one after another, each after the last and
// each ended within a bound counted from when it was posted (perform.ts), so none waits forever,
// not even behind a stuck one; one that opens a run is told by where
// it ends, not by the states it passes through. Built of named pieces: the frame's check of its
// parent, the outbox of events, the queue of commands, and the start of events at ready.

import type { LabStore } from '../store/labStore';
import { readCommand, type Command } from './commands';
import { whenSettled } from './drive';
import { COMMAND_BOUND_MS, performWithin } from './perform';
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
  /** The longest a command (or the link's own opening) may take before it is given up, in ms. */
  boundMs?: number;
}

export interface Bridge {
  stop(): void;
  /** Sends an `error` event (a problem with the embed link itself, say). */
  error(message: string): void;
}

/** Where events go: to the parent, at its origin, once the frame may talk to it. */
interface Outbox {
  post(event: EmbedEvent): void;
  /** An `error` event now, or once ready has been sent (errors come after ready). */
  error(message: string): void;
  /** Ready has been sent: `first` (the link's own problem), then the errors held until then, go now. */
  opened(first: string | null): void;
  stop(): void;
}

/** Whether the frame may talk to its parent, and the words for a link naming the wrong origin. */
function frameCheck(win: Window, origin: string | null, closed: boolean, warn: (m: string) => void) {
  const framed = win.parent !== win && !closed;
  // A link naming another origin than the page around it (the docs' placeholder left in) would
  // otherwise look healthy and stay silent: the frame says so, where its author will see it, and
  // posts nothing (the browser would drop each event with a console warning of its own).
  const around = framed && origin !== null ? parentOrigin(win) : null;
  const misnamed =
    around !== null && around !== origin
      ? `This player's link says origin=${origin}, but the page around it is ${around}: it takes no commands from that page and tells it nothing. Set origin= in the frame's src to the page's own origin.`
      : null;
  if (misnamed) warn(misnamed);
  return { framed, misnamed };
}

function createOutbox(parent: Window, origin: string | null, silent: boolean): Outbox {
  let stopped = false;
  let readySent = false;
  const held: string[] = [];
  const post = (event: EmbedEvent) => {
    if (silent || stopped) return;
    try {
      parent.postMessage({ source: EVENT_SOURCE, ...event }, origin ?? '*');
    } catch {
      // A parent gone away, or an origin the browser will not post to: nothing to tell.
    }
  };
  const error = (message: string) => {
    if (readySent) post({ type: 'error', message });
    else if (!held.includes(message)) held.push(message);
  };
  return {
    post,
    error,
    opened(first) {
      readySent = true;
      for (const message of new Set([...(first ? [first] : []), ...held.splice(0)])) error(message);
    },
    stop() {
      stopped = true;
    },
  };
}

/**
 * The commands, one after another, each after the last and each ended within the bound of being
 * posted: its clock starts when it is queued, so commands queued behind a stuck one are answered
 * at their own deadlines, in the order they came. While one that opens a run (load,
 * set-strategy, set-knob) is under way, its passing states are not told: its events say where it
 * ends (a load at t6 tells step 19, not 0 then 19).
 */
function createQueue(
  store: LabStore,
  outbox: Outbox,
  opened: Promise<unknown>,
  boundMs: number,
  warn: (m: string) => void,
) {
  let tail: Promise<unknown> = within(
    opened.catch(() => undefined),
    boundMs,
  );
  let holding = false;
  const told = { tell: () => {}, rebase: () => {} };
  const say = (problem: string | null) => {
    if (!problem) return;
    warn(problem);
    outbox.error(problem);
  };
  const runOne = (command: Command, expired: Promise<unknown>) => {
    let undone = false;
    const turn = { hold: () => void (holding = true), undone: () => void (undone = true) };
    return performWithin(store, command, turn, expired, boundMs).finally(() => {
      if (!holding) return;
      holding = false;
      // What is on screen, taken as told without a word: a load put back is no new run to tell of.
      if (undone) told.rebase();
      else told.tell();
    });
  };
  return {
    told,
    isHolding: () => holding,
    /** Resolves once every command queued so far has ended. */
    drained: () => tail,
    push(command: Command) {
      // Its timer is set now, so it ends by now + the bound: an earlier command's timer fires
      // first, and that command's giving up (microtasks only) lets this one start before its own.
      const deadline = deadlineFrom(boundMs);
      tail = tail
        .then(() => runOne(command, deadline.expired))
        .then(say)
        .catch((e: unknown) => outbox.error(`The command failed: ${String(e)}`))
        .finally(deadline.cancel);
    },
  };
}

/** A promise that resolves `ms` from now (the end of a command's bound), and what stops its timer. */
function deadlineFrom(ms: number): { expired: Promise<void>; cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return { expired, cancel: () => clearTimeout(timer) };
}

/** `promise`, or nothing once `ms` have passed: a wait that cannot hold the bridge for good. */
function within(promise: Promise<unknown>, ms: number): Promise<unknown> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * Resolves once the trace on screen is the open scenario's, within `ms`: a link whose own run
 * takes longer is put back (the run before it opens again) and says why.
 */
async function settledWithin(store: LabStore, ms: number): Promise<void> {
  const controller = new AbortController();
  const settled = whenSettled(store, controller.signal).then(() => true);
  const ok = await within(settled, ms);
  controller.abort(new Error('given up'));
  settled.catch(() => undefined);
  if (ok === true || !store.getState().computing) return;
  if (store.getState().past.length > 0) store.getState().undo();
  store
    .getState()
    .showError(
      `The embed link's run took longer than ${ms / 1000} s to compute, so it was given up: the run before it is open instead.`,
    );
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
  boundMs = COMMAND_BOUND_MS,
}: BridgeOptions): Bridge {
  const parent = win.parent;
  const { framed, misnamed } = frameCheck(win, origin, closed, warn);
  const outbox = createOutbox(parent, origin, !framed || misnamed !== null);
  const queue = createQueue(store, outbox, opened, boundMs, warn);
  let stopped = false;
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
      outbox.error(read.message);
      return;
    }
    if (read.command.type === 'play' || read.command.type === 'pause') autoplay = false;
    queue.push(read.command);
  };

  // What the parent sent before this listened (the page held it from its start), in order, and
  // before ready is scheduled: ready then tells where those commands ended.
  for (const event of early()) onMessage(event);

  let unsubscribe = () => {};
  const settle = () => settledWithin(store, boundMs);
  void queue
    .drained()
    .then(settle)
    .then(() => {
      if (stopped) return;
      const isStopped = () => stopped;
      unsubscribe = sendReady({ store, outbox, queue, misnamed, isStopped, autoplay: () => autoplay, settle });
    });
  win.addEventListener('message', onMessage);
  return {
    stop() {
      stopped = true;
      outbox.stop();
      unsubscribe();
      win.removeEventListener('message', onMessage);
    },
    error: outbox.error,
  };
}

/**
 * Events start once the link's own view is open: ready first (with the step and verdict it
 * opened at), then what the link's opening could not do (its error line), then every change.
 * Returns what stops the events.
 */
function sendReady(parts: {
  store: LabStore;
  outbox: Outbox;
  queue: ReturnType<typeof createQueue>;
  misnamed: string | null;
  isStopped: () => boolean;
  autoplay: () => boolean;
  /** Resolves once the run on screen is computed, or put back for taking too long. */
  settle: () => Promise<void>;
}): () => void {
  const { store, outbox, queue, misnamed, isStopped } = parts;
  const differ = eventDiffer();
  let unsubscribe: (() => void) | null = null;
  let stoppedEarly = false;
  const ready = (): void => {
    if (isStopped() || stoppedEarly) return;
    // A command sent before ready may be under way: ready tells where it ends, not its way.
    if (queue.isHolding()) {
      void queue.drained().then(parts.settle).then(ready);
      return;
    }
    if (misnamed) store.getState().showError(misnamed);
    const opening = store.getState();
    outbox.post(readyEvent(opening));
    differ(opening).forEach(outbox.post);
    // What the link's opening could not do, then what the commands sent before ready could not.
    outbox.opened(opening.error);
    // A load put back is no new run, no step and no verdict to tell; but playing stopped for it.
    queue.told.rebase = () =>
      differ(store.getState())
        .filter((e) => e.type === 'playback')
        .forEach(outbox.post);
    queue.told.tell = () => {
      if (!queue.isHolding() && !isStopped()) differ(store.getState()).forEach(outbox.post);
    };
    unsubscribe = store.subscribe((state, previous) => {
      queue.told.tell();
      if (state.error && state.error !== previous.error) outbox.error(state.error);
    });
    if (parts.autoplay()) store.getState().play();
  };
  ready();
  return () => {
    stoppedEarly = true;
    unsubscribe?.();
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
