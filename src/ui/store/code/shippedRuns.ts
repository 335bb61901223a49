// The presets' runs as the build computed them (dist/runs/<preset>.json, written by
// scripts/shipped-runs.ts): a page that opens an unchanged preset shows its run from there, before
// the engine's machines are fetched and without running anything. Invariant: a run is used only
// if this page's own engine computed it, and only for the very scenario it is the run of (field
// for field); anything else, or a file that cannot be fetched or read, is simply computed instead,
// so a missing or stale file costs time, never correctness.

import { TRACE_FORMAT, TRACE_VERSION, validateScenario, type Scenario, type Trace } from '../../../engine';
import { differsFromPreset, presetOf } from './presetOf';

/** The engine this page runs (a hash of its sources, set by the build): only its runs are used. */
export const ENGINE_ID: string = (import.meta.env as Record<string, string | undefined>).FENCELAB_ENGINE ?? 'unbuilt';

/** Runs fetched so far, by preset id. */
const fetched = new Map<string, Trace>();
/** Runs being fetched, by preset id: a page asks for the default run and its link's run at once
 * as it starts (main.tsx), often the same one, and it is fetched and checked once. */
const fetching = new Map<string, Promise<boolean>>();

/** The run's address, relative to the page (never to the site's root). */
export const shippedRunUrl = (presetId: string, base: string) =>
  new URL(`runs/${encodeURIComponent(presetId)}.json?engine=${ENGINE_ID}`, base).href;

/** The id of the preset `scenario` is, unchanged (as the validator writes it), or null. */
function unchangedPreset(scenario: Scenario): string | null {
  const id = presetOf(scenario);
  return id !== null && !differsFromPreset(scenario, id) ? id : null;
}

/** `raw` as the trace of `scenario` if it is one (format, version and the scenario itself), else null. */
export function runOf(raw: unknown, scenario: Scenario): Trace | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const trace = raw as Partial<Trace>;
  if (trace.format !== TRACE_FORMAT || trace.version !== TRACE_VERSION || !Array.isArray(trace.steps)) return null;
  return JSON.stringify(trace.scenario) === JSON.stringify(scenario) ? ({ ...trace, scenario } as Trace) : null;
}

/**
 * Fetches the shipped run of `scenario` if it is an unchanged preset.
 * @returns whether it is now at hand (false: not a preset, or the file could not be had)
 */
export async function fetchShippedRun(
  raw: unknown,
  fetcher: typeof fetch = (...args) => fetch(...args),
  base: string | undefined = globalThis.document?.baseURI,
): Promise<boolean> {
  const checked = validateScenario(raw);
  if (!checked.ok || base === undefined) return false;
  const id = unchangedPreset(checked.scenario);
  if (id === null) return false;
  if (fetched.has(id)) return true;
  let pending = fetching.get(id);
  if (!pending) {
    pending = fetchRun(id, checked.scenario, fetcher, base).finally(() => fetching.delete(id));
    fetching.set(id, pending);
  }
  return pending;
}

/** Fetches preset `id`'s run and keeps it if it is the run of `scenario` by this page's engine. */
async function fetchRun(id: string, scenario: Scenario, fetcher: typeof fetch, base: string): Promise<boolean> {
  try {
    const response = await fetcher(shippedRunUrl(id, base));
    if (!response.ok) return false;
    const file = (await response.json()) as { engine?: unknown; trace?: unknown } | null;
    if (file?.engine !== ENGINE_ID) return false;
    const trace = runOf(file.trace, scenario);
    if (!trace) return false;
    fetched.set(id, trace);
    return true;
  } catch {
    return false;
  }
}

/**
 * The shipped run of `scenario`, if it has been fetched and `scenario` is exactly its preset. Asked
 * on every change to the run: one comparison with the preset's text (cached by differsFromPreset),
 * the fetched run having been checked once, when it came.
 */
export function shippedRun(scenario: Scenario): Trace | null {
  const id = presetOf(scenario);
  const trace = id === null ? undefined : fetched.get(id);
  return trace && !differsFromPreset(scenario, id!) ? { ...trace, scenario } : null;
}
