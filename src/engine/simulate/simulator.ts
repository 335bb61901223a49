// What runs scenarios: a simulator made from the models it may run (createSimulator), so nothing
// runs only because some module was imported first. Invariant: a simulator's runs depend on the
// scenario and the models it was given, nothing else; the same scenario gives the same trace, byte
// for byte, from any simulator given the same model of its strategy.

import type { Scenario } from '../core/scenario';
import type { Trace } from '../core/trace';
import type { Models } from '../strategies/types';
import { Run, type SimulateOptions } from './simulate';
import { resume, simulateWithCheckpoints, type Simulation } from './checkpoint';

/**
 * Runs scenarios under the strategies whose models it was given. Each method throws an Error for a
 * scenario under an unknown strategy, or under one it has no model of (the message names the
 * strategy); a scenario must otherwise be valid (validateScenario). The methods do not use `this`:
 * they may be taken off the simulator (`const { simulate } = createSimulator(models)`).
 */
export interface Simulator {
  /** The whole run of `scenario`: its trace. */
  simulate(scenario: Scenario, options?: SimulateOptions): Trace;
  /**
   * The run of `scenario`, or null when it takes more than `maxEvents` engine events (messages,
   * timers and actions, heartbeats included), found out after at most that many: the lab runs a
   * scenario on its page only if it is this small, and hands it to a worker otherwise.
   */
  simulateWithin(scenario: Scenario, maxEvents: number): Trace | null;
  /** simulate(), keeping checkpoints for resume(); the trace is the same, byte for byte. */
  simulateWithCheckpoints(scenario: Scenario, options?: SimulateOptions): Simulation;
  /**
   * The run of `scenario` resumed from the latest checkpoint of `previous` that the change leaves
   * untouched (checkpoint.ts); its trace is simulate(scenario)'s, byte for byte.
   */
  resume(previous: Simulation, scenario: Scenario, options?: SimulateOptions): Simulation;
}

/**
 * A simulator of the strategies `models` has models of (a copy of the map is taken: a later change
 * to `models` does not change this simulator).
 */
export function createSimulator(models: Models): Simulator {
  const given: Models = Object.freeze({ ...models });
  return {
    simulate: (scenario, options = {}) => new Run(scenario, given, options).run(),
    simulateWithin(scenario, maxEvents) {
      const run = new Run(scenario, given, { maxEvents });
      const trace = run.run();
      return run.overBudget ? null : trace;
    },
    simulateWithCheckpoints: (scenario, options) => simulateWithCheckpoints(scenario, given, options),
    resume: (previous, scenario, options) => resume(previous, scenario, given, options),
  };
}
