// Behaviour pinned: the trace of every preset, of every preset under every other strategy, of a
// few hundred random fault schedules and of a few long random workloads. A refactor of the engine
// must leave every one as it was, byte for byte.
//
// Each run is kept as text a reviewer can read, in scripts/__golden__/:
//   presets/<preset>.txt             the preset under its own strategy (npm run sim -- --preset P)
//   presets/<preset>@<strategy>.txt  the preset carried to another strategy (... --strategy S)
//   random/<strategy>.txt            40 random fault schedules, each headed by its scenario JSON
//                                    (save it to a file, then npm run sim -- --scenario FILE)
//   random/workloads.txt             long random workloads (about 700 steps each), as a summary
// Every entry has the SHA-256 of its trace JSON beside the text (what `npm run sim` prints), so
// the guarantee stays byte for byte: a change shows as a diff of sentences, and a change the text
// does not show is named as such (only the hash moved: compare the JSON).
//
// When a change is meant to alter traces (a model fix, a new wording), regenerate the files on
// purpose, read their diff, and say in the commit which traces changed and why:
//   npm run golden:update      (GOLDEN_UPDATE=1 vitest run scripts/golden-traces.test.ts)
// It rewrites the files that differ and deletes those that pin no run any more. With CI set it
// refuses to write, so a missing or stale file fails there. The runs are in golden/runs.ts and
// the files' text in golden/pins.ts.
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PRESETS, carryTo } from '../src/engine/index';
import { fileText, mismatchReport } from './golden/pins';
import { goldenFiles, type GoldenFile } from './golden/runs';

const GOLDEN_DIR = fileURLToPath(new URL('./__golden__/', import.meta.url));
const UPDATE = process.env.GOLDEN_UPDATE === '1';
const IN_CI = !['', '0', 'false', undefined].includes(process.env.CI);
if (UPDATE && IN_CI)
  throw new Error('GOLDEN_UPDATE is refused where CI is set: regenerate the golden files locally and commit them');

const FILES = goldenFiles();

/** Every file under `dir`, as paths relative to it with '/' between folders. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length).split('\\').join('/'))
    .sort();
}

function readPinned(path: string): string | null {
  try {
    return readFileSync(join(GOLDEN_DIR, path), 'utf8');
  } catch {
    return null;
  }
}

/** Holds `file` against its pinned text (each mismatch a soft failure, so that one run shows every
 * file that changed, each with its diff), or with GOLDEN_UPDATE rewrites it where it differs. */
function checkOrUpdate(file: GoldenFile): void {
  const now = fileText(file);
  const stored = readPinned(file.path);
  if (UPDATE) {
    if (stored === now) return;
    mkdirSync(dirname(join(GOLDEN_DIR, file.path)), { recursive: true });
    writeFileSync(join(GOLDEN_DIR, file.path), now);
    console.log(`golden: wrote ${file.path}`);
  } else if (stored === null) {
    expect.soft(stored, `${file.path} is not pinned yet: run \`npm run golden:update\` and commit it`).not.toBeNull();
  } else {
    // Expected is the pinned file, received the runs today: vitest prints the diff of lines.
    expect.soft(now, mismatchReport(file.path, stored, now)).toBe(stored);
  }
}

describe('golden traces', () => {
  it('a preset carried to its own strategy is the preset itself, so <preset>.txt pins that run too', () => {
    for (const preset of PRESETS)
      expect(carryTo(preset.scenario, preset.scenario.strategy), preset.id).toEqual({
        scenario: preset.scenario,
        notes: [],
      });
  });

  it('every preset, under its own strategy and every other, gives the trace it gave before', () => {
    for (const file of FILES.filter((f) => f.path.startsWith('presets/'))) checkOrUpdate(file);
  });

  it('random fault schedules under every strategy, and long random workloads, give the traces they gave before', () => {
    for (const file of FILES.filter((f) => f.path.startsWith('random/'))) checkOrUpdate(file);
  });

  it('every file in scripts/__golden__ pins runs that are still made', () => {
    const wanted = new Set(FILES.map((f) => f.path));
    const stale = filesUnder(GOLDEN_DIR).filter((path) => !wanted.has(path));
    if (UPDATE) {
      for (const path of stale) {
        rmSync(join(GOLDEN_DIR, path));
        console.log(`golden: deleted ${path}`);
      }
      return;
    }
    expect(stale, 'these files pin no run any more: `npm run golden:update` deletes them').toEqual([]);
  });
});
