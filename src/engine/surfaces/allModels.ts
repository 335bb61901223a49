// Every strategy's model, registered on import: for what may run any strategy (the workers, the
// CLI, the recorder, the tests). A page that runs one strategy at a time loads each model on first
// use with loadModel() from the core surface instead.

export { ALL_MODELS } from '../models/all';
