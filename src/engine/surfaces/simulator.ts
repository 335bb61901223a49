// The simulator, fetched by a page with the first model it fetches (src/ui/store/code/loading.ts): a
// page that only shows shipped runs never loads it. What runs every strategy at once (the
// workers, the CLI, the tests) has it from the core surface.

export { createSimulator } from '../simulate/simulator';
