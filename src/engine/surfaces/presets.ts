// Every preset, in the picker's order: the surface a page fetches when it first needs a preset
// beyond the default run's three (src/ui/store/code/presets.ts), so the embed of the canonical race
// never loads the other 37. The lab, the CLI and the tests reach the same presets through ../index.ts.

export { PRESETS } from '../presets';
