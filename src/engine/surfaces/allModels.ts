// Every strategy's model, linked in: for what may run any strategy at once (the workers, the CLI,
// the build's scripts, the real servers' view, the tests), to give a simulator
// (createSimulator(ALL_MODELS)). A page that runs one strategy at a time fetches each model on
// first use instead (MODEL_LOADERS, in the core surface).

export { ALL_MODELS } from '../models/all';
