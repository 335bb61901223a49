// The runs a lesson's steps show, taken from the build where it has them: most steps name a preset
// unchanged, whose run the build ships (dist/runs, ../store/code/shippedRuns.ts). Opening a lesson
// fetches those files, all at once, instead of running every preset again: the shipped lesson names
// 32 runs, which a laptop took half a second to compute with the page frozen, and a phone longer.
// Invariant: only a speed-up. A run that cannot be fetched, or a step that changes its preset, is
// computed as before, and the lesson's checker (validateLesson) still checks every step.

import { validateScenario, type Scenario } from '../../engine';
import type { KnownRuns } from '../../engine/surfaces/lessons';
import { knownPreset, loadAllPresets } from '../store/code/presets';
import { fetchShippedRun, shippedRun } from '../store/code/shippedRuns';

/** Where a lesson's runs come from besides the simulator. */
export interface LessonRuns {
  /** Fetches the shipped runs of the presets `raw` (a lesson, not yet checked) names; never
   * rejects, and settles within FETCH_WAIT_MS whatever the network does. */
  fetch(raw: unknown): Promise<void>;
  /** A fetched run of `scenario`, or null. */
  known: KnownRuns;
}

/** How long opening a lesson waits for the build's runs: on a network that hangs, a run that has
 * not come by then is computed instead. */
const FETCH_WAIT_MS = 1500;

/**
 * The presets a lesson's steps name under their own strategy, read from a lesson file not yet
 * checked: anything not shaped as a step with `run: { preset }` is passed over (the checker names
 * what is wrong with it, when the lesson is opened). Among the presets the page holds
 * (store/code/presets.ts): `fetch` below fetches them all first.
 * @returns each preset's scenario, once
 */
export function presetRunsOf(raw: unknown): Scenario[] {
  const found = new Set<Scenario>();
  const chapters = (raw as { chapters?: unknown } | null)?.chapters;
  if (!Array.isArray(chapters)) return [];
  for (const chapter of chapters) {
    const steps = (chapter as { steps?: unknown } | null)?.steps;
    if (!Array.isArray(steps)) continue;
    for (const step of steps) {
      const run = (step as { run?: unknown } | null)?.run as { preset?: unknown; strategy?: unknown } | undefined;
      if (typeof run?.preset !== 'string') continue;
      const preset = knownPreset(run.preset);
      if (preset && (run.strategy === undefined || run.strategy === preset.scenario.strategy))
        found.add(preset.scenario);
    }
  }
  return [...found];
}

/**
 * The build's runs, fetched from dist/runs.
 * @param fetcher and base as fetchShippedRun takes them (a test's own; the page's by default)
 */
export function shippedLessonRuns(fetcher?: typeof fetch, base?: string, waitMs: number = FETCH_WAIT_MS): LessonRuns {
  return {
    fetch: async (raw) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)));
      // Without the presets (a file that cannot be fetched) there is nothing to fetch runs for: the
      // lesson's own opening says what failed.
      const all = loadAllPresets().then(
        () => Promise.all(presetRunsOf(raw).map((scenario) => fetchShippedRun(scenario, fetcher, base))),
        () => undefined,
      );
      await Promise.race([all, late]);
      clearTimeout(timer);
    },
    // A lesson names a preset's scenario as written; the build ran its checked form (defaults
    // filled in, as the lab holds it), which makes the same steps (a test holds every preset to
    // that: engine/presets/checkedRuns.test.ts). The run is given back as the scenario's own.
    known: (scenario) => {
      const checked = validateScenario(scenario);
      const trace = checked.ok ? shippedRun(checked.scenario) : null;
      return trace && { ...trace, scenario };
    },
  };
}

/** The page's. */
export const SHIPPED_LESSON_RUNS: LessonRuns = shippedLessonRuns();
