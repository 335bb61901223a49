// Writes every preset's run, as shipped, into the built site (dist/runs/<preset>.json), so a page
// that opens an unchanged preset (the lab's default, a short link, an embed) draws it before it
// has fetched the engine's machines or run anything. The build runs this (vite.config.ts) with the
// engine it has just bundled; the engine is deterministic, so each file is byte for byte the trace
// the page would compute. Usage: tsx scripts/shipped-runs.ts OUT_DIR
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PRESETS, simulate, validateScenario } from '../src/engine/index';
import '../src/engine/surfaces/allModels';

/** Each preset's id and its run's JSON (the trace of the scenario as the validator writes it). */
export function shippedRuns(): { id: string; text: string }[] {
  return PRESETS.map((preset) => {
    const checked = validateScenario(preset.scenario);
    if (!checked.ok) throw new Error(`the preset "${preset.id}" does not validate`);
    return { id: preset.id, text: JSON.stringify(simulate(checked.scenario)) };
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const out = process.argv[2];
  if (!out) throw new Error('usage: tsx scripts/shipped-runs.ts OUT_DIR');
  mkdirSync(join(out, 'runs'), { recursive: true });
  const runs = shippedRuns();
  for (const { id, text } of runs) writeFileSync(join(out, 'runs', `${id}.json`), text);
  console.log(`wrote ${runs.length} shipped runs into ${join(out, 'runs')}`);
}
