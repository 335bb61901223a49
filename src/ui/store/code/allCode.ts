// Every strategy's model and the simulator, linked in rather than fetched: for what runs any
// strategy at once under Node, with no page to fetch for (the build's first views, the timeline's
// harness, the tests). A page fetches each model on first use instead (./loading.ts), so no module
// the page's build loads imports this one.

import { createSimulator } from '../../../engine';
import { ALL_MODELS } from '../../../engine/surfaces/allModels';
import type { EngineCode } from './runs';

/** A simulator of every strategy's model. */
export const ALL_SIMULATOR = createSimulator(ALL_MODELS);

/** Code that runs every strategy now, and has nothing to fetch (no shipped runs either). */
export const ALL_CODE: EngineCode = {
  simulatorFor: () => ALL_SIMULATOR,
  load: () => Promise.resolve(),
};
