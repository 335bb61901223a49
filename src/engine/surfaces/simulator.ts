// The simulator, loaded by a page with the first model it fetches (src/ui/store/models.ts): a page
// that only shows shipped runs never loads it. What runs every strategy at once (the workers, the
// CLI, the tests) has it from allModels.

export { simulate, simulateWithin } from '../simulate/simulate';
