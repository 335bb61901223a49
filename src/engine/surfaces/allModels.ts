// Every strategy's model and the simulator, registered on import: for what may run any strategy
// (the workers, the CLI, the recorder, the tests). A page that runs one strategy at a time loads
// each model on first use instead (src/ui/store/models.ts, with registerModel from the core
// surface), and the simulator with the first.

import { registerSimulator } from '../models/registry';
import { simulate, simulateWithin } from '../simulate/simulate';

registerSimulator({ simulate, simulateWithin });

export { ALL_MODELS } from '../models/all';
