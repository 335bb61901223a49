// A golden file's text, and what a mismatch means in words. Each pinned run is an entry headed
// `## <key>`, with a line that runs it again, the SHA-256 of its trace JSON (the byte-for-byte
// guarantee) and the trace as `npm run sim` prints it, or a summary of it. Invariant: the text of a
// file is a pure function of the runs it pins (no dates, no paths of this machine).
import { createHash } from 'node:crypto';
import { createSimulator, formatTraceText, formatVerdict, type Trace } from '../../src/engine/index';
import { ALL_MODELS } from '../../src/engine/surfaces/allModels';
import type { GoldenFile, GoldenRun } from './runs';

const SIMULATOR = createSimulator(ALL_MODELS);

/** The first line of every golden file, for a reader who opens one on its own. */
export const FILE_BANNER = '# Pinned by scripts/golden-traces.test.ts. Regenerate on purpose: npm run golden:update';
const ENTRY_HEAD = '## ';
const HASH_HEAD = 'sha256 of the trace JSON: ';

/** The CLI's text trace: what `--strategy` left behind, then the trace (src/cli/run.ts). */
function cliText(trace: Trace, carriedNotes: string[]): string {
  return [...carriedNotes.map((n) => `Carried: ${n}`), formatTraceText(trace)].join('\n');
}

/** A long run in a few lines: its title, its step count and last step (with max_seen), and
 * the verdict, in the text trace's own words. */
function summaryText(trace: Trace, carriedNotes: string[]): string {
  const lines = cliText(trace, carriedNotes).split('\n');
  const titleAt = carriedNotes.length; // the title, a blank line, then a line per step
  const last = trace.steps.length ? lines[titleAt + 1 + trace.steps.length] : undefined;
  return [
    lines[titleAt],
    `${trace.steps.length} steps (the full text is not pinned), the last:`,
    last ?? '(none)',
    ...formatVerdict(trace),
  ].join('\n');
}

/** One entry: `## key`, how to run it, the hash, a blank line, then the text (or, where the
 * engine throws, its message, so that errors are pinned too). */
function entryText(run: GoldenRun, detail: GoldenFile['detail']): string {
  let hash: string;
  let body: string;
  try {
    const trace = SIMULATOR.simulate(run.scenario);
    hash = createHash('sha256').update(JSON.stringify(trace)).digest('hex');
    body = detail === 'text' ? cliText(trace, run.carriedNotes) : summaryText(trace, run.carriedNotes);
  } catch (e) {
    hash = 'none (the engine threw)';
    body = `error: ${(e as Error).message}`;
  }
  // A body line that looked like an entry's head would split the entry when the file is read back.
  if (body.split('\n').some((line) => line.startsWith(ENTRY_HEAD)))
    throw new Error(`the text of "${run.key}" has a line starting "${ENTRY_HEAD}"`);
  return [`${ENTRY_HEAD}${run.key}`, `run: ${run.howToRun}`, `${HASH_HEAD}${hash}`, '', body].join('\n');
}

/** The whole file: the banner, then every entry, a blank line between two; ends with a newline. */
export function fileText(file: GoldenFile): string {
  return `${[FILE_BANNER, ...file.runs.map((run) => entryText(run, file.detail))].join('\n\n')}\n`;
}

/** A file's entries by key, each as written (without the blank line that separates it). */
export function entriesOf(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  for (const chunk of text.split(new RegExp(`^(?=${ENTRY_HEAD})`, 'm')).slice(1)) {
    const key = chunk.slice(ENTRY_HEAD.length, chunk.indexOf('\n') < 0 ? undefined : chunk.indexOf('\n'));
    entries.set(key, chunk.trimEnd());
  }
  return entries;
}

const withoutHash = (entry: string): string =>
  entry
    .split('\n')
    .filter((line) => !line.startsWith(HASH_HEAD))
    .join('\n');

/**
 * Why `stored` (the pinned file) differs from `now` (the runs as they are today), one line per
 * run that changed, naming it by key; '' when they are the same. A run whose hash changed but
 * whose text did not is said plainly: something the text does not show changed.
 */
export function mismatchReport(path: string, stored: string, now: string): string {
  if (stored === now) return '';
  const before = entriesOf(stored);
  const after = entriesOf(now);
  const lines: string[] = [];
  for (const [key, entry] of after) {
    const old = before.get(key);
    if (old === undefined) lines.push(`  ${key}: a new run, not pinned yet`);
    else if (old === entry) continue;
    else if (withoutHash(old) === withoutHash(entry))
      lines.push(
        `  ${key}: only the hash of its trace JSON changed, its text did not: something the text does not show changed; look at the JSON (--format json) before and after`,
      );
    else lines.push(`  ${key}: its text changed (see the diff below)`);
  }
  for (const key of before.keys()) if (!after.has(key)) lines.push(`  ${key}: pinned, but no longer run`);
  if (!lines.length) lines.push('  the file changed outside its entries (its banner or layout)');
  return [
    `${path} no longer matches the runs it pins:`,
    ...lines,
    'If the change is meant, run `npm run golden:update` and say in the commit which traces changed and why.',
  ].join('\n');
}
