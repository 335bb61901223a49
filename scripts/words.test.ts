// The words a newcomer reads hold none of the engine's own names: every preset, under its own
// strategy and carried to every other (as the comparison carries it), and every sentence of its
// narration, its verdict, its headline and its comparison row, checked against the names only the
// code knows (an event type such as `lock.grant`, a missing value printed as `none`, `undefined`,
// `NaN`, `[object Object]`). The compact trace (the article's notation, `grant(Client2) -> token 34`)
// is checked for the same missing values. One comparison per preset: a few seconds in all.
import { describe, expect, it } from 'vitest';
import {
  PRESETS,
  WHAT_IF_FAULTS,
  buildWhatIf,
  createSimulator,
  findPreset,
  refusedByChance,
  formatVerdict,
  stepPhrase,
  strategyIdOf,
  type Scenario,
  type Trace,
  type WhatIfParams,
} from '../src/engine/index';
import { goldenFiles } from './golden/runs';
import { ALL_MODELS } from '../src/engine/surfaces/allModels';
import { compareStrategies, rowSentences, type ComparisonRow } from '../src/engine/surfaces/comparison';
import { headlineOf } from '../src/ui/narration/verdictWords';

/** What no sentence may hold, each with why, tried in order (the first that matches is named). */
const INTERNAL: readonly { name: string; pattern: RegExp }[] = [
  { name: 'a missing value printed', pattern: /\bundefined\b|\bNaN\b|\[object /u },
  {
    name: 'a token that is none',
    pattern: /\b(?:tokens?|max_seen|stays|was|is|still) none\b|\(none\)|\bnone\)/u,
  },
  // `lock.grant`, `timer.renewDeadline`, `zk.lockHeld`: a message or step type, as the code names it.
  { name: 'an event type', pattern: /\b[a-z][a-zA-Z]*\.[a-z][a-zA-Z]+\b/u },
  // The compact notation's calls belong in the compact trace, not in a sentence.
  { name: 'the compact notation', pattern: /\b(?:grant|acquire|queue|lease|lock)\(/u },
];

/** In the compact trace the article's notation is at home; a missing value is not. */
const NOT_IN_COMPACT = INTERNAL.slice(0, 3);

function problemIn(text: string, rules: typeof INTERNAL): string | null {
  for (const { name, pattern } of rules) {
    const m = pattern.exec(text);
    if (m) return `${name} ("${m[0]}")`;
  }
  return null;
}

interface Said {
  where: string;
  text: string;
  compact?: boolean;
}

/** Every sentence a row says, and its run's. */
function sentencesOfRow(row: ComparisonRow): Said[] {
  return [{ where: 'row', text: rowSentences(row) }, ...(row.trace ? sentencesOf(row.trace) : [])];
}

/** Every sentence a run says, each with where it is said. */
function sentencesOf(trace: Trace): Said[] {
  const out: Said[] = [];
  const system = strategyIdOf(trace.scenario.strategy);
  for (const step of trace.steps) {
    out.push({ where: `step ${step.index} (${step.kind})`, text: step.text });
    const { action } = stepPhrase(step, system);
    out.push({ where: `step ${step.index} (${step.kind}) compact`, text: action, compact: true });
  }
  for (const line of formatVerdict(trace)) out.push({ where: 'verdict', text: line });
  out.push({ where: 'headline', text: headlineOf(trace).text });
  return out;
}

const simulator = createSimulator(ALL_MODELS);

/** The what-if form's faults, each as the example asks it and as the issue's engineer asked it. */
function whatIfs(): { id: string; scenario: Scenario }[] {
  const asked: WhatIfParams[] = [];
  for (const fault of WHAT_IF_FAULTS) {
    const faultMs = fault === 'server-clock-jump' || fault === 'client-clock-jump' ? -20_000 : 40_000;
    asked.push({ fault, faultMs, leaseTtlMs: 10_000, client2AsksAtMs: 11_000 });
    asked.push({ fault, faultMs: Math.abs(faultMs) / 2, leaseTtlMs: 30_000, client2AsksAtMs: 5_000 });
  }
  return asked.map((params) => {
    const built = buildWhatIf(params);
    if (!built.ok) throw new Error(`what-if ${JSON.stringify(params)}: ${built.error}`);
    return { id: `what-if ${JSON.stringify(params)}`, scenario: built.scenario };
  });
}

/** Holds each sentence against `rules`, gathering one entry per wording with every run that says it. */
function collect(found: Map<string, string[]>, run: string, said: Said[]): void {
  for (const { where, text, compact } of said) {
    const problem = problemIn(text, compact ? NOT_IN_COMPACT : INTERNAL);
    if (!problem) continue;
    const key = `${problem}: "${text}"`;
    found.set(key, [...(found.get(key) ?? []), `${run}, ${where}`]);
  }
}

/** One line per wording, with the first run that says it: the list stays readable. */
const reportOf = (found: Map<string, string[]>): string[] =>
  [...found].map(([key, at]) => `${key}\n    in ${at[0]}${at.length > 1 ? ` and ${at.length - 1} more` : ''}`);

describe('the words a newcomer reads', () => {
  it('every preset and what-if, under every strategy, names no internal event, no missing token and no missing value', () => {
    const found = new Map<string, string[]>();
    const runs = [...PRESETS.map((p) => ({ id: p.id, scenario: p.scenario })), ...whatIfs()];
    for (const { id, scenario } of runs)
      for (const row of compareStrategies(scenario, simulator))
        collect(found, `${id} as ${row.strategy}`, sentencesOfRow(row));
    expect(reportOf(found)).toEqual([]);
  });

  it('names chance wherever a store refused a stale write by comparing two random values', () => {
    // Redlock's race with a store that compares its random values as if ordered, on a few seeds:
    // the zombie is refused on some, let in on others.
    const race = findPreset('redlock-race')!.scenario;
    let lucky = 0;
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const scenario = { ...race, seed, knobs: { ...race.knobs, check: 'reject-le' as const } };
      for (const row of compareStrategies(scenario, simulator)) {
        if (!row.trace || !refusedByChance(row.trace)) continue;
        lucky += 1;
        const where = `seed ${seed} as ${row.strategy}`;
        expect(headlineOf(row.trace).text, where).toMatch(/only because its random value.*: chance/);
        expect(formatVerdict(row.trace).join(' '), where).toMatch(/only because its random value.*: chance/);
        expect(row.reason, where).toMatch(/only because its random value.*: chance/);
        expect(headlineOf(row.trace).tone, where).not.toBe('ok');
      }
    }
    expect(lucky).toBeGreaterThan(0);
  });

  it('the random fault schedules the golden traces pin say none of them either', () => {
    const found = new Map<string, string[]>();
    for (const file of goldenFiles().filter((f) => f.path.startsWith('random/') && f.detail === 'text'))
      for (const run of file.runs) collect(found, run.key, sentencesOf(simulator.simulate(run.scenario)));
    expect(reportOf(found)).toEqual([]);
  });
});
