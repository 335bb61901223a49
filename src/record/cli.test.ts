// The recorder's command line: --help, and bad input said in one line with the usage, exit 64,
// never a stack trace and never a recording (parsing comes before anything is installed or run).

import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const run = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/record/main.ts', ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 20_000,
  });

describe('npm run record: the command line', () => {
  it('--help prints the usage and exits 0', () => {
    const r = run('--help');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^usage: npm run record -- .*--only.*--out/);
  });

  it.each([
    [['--bogus'], /Unknown option '--bogus'/],
    [['--only', 'bogus'], /--only takes a comma-separated list of etcd, zookeeper, redis; got "bogus"/],
    [['--out', '--only', 'etcd'], /'--out' argument is ambiguous/],
    [['--races', 'etcd-race,bogus'], /--races takes a comma-separated list of etcd-race, .*; got "etcd-race,bogus"/],
    [['--deadline', 'soon'], /--deadline takes a number of seconds/],
    [['stray'], /Unexpected argument 'stray'/],
  ])('%j: one line saying why, the usage, exit 64, no stack trace', (args, why) => {
    const r = run(...args);
    expect(r.status).toBe(64);
    expect(r.stderr.split('\n')[0]).toMatch(why);
    expect(r.stderr).toMatch(/\nusage: npm run record/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stdout).toBe('');
  });
});
