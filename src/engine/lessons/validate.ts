// A lesson checked on the way in and made concrete: its shape (every field named when wrong, as
// scenario validation does), then every step resolved against its run: the preset exists, the
// scenario is valid, the label is in the trace, the question fits the step. Invariant: a lesson
// that passes can be walked from the first step to the last without an error, and one that fails
// says which field or step is wrong and changes nothing.

import type { Simulator } from '../simulate/simulator';
import { validateScenario, formatScenarioError } from '../validation/validate';
import { Invalid, join, object, onlyKeys, oneOf, str, int } from '../validation/read';
import { findPreset } from '../presets';
import { withStrategy } from '../comparison/compare';
import { STRATEGY_IDS } from '../core/defaults';
import type { Scenario } from '../core/scenario';
import type { Trace } from '../core/trace';
import { verdictSettledAt } from '../trace/settled';
import {
  LESSON_FORMAT,
  LESSON_PANELS,
  LESSON_VERSION,
  QUESTION_KINDS,
  type Chapter,
  type Lesson,
  type LessonRun,
  type LessonStep,
  type Question,
  type ResolvedStep,
} from './format';
import { poseQuestion, QuestionMismatch } from './questions';

export type LessonResult = { ok: true; lesson: Lesson; chapters: ResolvedStep[][] } | { ok: false; error: string };

const ID = /^[a-z0-9][a-z0-9-]{0,63}$/;
const TEXT_MAX = 2000;

function id(v: unknown, path: string): string {
  const s = str(v, path, 64);
  if (!ID.test(s))
    throw new Invalid(path, `expected a short name of lower-case letters, digits and dashes, got "${s}"`);
  return s;
}

function list(v: unknown, path: string, min: number, max: number): unknown[] {
  if (!Array.isArray(v) || v.length < min || v.length > max)
    throw new Invalid(path, `expected a list of ${min} to ${max} items`);
  return v;
}

function readRun(v: unknown, path: string): LessonRun {
  const o = object(v, path);
  if ('scenario' in o) {
    onlyKeys(o, path, ['scenario']);
    const checked = validateScenario(o.scenario);
    if (!checked.ok) throw new Invalid(join(path, 'scenario'), formatScenarioError(checked.error));
    return { scenario: checked.scenario };
  }
  onlyKeys(o, path, ['preset', 'strategy']);
  const preset = str(o.preset, join(path, 'preset'), 64);
  if (!findPreset(preset)) throw new Invalid(join(path, 'preset'), `there is no preset "${preset}"`);
  return o.strategy === undefined
    ? { preset }
    : { preset, strategy: oneOf(o.strategy, join(path, 'strategy'), STRATEGY_IDS) };
}

function readQuestion(v: unknown, path: string): Question {
  const o = object(v, path);
  const kind = oneOf(o.kind, join(path, 'kind'), QUESTION_KINDS);
  const why = str(o.why, join(path, 'why'), TEXT_MAX);
  if (kind !== 'choice') {
    onlyKeys(o, path, ['kind', 'prompt', 'why']);
    return o.prompt === undefined
      ? { kind, why }
      : { kind, prompt: str(o.prompt, join(path, 'prompt'), TEXT_MAX), why };
  }
  onlyKeys(o, path, ['kind', 'prompt', 'choices', 'answer', 'why']);
  const choices = list(o.choices, join(path, 'choices'), 2, 6).map((c, i) =>
    str(c, join(join(path, 'choices'), i), 200),
  );
  return {
    kind,
    prompt: str(o.prompt, join(path, 'prompt'), TEXT_MAX),
    choices,
    answer: int(o.answer, join(path, 'answer'), 0, choices.length - 1),
    why,
  };
}

function readStep(v: unknown, path: string): LessonStep {
  const o = object(v, path);
  onlyKeys(o, path, ['id', 'run', 'at', 'say', 'ask', 'show', 'focus']);
  const step: LessonStep = { at: str(o.at, join(path, 'at'), 64), say: str(o.say, join(path, 'say'), TEXT_MAX) };
  if (o.id !== undefined) step.id = id(o.id, join(path, 'id'));
  if (o.run !== undefined) step.run = readRun(o.run, join(path, 'run'));
  if (o.ask !== undefined) step.ask = readQuestion(o.ask, join(path, 'ask'));
  if (o.show !== undefined)
    step.show = list(o.show, join(path, 'show'), 0, LESSON_PANELS.length).map((p, i) =>
      oneOf(p, join(join(path, 'show'), i), LESSON_PANELS),
    );
  if (o.focus !== undefined) {
    const [from, to] = list(o.focus, join(path, 'focus'), 2, 2).map((l, i) => str(l, join(join(path, 'focus'), i), 64));
    step.focus = [from!, to!];
  }
  return step;
}

function readChapter(v: unknown, path: string): Chapter {
  const o = object(v, path);
  onlyKeys(o, path, ['id', 'title', 'steps']);
  const steps = list(o.steps, join(path, 'steps'), 1, 60).map((s, i) => readStep(s, join(join(path, 'steps'), i)));
  if (!steps[0]!.run) throw new Invalid(join(join(path, 'steps'), 0), 'the first step of a chapter must name its run');
  return { id: id(o.id, join(path, 'id')), title: str(o.title, join(path, 'title'), 200), steps };
}

function readLesson(raw: unknown): Lesson {
  const o = object(raw, '');
  onlyKeys(o, '', ['format', 'version', 'id', 'title', 'summary', 'minutes', 'chapters']);
  if (o.format !== LESSON_FORMAT) throw new Invalid('format', `expected "${LESSON_FORMAT}"`);
  if (o.version !== LESSON_VERSION) throw new Invalid('version', `expected ${LESSON_VERSION}`);
  const chapters = list(o.chapters, 'chapters', 1, 40).map((c, i) => readChapter(c, join('chapters', i)));
  return {
    format: LESSON_FORMAT,
    version: LESSON_VERSION,
    id: id(o.id, 'id'),
    title: str(o.title, 'title', 200),
    summary: str(o.summary, 'summary', TEXT_MAX),
    ...(o.minutes === undefined ? {} : { minutes: int(o.minutes, 'minutes', 1, 240) }),
    chapters,
  };
}

/** The scenario a run names, and the preset it is when it is one unchanged. */
export function scenarioOfRun(run: LessonRun): { scenario: Scenario; presetId: string | null } {
  if ('scenario' in run) return { scenario: run.scenario, presetId: null };
  const preset = findPreset(run.preset)!;
  if (!run.strategy || run.strategy === preset.scenario.strategy)
    return { scenario: preset.scenario, presetId: run.preset };
  return { scenario: withStrategy(preset.scenario, run.strategy), presetId: null };
}

/** The room a focus leaves either side of its two steps: this share of the time between them,
 * and at least this share of the whole run. */
const FOCUS_ROOM = 0.4;
const FOCUS_ROOM_OF_RUN = 0.01;

/** The time a step's `focus` opens the timeline on (ms), or null for none. */
function focusOf(trace: Trace, focus: [string, string] | undefined, path: string): ResolvedStep['focusMs'] {
  if (!focus) return null;
  const [from, to] = focus.map((label, i) => locate(trace, label, join(join(path, 'focus'), i)));
  const [fromMs, toMs] = [trace.steps[from!]!.timeMs, trace.steps[to!]!.timeMs];
  if (toMs < fromMs)
    throw new Invalid(
      join(path, 'focus'),
      `"${focus[1]}" (${toMs} ms) comes before "${focus[0]}" (${fromMs} ms): name the earlier first`,
    );
  const room = Math.max((toMs - fromMs) * FOCUS_ROOM, trace.endMs * FOCUS_ROOM_OF_RUN);
  return { startMs: Math.max(0, fromMs - room), endMs: Math.min(trace.endMs, toMs + room) };
}

/** The index of the trace step a label names (a lesson step's `at`, a focus's end); `path`: the field's. */
function locate(trace: Trace, at: string, path: string): number {
  if (at === 'start') return 0;
  if (at === 'end') return Math.max(0, trace.steps.length - 1);
  const index = trace.steps.findIndex((s) => s.label === at);
  if (index < 0) {
    const labels = trace.steps.flatMap((s) => (s.label ? [s.label] : []));
    throw new Invalid(
      path,
      `the run has no step labelled "${at}" (it has ${labels.length ? labels.join(', ') : 'no labels'}; or use "start" or "end")`,
    );
  }
  return index;
}

/**
 * A run already computed for a scenario, or null to compute it here: a page passes the runs the
 * build shipped for its presets (ui/store/code/shippedRuns.ts), so opening a lesson does not run them
 * all again. It must give exactly `simulate(scenario)` or null.
 */
export type KnownRuns = (scenario: Scenario) => Trace | null;

function resolve(lesson: Lesson, simulator: Simulator, known: KnownRuns): ResolvedStep[][] {
  // A lesson comes back to the same run in several chapters (the canonical race, five times in the
  // shipped one): it is computed once. Keyed by the scenario's text, so a preset carried to another
  // strategy, or a scenario written out in the lesson, named twice is also computed once.
  const runs = new Map<string, Trace>();
  const runOf = (scenario: Scenario): Trace => {
    const key = JSON.stringify(scenario);
    let trace = runs.get(key);
    if (!trace) runs.set(key, (trace = known(scenario) ?? simulator.simulate(scenario)));
    return trace;
  };
  return lesson.chapters.map((chapter, c) => {
    let current: { scenario: Scenario; presetId: string | null; trace: Trace } | null = null;
    const seen = new Set<string>();
    return chapter.steps.map((step, s) => {
      const path = join(join(join('chapters', c), 'steps'), s);
      // A step that names no run goes on with the one before it (the chapter's first names one).
      if (step.run || !current) {
        const { scenario, presetId } = scenarioOfRun(step.run!);
        current = { scenario, presetId, trace: runOf(scenario) };
      }
      const { scenario, presetId, trace } = current;
      const target = locate(trace, step.at, join(path, 'at'));
      // The whole run's verdict shows once nothing still to come can change it (a lesson hides
      // the future): asked for at a step before that, the panel would never show. The lesson
      // asked for it at 15 parts where it never showed, unnoticed.
      const settled = verdictSettledAt(trace);
      if (step.show?.includes('verdict') && target < settled)
        throw new Invalid(
          join(path, 'show'),
          `the "verdict" panel shows once the run's verdict is settled, at step ${settled}, and this step stops before it, at step ${target} ("${step.at}"): stop at "end", or leave "verdict" out`,
        );
      const stepId = step.id ?? String(s + 1);
      if (seen.has(stepId))
        throw new Invalid(join(path, 'id'), `another step of this chapter is also called "${stepId}"`);
      seen.add(stepId);
      let question = null;
      if (step.ask) {
        try {
          question = poseQuestion(step.ask, trace, target);
        } catch (e) {
          if (e instanceof QuestionMismatch)
            throw new Invalid(join(path, 'ask'), `this question does not fit the step: ${e.message}`);
          throw e;
        }
      }
      return {
        chapter: c,
        step: s,
        id: stepId,
        scenario,
        presetId,
        target,
        waitAt: question ? Math.max(0, target - 1) : target,
        say: step.say,
        question,
        show: step.show ?? [],
        focusMs: focusOf(trace, step.focus, path),
      };
    });
  });
}

/**
 * Checks a lesson read from JSON and resolves every step; never throws. The error names the field
 * ("chapters[2].steps[0].at: the run has no step labelled ...") and the problem.
 * @param simulator runs the lesson's runs: given the model of every strategy the lesson names (a
 *   run under a strategy it has no model of is an error that names the strategy)
 * @param known runs already at hand (see KnownRuns); any other run is simulated here, each once
 */
export function validateLesson(raw: unknown, simulator: Simulator, known: KnownRuns = () => null): LessonResult {
  try {
    const lesson = readLesson(raw);
    const ids = new Set<string>();
    lesson.chapters.forEach((ch, i) => {
      if (ids.has(ch.id))
        throw new Invalid(join(join('chapters', i), 'id'), `another chapter is also called "${ch.id}"`);
      ids.add(ch.id);
    });
    return { ok: true, lesson, chapters: resolve(lesson, simulator, known) };
  } catch (e) {
    if (e instanceof Invalid) return { ok: false, error: e.path ? `${e.path}: ${e.message}` : e.message };
    return { ok: false, error: `the lesson could not be read: ${(e as Error).message}` };
  }
}
