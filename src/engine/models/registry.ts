// Which strategies' models this program has loaded, and the simulator that runs them. A page loads a model when it first runs that
// strategy (through ../surfaces/models/<name>), so a page that never shows etcd never fetches
// etcd's machines; a program that runs every strategy (the CLI, the workers, the tests) loads them
// all at once (all.ts).
// Invariant: a registered model is the one ../models/<strategy> exports; registering is idempotent.

import type { Scenario } from '../core/scenario';
import type { Trace } from '../core/trace';
import type { PartyBuilder } from '../strategies/types';

const models = new Map<string, PartyBuilder>();

export function registerModel(strategyId: string, build: PartyBuilder): void {
  models.set(strategyId, build);
}

export function isModelLoaded(strategyId: string): boolean {
  return models.has(strategyId);
}

/**
 * The model of `strategyId`.
 * @throws Error when it has not been registered: a caller runs a strategy only after registering
 *   its model (or importing all.ts)
 */
export function modelOf(strategyId: string): PartyBuilder {
  const build = models.get(strategyId);
  if (!build) throw new Error(`the model of the strategy "${strategyId}" is not loaded yet`);
  return build;
}

/**
 * What runs a scenario: simulate() and simulateWithin() of ../simulate/simulate. A page fetches
 * it (../surfaces/simulator) with the first model it fetches, so a page that only shows shipped
 * runs never loads the simulator; surfaces/allModels registers it with every model.
 */
export interface Simulator {
  /** The whole run of `scenario`. */
  simulate(scenario: Scenario): Trace;
  /** The run of `scenario` if it ends within `maxEvents` engine events, else null. */
  simulateWithin(scenario: Scenario, maxEvents: number): Trace | null;
}

let simulator: Simulator | null = null;

export function registerSimulator(given: Simulator): void {
  simulator = given;
}

export function isSimulatorLoaded(): boolean {
  return simulator !== null;
}

/**
 * The registered simulator.
 * @throws Error when none is: a page runs a scenario only once loadModel (src/ui/store/models.ts)
 *   has both its strategy's model and the simulator
 */
export function simulatorOf(): Simulator {
  if (!simulator) throw new Error('the simulator is not loaded yet');
  return simulator;
}
