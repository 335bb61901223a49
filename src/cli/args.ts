// Command-line arguments of `npm run sim`, parsed without side effects so they can be tested.
// Invariant: every problem becomes a UsageError with one line naming it; nothing here exits.

import { DEFAULT_EVENT_BUDGET } from '../engine';
import { FAULT_KINDS, FAULT_WORDS, type FaultKind } from '../engine/surfaces/search';

export interface CliOptions {
  preset?: string;
  scenarioFile?: string;
  strategy?: string;
  format: 'text' | 'json' | 'mermaid';
  list: boolean;
  table: boolean;
  help: boolean;
  /** --search: look for the shortest fault schedule that breaks the scenario's design. */
  search: boolean;
  /** --faults: the kinds of fault the search may place (absent: every kind). */
  faults?: FaultKind[];
  /** --max-faults: the most faults per schedule the search tries (absent: 1). */
  maxFaults?: number;
  /** --save: where to write the breaking schedule the search found, as scenario JSON. */
  saveFile?: string;
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
  --search          find the shortest fault schedule that breaks the design (fewest faults
                    first, minimised to thresholds), or say the bound it explored
  --faults K,K      the kinds of fault the search may place (default: all of them):
${FAULT_KINDS.map((k) => `                      ${k.padEnd(19)}${FAULT_WORDS[k]}`).join('\n')}
  --max-faults N    the most faults per schedule the search tries, 0 to 3 (default: 1)
  --save FILE       write the breaking schedule found as scenario JSON (replay it with --scenario)

Every run is bounded: one that takes more than ${DEFAULT_EVENT_BUDGET.toLocaleString('en-US')} engine events (every message,
timer and heartbeat is one) is cut there, and says so: in its verdict, in each --table row it
cuts, and on stderr. A run that takes over 2 s prints how far it has got on stderr, about once a
second; the output itself (stdout) stays the trace, the table or the diagram alone.

To write the output to a file, run npm quietly (npm run -s sim -- ... > out.mmd): without -s,
npm prints its own lines before the output.`;

const WITH_VALUE = new Set(['--preset', '--scenario', '--strategy', '--format', '--faults', '--max-faults', '--save']);

/** --faults K,K: each kind known. */
function faultKinds(value: string): FaultKind[] {
  const kinds = value.split(',').map((k) => k.trim());
  for (const k of kinds)
    if (!FAULT_KINDS.includes(k as FaultKind))
      throw new UsageError(`--faults: unknown fault kind "${k}" (one of: ${FAULT_KINDS.join(', ')})`);
  return kinds as FaultKind[];
}

/** The search's own flags; false for any other flag. */
function searchFlag(options: CliOptions, flag: string, value: string): boolean {
  if (flag === '--faults') options.faults = faultKinds(value);
  else if (flag === '--save') options.saveFile = value;
  else if (flag === '--max-faults') {
    if (!/^[0-3]$/.test(value)) throw new UsageError(`--max-faults must be a whole number from 0 to 3, not "${value}"`);
    options.maxFaults = Number(value);
  } else return false;
  return true;
}

export function parseArgs(argv: readonly string[]): CliOptions {
  const options: CliOptions = { format: 'text', list: false, table: false, help: false, search: false };
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
      if (searchFlag(options, flag, value)) continue;
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
    else if (flag === '--search') options.search = true;
    else if (flag === '--help' || flag === '-h') options.help = true;
    else throw new UsageError(`unknown argument "${arg}" (try --help)`);
  }
  if (options.preset && options.scenarioFile) throw new UsageError('give --preset or --scenario, not both');
  const searchOnly = [
    options.faults && '--faults',
    options.maxFaults !== undefined && '--max-faults',
    options.saveFile && '--save',
  ];
  const stray = searchOnly.find(Boolean);
  if (stray && !options.search) throw new UsageError(`${stray} goes with --search`);
  if (options.search && options.table) throw new UsageError('give --search or --table, not both');
  if (options.search && options.format === 'mermaid') throw new UsageError('--search prints text or json');
  return options;
}
