// Every lock system and every kind of timed action is in each place it must be, beyond what
// typecheck already holds (docs/contributing.md has the checklists this test follows): a system is
// in the registry, has a preset, words and a model, is named in the scenario format, the embed's
// docs and its example page, and is watched by the weight test; a kind of action is offered by the
// lab's form and documented in the scenario format. A shipped lesson resolves.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACTION_TYPES, PRESETS, STRATEGIES, STRATEGY_IDS, aboutStrategy, createSimulator } from '../src/engine/index';
import { ALL_MODELS } from '../src/engine/models/all';

const SIMULATOR = createSimulator(ALL_MODELS);
const { simulate } = SIMULATOR;
import { LESSONS, validateLesson } from '../src/engine/surfaces/lessons';
import { ACTION_MENU } from '../src/ui/actions/fields';

const read = (path: string) => readFileSync(join(import.meta.dirname, '..', path), 'utf8');

/** The lines of `markdown` under the heading `title`, up to the next heading of its level or above. */
function section(markdown: string, title: string): string {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => l.replace(/^#+\s*/, '') === title && l.startsWith('#'));
  if (start < 0) throw new Error(`no section "${title}"`);
  const level = lines[start]!.match(/^#+/)![0].length;
  const end = lines.findIndex((l, i) => i > start && /^#+\s/.test(l) && l.match(/^#+/)![0].length <= level);
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

/** Whether a row of a markdown table names `code` (as `code`) in its first cell. */
const firstCellNames = (table: string, code: string) =>
  table.split('\n').some((row) => (row.match(/^\|([^|]*)\|/)?.[1] ?? '').includes(`\`${code}\``));

const SCENARIO_FORMAT = read('docs/scenario-format.md');

describe('every lock system', () => {
  it('is in the registry once, in the order of its ids', () => {
    expect(STRATEGIES.map((s) => s.id)).toEqual([...STRATEGY_IDS]);
  });

  it.each(STRATEGY_IDS)('%s: has a preset of its own, a model that runs it, and words about it', (id) => {
    const own = PRESETS.filter((p) => p.scenario.strategy === id);
    expect(own.length, `no preset runs under "${id}"`).toBeGreaterThan(0);
    expect(simulate(own[0]!.scenario).steps.length).toBeGreaterThan(0);
    expect(ALL_MODELS[id]).toBeTypeOf('function');
    expect(aboutStrategy(id)?.summary).toBeTruthy();
  });

  it.each(STRATEGY_IDS)('%s: is named in the scenario format, the embed docs and the embed example', (id) => {
    expect(firstCellNames(section(SCENARIO_FORMAT, 'What each strategy offers'), id)).toBe(true);
    const embedding = read('docs/embedding.md')
      .split('\n')
      .find((l) => l.includes('`strategy=ID`'));
    expect(embedding).toContain(`\`${id}\``);
    expect(read('public/embed-example.html')).toContain(`<option>${id}</option>`);
  });

  it('with a model of its own, is watched by the weight test (the embed must not load it)', () => {
    const weight = read('e2e/weight.spec.ts');
    const listed = weight.match(/const SYSTEMS = \[([^\]]*)\]/)?.[1] ?? '';
    const ownModel = STRATEGY_IDS.filter((id) => ALL_MODELS[id] !== ALL_MODELS.fencing);
    for (const id of ownModel) expect(listed, `e2e/weight.spec.ts's SYSTEMS lacks "${id}"`).toContain(`'${id}'`);
  });
});

describe('every kind of timed action', () => {
  it("is offered by the lab's form, once", () => {
    expect([...ACTION_MENU].sort()).toEqual([...ACTION_TYPES].sort());
  });

  it.each(ACTION_TYPES)('%s: is in the scenario format', (type) => {
    expect(firstCellNames(section(SCENARIO_FORMAT, 'Actions'), type)).toBe(true);
  });
});

describe('every shipped lesson', () => {
  it.each(LESSONS.map((l) => [l.id, l] as const))('%s: resolves against the engine', (_id, lesson) => {
    const result = validateLesson(lesson, SIMULATOR);
    expect(result.ok, result.ok ? '' : result.error).toBe(true);
  });
});
