// What the embed link and the API's commands do to the lab store: open a scenario (with a
// strategy and a step), seek by index or label once the trace is there, set a knob after trying
// it. Invariant: a command that cannot be met changes nothing that is loaded and comes back as a
// sentence; the store's own error line is left to the store's own failures. An embed link opens
// what it can of what it names (a strategy the lab lacks leaves the scenario under its own) and
// says the rest.

import {
  STRATEGY_IDS,
  asSentence,
  carryTo,
  findStrategy,
  formatScenarioError,
  validateScenario,
  type Scenario,
} from '../../engine';
import type { LabActions, LabStore, LoadOptions } from '../store/labStore';
import { decodeHash } from '../store/link/url';
import type { StepRef } from './commands';
import type { EmbedOptions } from './embedUrl';
import { nearestSpeed } from '../store/pacing/speed';
import { PAGE_CODE, prepareRun } from '../store/code/loading';

/**
 * Resolves once the trace on screen is the open scenario's (a long run comes from a worker);
 * rejects with the signal's reason once `signal` is aborted, so a command given up acts no more.
 */
export function whenSettled(store: LabStore, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason as Error);
  if (!store.getState().computing) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = () => {
      stop();
      signal?.removeEventListener('abort', abort);
    };
    const abort = () => {
      done();
      reject(signal!.reason as Error);
    };
    const stop = store.subscribe((state) => {
      if (state.computing) return;
      done();
      resolve();
    });
    signal?.addEventListener('abort', abort, { once: true });
  });
}

/** Moves the cursor to a step by index or label; a message if the run has no such step. */
export async function seekStep(store: LabStore, step: StepRef, signal?: AbortSignal): Promise<string | null> {
  await whenSettled(store, signal);
  const { trace } = store.getState();
  if (typeof step === 'number') {
    if (step >= trace.steps.length)
      return `There is no step ${step}: this run has steps 0 to ${trace.steps.length - 1}.`;
    store.getState().seek(step);
    return null;
  }
  const at = trace.steps.findIndex((s) => s.label === step);
  if (at < 0) {
    const labels = trace.steps.flatMap((s) => (s.label ? [s.label] : []));
    return `No step is labelled "${step}" (${labels.length ? `this run has ${labels.join(', ')}` : 'this run has no labels'}).`;
  }
  store.getState().seek(at);
  return null;
}

const unknownStrategy = (strategy: string) =>
  `Could not switch to the strategy "${strategy}": the lab has no such strategy (it has ${STRATEGY_IDS.join(', ')})`;

/** Opens a scenario, under `strategy` if one is named; a message if it cannot be. */
export async function openScenario(
  store: LabStore,
  scenario: Scenario,
  strategy: string | null,
  options: LoadOptions,
  signal?: AbortSignal,
): Promise<string | null> {
  let next = scenario;
  if (strategy !== null && strategy !== scenario.strategy) {
    try {
      next = carryTo(scenario, strategy).scenario;
    } catch (e) {
      if (!findStrategy(strategy)) return unknownStrategy(strategy);
      return `Could not switch to the strategy "${strategy}": ${(e as Error).message}`;
    }
  }
  const before = store.getState().error;
  await prepareRun(next);
  signal?.throwIfAborted();
  if (store.getState().loadScenario(next, options)) {
    // A model prepareRun could not fetch is tried once more by the store; if that fails too, the
    // store puts back what was open, and its reason is this request's answer. (A long run still
    // coming from the worker is shown as it comes, as in the lab.)
    if (PAGE_CODE.simulatorFor(next.strategy)) return null;
    const opened = store.getState().scenario;
    await whenSettled(store, signal);
    if (store.getState().scenario === opened) return null;
  }
  const message = store.getState().error ?? 'The scenario could not be opened.';
  store.setState({ error: before });
  return message;
}

/** Opens what an embed link names (the default scenario stays if it names none). */
async function openEmbedLink(
  store: LabStore,
  { scenarioHash, hasScenario, strategy, step: stepText }: EmbedOptions,
): Promise<string[]> {
  const problems: string[] = [];
  if (hasScenario) {
    // The strategy is carried here, not by the link's decoding, so a strategy the lab does not
    // have still opens the scenario, under its own strategy, at the step asked for.
    const decoded = await decodeHash(scenarioHash).catch(() => ({
      kind: 'error' as const,
      message: 'The link is damaged.',
    }));
    // A link with several mistakes names them all at once: a misspelt strategy too, though the
    // scenario it was to carry did not open.
    if (decoded.kind === 'error')
      return strategy !== null && !findStrategy(strategy)
        ? [decoded.message, unknownStrategy(strategy)]
        : [decoded.message];
    if (decoded.kind === 'ok') {
      const options: LoadOptions = {
        source: 'the embed link',
        ...(decoded.presetId === undefined ? {} : { presetId: decoded.presetId }),
        ...(decoded.ownActionCount === undefined ? {} : { ownActionCount: decoded.ownActionCount }),
      };
      let problem = await openScenario(store, decoded.scenario, strategy, options);
      if (problem && strategy !== null && !findStrategy(strategy)) {
        problems.push(problem);
        problem = await openScenario(store, decoded.scenario, null, options);
      }
      if (problem) return [...problems, problem];
    }
  } else if (strategy !== null) {
    const problem = await openScenario(store, store.getState().scenario, strategy, {});
    if (problem) problems.push(problem);
  }
  if (stepText !== undefined) {
    const ref = /^\d{1,9}$/.test(stepText) ? Number(stepText) : stepText;
    const problem = await seekStep(store, ref);
    if (problem) problems.push(problem);
  }
  return problems;
}

/**
 * Tries a knob on the open scenario first, so a value it cannot hold changes nothing; a value it
 * already has (or dropping a setting it does not have) changes nothing either, and opens no run
 * (the store's setKnobs leaves the scenario as it is then).
 */
export function setKnob(store: LabStore, key: string, value: unknown): string | null {
  const { scenario } = store.getState();
  const knobs: Record<string, unknown> = { ...scenario.knobs };
  if (value === null) delete knobs[key];
  else knobs[key] = value;
  const checked = validateScenario({ ...scenario, knobs });
  if (!checked.ok) return `set-knob: ${asSentence(formatScenarioError(checked.error))}`;
  const change = { [key]: value === null ? undefined : value } as Parameters<LabActions['setKnobs']>[0];
  store.getState().setKnobs(change, `the setting ${key}`);
  return null;
}

/** The opening of each embed link's options, so each is opened once (main.tsx opens the first
 * before the first render, and the view's effect then finds it done). */
const openings = new WeakMap<EmbedOptions, Promise<string[]>>();

/**
 * Opens what an embed link names, then applies its speed and says its problems in the error
 * banner; once per options object (read anew for each link). Resolves to the problems
 * (sentences), empty when there were none. Its autoplay is the bridge's (bridge.ts): playing
 * starts once `ready` has been sent, so the parent is told every step played.
 */
export function openEmbed(store: LabStore, options: EmbedOptions): Promise<string[]> {
  let opening = openings.get(options);
  if (!opening) {
    opening = openEmbedLink(store, options).then((found) => {
      const problems = [...options.problems, ...found];
      // The first problem follows "The embed link:" as a phrase; the others are sentences of their own.
      const sentences = problems.map((p, i) => (i === 0 ? p : p.charAt(0).toUpperCase() + p.slice(1)));
      if (problems.length)
        store.getState().showError(`The embed link: ${sentences.map((p) => p.replace(/\.$/, '')).join('. ')}.`);
      if (options.speed !== null) store.getState().setSpeed(nearestSpeed(options.speed));
      return problems;
    });
    openings.set(options, opening);
  }
  return opening;
}
