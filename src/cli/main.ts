// `npm run sim`: runs a scenario headless and prints its trace as text or JSON, the strategy
// comparison table, or the list of presets and strategies (see run.ts and args.ts).

import { performance } from 'node:perf_hooks';
import { run } from './run';

const { code, out } = run(process.argv.slice(2), {
  note: (line) => process.stderr.write(`${line}\n`),
  now: () => performance.now(),
});
if (code === 0) process.stdout.write(`${out}\n`);
else process.stderr.write(`${out}\n`);
process.exitCode = code;
