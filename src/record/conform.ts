// A folder of recordings held against the models (judge.ts), for the "recorded races" stage
// (scripts/record-conformance.mjs imports it) and by hand:
//   node --import tsx src/record/conform.ts DIR [--strict]
// prints one line per race and exits 0 when every recording agrees, 3 when some were disturbed by
// a busy host and none disagrees, 1 when one disagrees or a file is not a valid recording, 64 on a
// bad command line. --strict counts a disturbed recording as a disagreement (the shipped ones
// are held that way: they were recorded on a quiet host).

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateRecording } from '../engine/surfaces/recorded.ts';
import type { Recording } from './format.ts';
import { judge, loadOf, type Verdict } from './judge.ts';
import type { HostLoad } from './load.ts';

export interface RaceVerdict {
  id: string;
  verdict: Verdict;
  load: HostLoad | undefined;
}

/** Every `*.json` in `dir`, through the lab's own validator, by file name.
 * @throws Error naming the file and the problem when one is not a valid recording. */
export function readRecordings(dir: string): Recording[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const checked = validateRecording(JSON.parse(readFileSync(join(dir, f), 'utf8')) as unknown);
      if (!checked.ok) throw new Error(`${join(dir, f)}: ${checked.message}`);
      return checked.recording;
    });
}

/** Each recording in `dir` judged; `strict` makes a disturbed one disagree. @throws as readRecordings. */
export function judgeFolder(dir: string, opts: { strict?: boolean } = {}): RaceVerdict[] {
  return readRecordings(dir).map((rec) => {
    const verdict = judge(rec);
    const strict = opts.strict && verdict.kind === 'disturbed' ? { ...verdict, kind: 'disagrees' as const } : verdict;
    return { id: rec.id, verdict: strict, load: loadOf(rec) };
  });
}

/** "CPU waited 91% of the race, timers up to 134 ms late, servers up in 1.7 s": what was measured. */
export function loadFigures(load: HostLoad | undefined): string {
  if (!load) return 'no load figures';
  const parts = [
    ...(load.cpuWaitShare === null ? [] : [`CPU waited ${Math.round(load.cpuWaitShare * 100)}% of the race`]),
    `timers up to ${Math.max(load.loopLateMaxMs, load.actionLateMaxMs)} ms late`,
    `servers up in ${(load.serversStartMs / 1000).toFixed(1)} s`,
  ];
  return parts.join(', ');
}

/** One line for one race: "etcd-race: agrees", "zookeeper-partition: disturbed: <first finding>
 * (<figures>)", or "etcd-race: disagrees: <findings>". */
export function verdictLine({ id, verdict, load }: RaceVerdict): string {
  if (verdict.kind === 'agrees') return `${id}: agrees`;
  const said = (verdict.kind === 'disturbed' ? [verdict.first] : verdict.findings).map(
    (f) => `at ${f.atMs} ms ${f.what}`,
  );
  return `${id}: ${verdict.kind}: ${said.join('; ')} (${loadFigures(load)})`;
}

/** The stage's one line when the host stayed too slow to record some races: which, why, and the
 * figures; `extra` says how many attempts and how long. */
export function inconclusiveLine(disturbed: RaceVerdict[], extra: string): string {
  const why = disturbed.map((v) =>
    v.verdict.kind === 'agrees' ? v.id : `${v.id}: ${v.verdict.first.what}, ${loadFigures(v.load)}`,
  );
  return `recorded races: inconclusive: the host was too slow (${[...why, extra].join('; ')}); the shipped recordings still hold to the models`;
}

function main(argv: string[]): number {
  const strict = argv.includes('--strict');
  const dirs = argv.filter((a) => a !== '--strict');
  const [dir] = dirs;
  if (dirs.length !== 1 || !dir || dir.startsWith('-')) {
    process.stderr.write('usage: node --import tsx src/record/conform.ts DIR [--strict]\n');
    return 64;
  }
  let verdicts: RaceVerdict[];
  try {
    verdicts = judgeFolder(dir, { strict });
  } catch (e) {
    process.stderr.write(`conform: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
  for (const v of verdicts) process.stdout.write(`${verdictLine(v)}\n`);
  const kinds = new Set(verdicts.map((v) => v.verdict.kind));
  return kinds.has('disagrees') ? 1 : kinds.has('disturbed') ? 3 : 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = main(process.argv.slice(2));
