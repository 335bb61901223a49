// `npm run sim -- --search`: the Break it search in-process, its answer as text or JSON, and the
// breaking schedule saved as scenario JSON for --scenario to replay. Progress goes to the side
// channel once a search has run a while.

import { writeFileSync } from 'node:fs';
import { formatTraceText, type Scenario, type Simulator } from '../engine/index';
import { ALL_MODELS } from '../engine/surfaces/allModels';
import {
  FAULT_KINDS,
  startSearch,
  type SearchInput,
  type SearchProgress,
  type SearchResult,
} from '../engine/surfaces/search';
import { UsageError, type CliOptions } from './args';

/** What the search may do besides returning its output (as run.ts's CliSide). */
interface SearchSide {
  note(line: string): void;
  now(): number;
}

const n = (x: number) => x.toLocaleString('en-US');

/** The answer, found to the end, telling `side` how far it has got after 2 s, about once a second. */
function searchReporting(options: CliOptions, scenario: Scenario, side?: SearchSide): SearchResult {
  const input: SearchInput = { scenario, faults: options.faults ?? FAULT_KINDS, maxFaults: options.maxFaults ?? 1 };
  const it = startSearch(input, ALL_MODELS);
  const say = (p: SearchProgress) =>
    `sim: searching: ${n(p.tried)} schedules tried, at depth ${p.depth} (faults per schedule)`;
  const started = side?.now() ?? 0;
  let said = started;
  for (;;) {
    const step = it.next();
    if (step.done) return step.value;
    const at = side?.now() ?? 0;
    if (side && at - started >= 2000 && at - said >= 1000) {
      said = at;
      side.note(say(step.value));
    }
  }
}

function asText(result: SearchResult, simulator: Simulator): string {
  switch (result.kind) {
    case 'broken': {
      const head = `Broken: ${result.ruleWords}, with ${result.faults} ${result.faults === 1 ? 'fault' : 'faults'} (${n(result.tried)} schedules tried).`;
      return [
        head,
        ...result.thresholds.map((t) => `  It ${t}.`),
        '',
        'Why:',
        ...result.chain.map((c) => `  -> ${c}`),
        '',
        formatTraceText(simulator.simulate(result.scenario)),
      ].join('\n');
    }
    case 'property':
      return `Broken with no fault: ${result.ruleWords}.\n${result.words}`;
    case 'held':
      return `Held. ${result.bound}`;
    case 'invalid':
      return result.message;
  }
}

/** Runs the search over `scenario` and prints its answer; --save writes the breaking schedule. */
export function runSearch(
  options: CliOptions,
  scenario: Scenario,
  simulator: Simulator,
  side?: SearchSide,
): { code: number; out: string } {
  const result = searchReporting(options, scenario, side);
  if (result.kind === 'invalid') throw new UsageError(result.message.replace(/\.$/, ''));
  if (options.saveFile) {
    if (result.kind !== 'broken')
      side?.note(`sim: nothing saved to ${options.saveFile}: no breaking schedule was found`);
    else {
      try {
        writeFileSync(options.saveFile, `${JSON.stringify(result.scenario, null, 2)}\n`);
      } catch (e) {
        throw new UsageError(`cannot write ${options.saveFile}: ${(e as NodeJS.ErrnoException).code ?? 'unwritable'}`);
      }
    }
  }
  if (options.format === 'json') return { code: 0, out: JSON.stringify(result, null, 2) };
  return { code: 0, out: asText(result, simulator) };
}
