// The page's code for running scenarios, fetched as first needed: the first change to the lab's
// run brings the simulator and the generic strategies' model (XState and their machines) at once
// (an unchanged preset is drawn from its shipped run, ./shippedRuns.ts); etcd's machines come with
// the first run under etcd, if there is one. A page that only shows shipped runs fetches neither.
// Invariant: the page's simulator is given exactly the models fetched so far, and is made anew
// when one more comes; nothing runs because some module was imported first.

import {
  MODEL_LOADERS,
  findStrategy,
  loadModels,
  type KnownStrategyId,
  type Model,
  type Models,
  type Simulator,
} from '../../../engine';
import type { EngineCode } from './runs';
import { fetchShippedRun, shippedRun } from './shippedRuns';

/** What the simulator's own file gives (../../engine/surfaces/simulator). */
interface SimulatorCode {
  createSimulator(models: Models): Simulator;
}

/** Where a code loader fetches from: the engine's, on a page; a test's own. */
export interface CodeSources {
  simulator: () => Promise<SimulatorCode>;
  /** Fetches the models of the strategies named (MODEL_LOADERS' ids); rejects as loadModels does. */
  models: (strategyIds: readonly string[]) => Promise<Models>;
}

/** The code of a program that fetches it as first needed (a page). */
export interface CodeLoader extends EngineCode {
  /** Fetches the simulator and every strategy's model; resolves to a simulator of them all. */
  loadAll(): Promise<Simulator>;
}

const ENGINE_SOURCES: CodeSources = {
  simulator: () => import('../../../engine/surfaces/simulator'),
  models: loadModels,
};

/** The strategies whose model is the same as `strategyId`'s (the two generic ones share theirs). */
const sharingModel = (strategyId: KnownStrategyId): KnownStrategyId[] =>
  (Object.keys(MODEL_LOADERS) as KnownStrategyId[]).filter((id) => MODEL_LOADERS[id] === MODEL_LOADERS[strategyId]);

/**
 * A loader that fetches the simulator with the first model it fetches (alongside it, not after
 * it), and each model once. load() rejects with an Error that says what failed, in words a page can
 * show: a strategy the lab does not have, or code that could not be fetched.
 */
export function createCodeLoader(sources: CodeSources = ENGINE_SOURCES): CodeLoader {
  const models: Partial<Record<KnownStrategyId, Model>> = {};
  let simulatorCode: SimulatorCode | null = null;
  /** A simulator of `models` as they are now; null until the simulator is in, or once a model came since. */
  let simulator: Simulator | null = null;
  const has = (id: string) => Object.hasOwn(models, id);

  /** Fetches whatever of `ids`' models and the simulator is missing. */
  const fetchMissing = async (ids: KnownStrategyId[]): Promise<void> => {
    const missing = ids.filter((id) => !has(id));
    const [fetched, code] = await Promise.all([
      missing.length ? sources.models(missing) : null,
      simulatorCode ? null : sources.simulator(),
    ]);
    if (code) simulatorCode = code;
    if (fetched) {
      Object.assign(models, fetched);
      simulator = null;
    }
  };

  /** A simulator of every model fetched so far, once the simulator is in. */
  const current = (): Simulator | null => simulatorCode && (simulator ??= simulatorCode.createSimulator(models));
  const simulatorFor = (strategyId: string): Simulator | null => (has(strategyId) ? current() : null);

  return {
    simulatorFor,
    async load(strategyId) {
      if (simulatorFor(strategyId)) return;
      if (!Object.hasOwn(MODEL_LOADERS, strategyId)) throw new Error(`there is no strategy called "${strategyId}"`);
      try {
        // Every strategy this model serves is ready with it (the generic one serves two).
        await fetchMissing(sharingModel(strategyId as KnownStrategyId));
      } catch {
        const name = findStrategy(strategyId)?.name ?? strategyId;
        throw new Error(
          `the page could not fetch the code of "${name}" (offline, or the site was updated since the page was opened: reload it)`,
        );
      }
    },
    async loadAll() {
      await fetchMissing(Object.keys(MODEL_LOADERS) as KnownStrategyId[]);
      return current()!;
    },
  };
}

/** The page's code, with the runs the build shipped: what its lab store runs scenarios with (main.tsx). */
export const PAGE_CODE: CodeLoader = { ...createCodeLoader(), shipped: shippedRun };

/**
 * Fetches what running a scenario needs before it is opened, so that a link's first render shows
 * its own run rather than the one before it marked as being recomputed: the shipped run of an
 * unchanged preset, or else the page's model of the strategy it names. Settles either way: a
 * scenario that names no known strategy, or a model that cannot be fetched, is left for the store
 * to refuse in words when the scenario is opened.
 */
export async function prepareRun(raw: unknown): Promise<void> {
  if (await fetchShippedRun(raw)) return;
  const strategy = typeof raw === 'object' && raw !== null ? (raw as { strategy?: unknown }).strategy : undefined;
  if (typeof strategy === 'string') await PAGE_CODE.load(strategy).catch(() => undefined);
}
