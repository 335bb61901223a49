// Writes every preset's run, as shipped, into the built site (dist/runs/<preset>.json), so a page
// that opens an unchanged preset (the lab's default, a short link, an embed) draws it before it
// has fetched the engine's machines or run anything. The build runs this (vite.config.ts) on the
// engine's sources it bundles; the engine is deterministic, so each trace is byte for byte the one
// the page would compute. Each file is { engine, trace }: `engine` names those sources (their hash,
// ENGINE_ID in vite.config.ts), and the page uses a run only from its own engine.
// Usage: tsx scripts/shipped-runs.ts OUT_DIR ENGINE_ID
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PRESETS, createSimulator, validateScenario } from '../src/engine/index';
import { ALL_MODELS } from '../src/engine/surfaces/allModels';

/** Each preset's id and its run's JSON (the trace of the scenario as the validator writes it). */
export function shippedRuns(engine: string): { id: string; text: string }[] {
  const { simulate } = createSimulator(ALL_MODELS);
  return PRESETS.map((preset) => {
    const checked = validateScenario(preset.scenario);
    if (!checked.ok) throw new Error(`the preset "${preset.id}" does not validate`);
    return { id: preset.id, text: JSON.stringify({ engine, trace: simulate(checked.scenario) }) };
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [out, engine] = process.argv.slice(2);
  if (!out || !engine) throw new Error('usage: tsx scripts/shipped-runs.ts OUT_DIR ENGINE_ID');
  mkdirSync(join(out, 'runs'), { recursive: true });
  const runs = shippedRuns(engine);
  for (const { id, text } of runs) writeFileSync(join(out, 'runs', `${id}.json`), text);
  console.log(`wrote ${runs.length} shipped runs into ${join(out, 'runs')}`);
}
