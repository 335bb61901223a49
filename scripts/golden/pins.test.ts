// What a reader of a failing golden test is told: which runs changed, by name, and whether only
// the hash of a trace moved while its text stayed the same.
import { describe, expect, it } from 'vitest';
import { PRESETS } from '../../src/engine/index';
import { FILE_BANNER, entriesOf, fileText, mismatchReport } from './pins';
import type { GoldenFile } from './runs';

const [first, second] = PRESETS;
const file: GoldenFile = {
  path: 'presets/two.txt',
  detail: 'text',
  runs: [first!, second!].map((p) => ({ key: p.id, howToRun: `sim ${p.id}`, scenario: p.scenario, carriedNotes: [] })),
};
const pinned = fileText(file);
const hashLine = (text: string, key: string) =>
  entriesOf(text)
    .get(key)!
    .split('\n')
    .find((l) => l.startsWith('sha256'))!;

describe('golden files', () => {
  it('hold each run under its key with its hash and its text trace, after the banner', () => {
    expect(pinned.startsWith(`${FILE_BANNER}\n\n## ${first!.id}\nrun: sim ${first!.id}\n`)).toBe(true);
    expect([...entriesOf(pinned).keys()]).toEqual([first!.id, second!.id]);
    expect(hashLine(pinned, first!.id)).toMatch(/^sha256 of the trace JSON: [0-9a-f]{64}$/);
    expect(entriesOf(pinned).get(second!.id)).toContain('Stale write accepted:');
  });

  it('a summary entry keeps the step count, the last step with max_seen, and the verdict', () => {
    const text = fileText({ ...file, detail: 'summary', runs: file.runs.slice(0, 1) });
    const lines = entriesOf(text).get(first!.id)!.split('\n');
    expect(lines[5]).toMatch(/^\d+ steps \(the full text is not pinned\), the last:$/);
    expect(lines[6]).toMatch(/max_seen = \d+$/);
    expect(lines.some((l) => l.startsWith('Stale write accepted:'))).toBe(true);
    expect(hashLine(text, first!.id)).toBe(hashLine(pinned, first!.id));
  });
});

describe('a golden mismatch', () => {
  it('is nothing when the file is as pinned', () => {
    expect(mismatchReport(file.path, pinned, fileText(file))).toBe('');
  });

  it('names a run whose text changed', () => {
    const edited = pinned.replace('begins a long pause...', 'begins a nap...');
    const report = mismatchReport(file.path, edited, pinned);
    expect(report).toContain(`presets/two.txt no longer matches the runs it pins:\n  ${first!.id}: its text changed`);
    expect(report).not.toContain(second!.id);
    expect(report).toContain('npm run golden:update');
  });

  it('says plainly when only the hash of a trace changed, not its text', () => {
    const line = hashLine(pinned, second!.id);
    const edited = pinned.replace(line, `${line.slice(0, -1)}${line.endsWith('0') ? '1' : '0'}`);
    const report = mismatchReport(file.path, edited, pinned);
    expect(report).toContain(
      `${second!.id}: only the hash of its trace JSON changed, its text did not: something the text does not show changed`,
    );
    expect(report).not.toContain(`${first!.id}:`);
  });

  it('names runs added and runs no longer made', () => {
    const one = fileText({ ...file, runs: file.runs.slice(0, 1) });
    expect(mismatchReport(file.path, one, pinned)).toContain(`${second!.id}: a new run, not pinned yet`);
    expect(mismatchReport(file.path, pinned, one)).toContain(`${second!.id}: pinned, but no longer run`);
  });
});
