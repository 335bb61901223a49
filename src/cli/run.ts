// The CLI's behaviour as a function of its arguments: the text to print and the exit status.
// Invariant: bad input yields status 2 and one line naming the problem, never a stack trace. A run
// over a few seconds says how far it has got, on the side channel (`note`), and a run cut short by
// its event budget says so there too, whatever the format.

import { readFileSync } from 'node:fs';
import {
  PRESETS,
  STRATEGIES,
  findPreset,
  findStrategy,
  formatScenarioError,
  formatTraceText,
  parseScenarioJson,
  createSimulator,
  carryTo,
  cutShortSentence,
  type RunProgress,
  type Scenario,
  type Simulator,
  type Trace,
} from '../engine/index';
import { ALL_MODELS } from '../engine/surfaces/allModels';
import { compareStrategies, formatComparisonText } from '../engine/surfaces/comparison';
import { formatMermaid } from '../engine/surfaces/export';
import { USAGE, UsageError, parseArgs, type CliOptions } from './args';
import { runSearch } from './search';

/** The CLI runs any strategy: every model is linked in. */
const simulator = createSimulator(ALL_MODELS);

/** What the CLI may do besides returning its output: say how a long run goes, and read a clock. */
interface CliSide {
  /** A line for the side channel (stderr): progress, or a run cut short. */
  note(line: string): void;
  /** Milliseconds from any fixed origin (performance.now). */
  now(): number;
}

/** A run that has gone on this long (ms) starts saying how far it has got... */
const PROGRESS_AFTER_MS = 2000;
/** ...and says it again at most this often (ms). */
const PROGRESS_EVERY_MS = 1000;

const n = (x: number) => x.toLocaleString('en-US');

/** The simulator, with each run telling `side` how far it has got once it has run a while. */
function reporting(side: CliSide): Simulator {
  const started = side.now();
  let said = -Infinity;
  const onProgress = (p: RunProgress) => {
    const at = side.now();
    if (at - started < PROGRESS_AFTER_MS || at - said < PROGRESS_EVERY_MS) return;
    said = at;
    const elapsed = ((at - started) / 1000).toFixed(0);
    side.note(
      `sim: still running after ${elapsed} s: ${n(p.events)} events of at most ${n(p.eventBudget)}, at ${n(p.atMs)} ms of ${n(p.horizonMs)} ms`,
    );
  };
  return { ...simulator, simulate: (scenario, options) => simulator.simulate(scenario, { ...options, onProgress }) };
}

/** A trace's cut, said on the side channel, where a JSON or Mermaid reader sees it too. */
function noteCut(trace: Trace, side: CliSide | undefined): void {
  if (trace.verdict.cutShort) side?.note(`sim: ${cutShortSentence(trace.verdict.cutShort)}`);
}

/** The scenario to run, and what --strategy could not carry to its strategy one for one. */
function loadScenario(options: CliOptions): { scenario: Scenario; notes: string[] } {
  let scenario: Scenario;
  if (options.scenarioFile) {
    let text: string;
    try {
      text = readFileSync(options.scenarioFile, 'utf8');
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      throw new UsageError(
        `cannot read ${options.scenarioFile}: ${code === 'ENOENT' ? 'no such file' : (code ?? 'unreadable')}`,
      );
    }
    const result = parseScenarioJson(text);
    if (!result.ok) throw new UsageError(`${options.scenarioFile}: ${formatScenarioError(result.error)}`);
    scenario = result.scenario;
  } else {
    const id = options.preset ?? 'canonical-race';
    const preset = findPreset(id);
    if (!preset) throw new UsageError(`unknown preset "${id}" (npm run sim -- --list shows them)`);
    scenario = preset.scenario;
  }
  if (options.strategy) {
    if (!findStrategy(options.strategy)) {
      throw new UsageError(
        `unknown strategy "${options.strategy}" (one of: ${STRATEGIES.map((s) => s.id).join(', ')})`,
      );
    }
    const carried = carryTo(scenario, options.strategy);
    return { scenario: carried.scenario, notes: carried.notes };
  }
  return { scenario, notes: [] };
}

function listing(): string {
  const width = Math.max(...PRESETS.map((p) => p.id.length), ...STRATEGIES.map((s) => s.id.length)) + 2;
  return [
    'Presets:',
    ...PRESETS.map((p) => `  ${p.id.padEnd(width)}${p.title}`),
    '',
    'Strategies:',
    ...STRATEGIES.map((s) => `  ${s.id.padEnd(width)}${s.name}`),
  ].join('\n');
}

export function run(argv: readonly string[], side?: CliSide): { code: number; out: string } {
  try {
    const options = parseArgs(argv);
    if (options.help) return { code: 0, out: USAGE };
    if (options.list) return { code: 0, out: listing() };
    // What --strategy could not carry one for one is said before a text trace (JSON stays data).
    const { scenario, notes } = loadScenario(options);
    if (options.search) return runSearch(options, scenario, simulator, side);
    if (options.table && options.format === 'mermaid')
      throw new UsageError('--table prints text or json; --format mermaid draws one run');
    if (options.table) {
      const rows = compareStrategies(scenario, side ? reporting(side) : simulator);
      for (const row of rows)
        if (row.trace?.verdict.cutShort)
          side?.note(`sim: ${row.name}: ${cutShortSentence(row.trace.verdict.cutShort)}`);
      if (options.format === 'json') {
        return {
          code: 0,
          out: JSON.stringify(
            rows.map(({ trace: _trace, ...row }) => row),
            null,
            2,
          ),
        };
      }
      return { code: 0, out: formatComparisonText(rows, scenario.strategy) };
    }
    const trace = (side ? reporting(side) : simulator).simulate(scenario);
    if (options.format !== 'text') noteCut(trace, side);
    if (options.format === 'json') return { code: 0, out: JSON.stringify(trace, null, 2) };
    if (options.format === 'mermaid') return { code: 0, out: formatMermaid(trace).trimEnd() };
    return { code: 0, out: [...notes.map((n) => `Carried: ${n}`), formatTraceText(trace)].join('\n') };
  } catch (e) {
    if (e instanceof UsageError) return { code: 2, out: `sim: ${e.message}` };
    return { code: 1, out: `sim: internal error: ${(e as Error).message}` };
  }
}
