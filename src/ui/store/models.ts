// Each strategy's model (its parties' machines) is fetched when the page first runs that strategy:
// the first change to the lab's run brings XState and the generic machines (an unchanged preset is
// drawn from its shipped run, ./shippedRuns.ts); etcd's machines come with the first run under
// etcd, if there is one. The simulator is fetched with the first model: a page that only shows
// shipped runs never loads it. Workers register every model themselves.

import {
  findStrategy,
  isModelLoaded,
  isSimulatorLoaded,
  registerModel,
  registerSimulator,
  type KnownStrategyId,
  type PartyBuilder,
  type Simulator,
} from '../../engine';
import type { ModelSource } from './runs';
import { fetchShippedRun, shippedRun } from './shippedRuns';

type Loader = () => Promise<{ build: PartyBuilder }>;

/** The simulator, fetched with the first model (alongside it, not after it). */
const simulator = (): Promise<Simulator> => import('../../engine/surfaces/simulator');

const generic: Loader = () => import('../../engine/surfaces/models/generic');

/** Where each strategy's model comes from; the two generic strategies share theirs. */
export const MODEL_LOADERS: Record<KnownStrategyId, Loader> = {
  fencing: generic,
  'lease-trust': generic,
  etcd: () => import('../../engine/surfaces/models/etcd'),
  zookeeper: () => import('../../engine/surfaces/models/zookeeper'),
  redlock: () => import('../../engine/surfaces/models/redlock'),
  chubby: () => import('../../engine/surfaces/models/chubby'),
  qjm: () => import('../../engine/surfaces/models/qjm'),
};

/**
 * Registers `strategyId`'s model and the simulator, fetching what is missing; settles at once when
 * both are registered. Rejects with an Error that says what failed, in words a page can show: a
 * strategy the lab does not have, or code that could not be fetched.
 */
export async function loadModel(strategyId: string): Promise<void> {
  if (modelReady(strategyId)) return;
  const load = (MODEL_LOADERS as Record<string, Loader | undefined>)[strategyId];
  if (!load) throw new Error(`there is no strategy called "${strategyId}"`);
  // The model may be registered already without the simulator (a lesson's surface registers
  // every model), and the simulator without this model: only what is missing is fetched.
  let model: { build: PartyBuilder } | null;
  let sim: Simulator | null;
  try {
    [model, sim] = await Promise.all([
      isModelLoaded(strategyId) ? null : load(),
      isSimulatorLoaded() ? null : simulator(),
    ]);
  } catch {
    const name = findStrategy(strategyId)?.name ?? strategyId;
    throw new Error(
      `the page could not fetch the code of "${name}" (offline, or the site was updated since the page was opened: reload it)`,
    );
  }
  if (sim) registerSimulator(sim);
  // Every strategy this code is the model of is ready now (the generic one serves two).
  if (model)
    for (const [id, other] of Object.entries(MODEL_LOADERS)) if (other === load) registerModel(id, model.build);
}

/** Whether a scenario under `strategyId` can be run here now: its model and the simulator are in. */
const modelReady = (strategyId: string): boolean => isModelLoaded(strategyId) && isSimulatorLoaded();

/** The page's models and shipped runs, as the lab store asks for them. */
export const PAGE_MODELS: ModelSource = { ready: modelReady, load: loadModel, shipped: shippedRun };

/**
 * Fetches what running a scenario needs before it is opened, so that a link's first render shows
 * its own run rather than the one before it marked as being recomputed: the shipped run of an
 * unchanged preset, or else the model of the strategy it names. Settles either way: a scenario
 * that names no known strategy, or a model that cannot be fetched, is left for the store to refuse
 * in words when the scenario is opened.
 */
export async function prepareRun(raw: unknown): Promise<void> {
  if (await fetchShippedRun(raw)) return;
  const strategy = typeof raw === 'object' && raw !== null ? (raw as { strategy?: unknown }).strategy : undefined;
  if (typeof strategy === 'string') await loadModel(strategy).catch(() => undefined);
}
