// Command-line arguments of `npm run sim`, parsed without side effects so they can be tested.
// Invariant: every problem becomes a UsageError with one line naming it; nothing here exits.

import { DEFAULT_EVENT_BUDGET } from '../engine';

export interface CliOptions {
  preset?: string;
  scenarioFile?: string;
  strategy?: string;
  format: 'text' | 'json' | 'mermaid';
  list: boolean;
  table: boolean;
  help: boolean;
}

export class UsageError extends Error {}

export const USAGE = `Usage: npm run sim -- [--preset ID | --scenario FILE] [--strategy ID] [--format text|json|mermaid] [--table] [--list]

  --preset ID       run a built-in scenario (default: canonical-race)
  --scenario FILE   run a scenario JSON file (see docs/scenario-format.md)
  --strategy ID     run the same scenario under another strategy
  --format F        text (default, like the article's step trace), json (the trace format) or
                    mermaid (a Mermaid sequenceDiagram of the run, for docs)
  --table           run the scenario under every strategy and print the comparison table
  --list            list presets and strategies

Every run is bounded: one that takes more than ${DEFAULT_EVENT_BUDGET.toLocaleString('en-US')} engine events (every message,
timer and heartbeat is one) is cut there, and says so: in its verdict, in each --table row it
cuts, and on stderr. A run that takes over 2 s prints how far it has got on stderr, about once a
second; the output itself (stdout) stays the trace, the table or the diagram alone.

To write the output to a file, run npm quietly (npm run -s sim -- ... > out.mmd): without -s,
npm prints its own lines before the output.`;

const WITH_VALUE = new Set(['--preset', '--scenario', '--strategy', '--format']);

export function parseArgs(argv: readonly string[]): CliOptions {
  const options: CliOptions = { format: 'text', list: false, table: false, help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=')
        ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
        : [arg, undefined];
    if (WITH_VALUE.has(flag)) {
      const value = inline ?? argv[++i];
      if (value === undefined || value === '' || (inline === undefined && value.startsWith('--'))) {
        throw new UsageError(`${flag} needs a value`);
      }
      if (flag === '--preset') options.preset = value;
      if (flag === '--scenario') options.scenarioFile = value;
      if (flag === '--strategy') options.strategy = value;
      if (flag === '--format') {
        if (value !== 'text' && value !== 'json' && value !== 'mermaid')
          throw new UsageError(`--format must be text, json or mermaid, not "${value}"`);
        options.format = value;
      }
      continue;
    }
    if (inline !== undefined) throw new UsageError(`${flag} takes no value`);
    if (flag === '--list') options.list = true;
    else if (flag === '--table') options.table = true;
    else if (flag === '--help' || flag === '-h') options.help = true;
    else throw new UsageError(`unknown argument "${arg}" (try --help)`);
  }
  if (options.preset && options.scenarioFile) throw new UsageError('give --preset or --scenario, not both');
  return options;
}
