import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from './run';
import { parseArgs, UsageError } from './args';

const file = (name: string, text: string) => {
  const path = join(mkdtempSync(join(tmpdir(), 'fencelab-')), name);
  writeFileSync(path, text);
  return path;
};

describe('npm run sim', () => {
  it('prints the canonical race like the seed step trace', () => {
    const { code, out } = run(['--preset', 'canonical-race']);
    expect(code).toBe(0);
    expect(out).toMatch(/^t4 .*Client2\s+write\(Storage, 34, X\)\s+34 > 32 -> ACCEPT\s+max_seen = 34$/m);
    expect(out).toMatch(/^t6 .*Client1\s+write\(Storage, 33, Y\)\s+33 <= 34 -> REJECT\s+max_seen = 34$/m);
    expect(out).toContain('Stale write accepted: no (1 stale write rejected)');
  });

  it('prints the trace JSON, and the same scenario under another strategy', () => {
    const json = JSON.parse(run(['--preset', 'canonical-race', '--format', 'json']).out);
    expect(json).toMatchObject({ format: 'fencelab.trace', version: 1, verdict: { ok: true } });
    const lease = JSON.parse(run(['--preset', 'canonical-race', '--strategy', 'lease-trust', '--format=json']).out);
    expect(lease.verdict.staleWriteAccepted).not.toBeNull();
  });

  it('runs a scenario file and prints the comparison table', () => {
    const path = file(
      'race.json',
      JSON.stringify({ format: 'fencelab.scenario', version: 1, strategy: 'fencing', actions: [] }),
    );
    expect(run(['--scenario', path]).code).toBe(0);
    const table = run(['--table']).out.split('\n');
    expect(table[0]).toMatch(/^Approach\s+Monotonic token\?\s+Stale write blocked\?/);
    expect(table.find((l) => l.startsWith('Fencing token'))).toMatch(
      /Yes\s+Yes\s+Storage rejected Client1's stale write Y: 33 <= 34/,
    );
    expect(table.find((l) => l.startsWith('Lease + trust'))).toMatch(/No\s+No\s+/);
  });

  it.each([
    [['--preset', 'nope'], 'sim: unknown preset "nope" (npm run sim -- --list shows them)'],
    [['--strategy', 'paxos'], /^sim: unknown strategy "paxos" \(one of: .*fencing/],
    [['--format', 'xml'], 'sim: --format must be text or json, not "xml"'],
    [['--bogus'], 'sim: unknown argument "--bogus" (try --help)'],
    [['--preset'], 'sim: --preset needs a value'],
    [['--scenario', '/no/such/file.json'], 'sim: cannot read /no/such/file.json: no such file'],
  ])('bad input %j exits 2 with one line naming the problem', (argv, message) => {
    const { code, out } = run(argv);
    expect(code).toBe(2);
    expect(out.split('\n')).toHaveLength(1);
    if (typeof message === 'string') expect(out).toBe(message);
    else expect(out).toMatch(message);
  });

  it('names the bad field of a scenario file', () => {
    const broken = file(
      'bad.json',
      '{"format":"fencelab.scenario","version":1,"strategy":"fencing","knobs":{"check":"<"}}',
    );
    expect(run(['--scenario', broken]).out).toMatch(/bad\.json: knobs\.check: expected one of "reject-le"/);
    expect(run(['--scenario', file('x.json', '{oops')]).out).toMatch(/x\.json: it is not valid JSON \(/);
  });

  it('lists presets and strategies', () => {
    const { out } = run(['--list']);
    expect(out).toMatch(/^ {2}canonical-race\s+The canonical race/m);
    expect(out).toMatch(/^ {2}fencing\s+Fencing token/m);
  });
});

describe('parseArgs', () => {
  it('refuses --preset with --scenario', () => {
    expect(() => parseArgs(['--preset', 'a', '--scenario', 'b'])).toThrow(UsageError);
  });
});

describe('the sim process', () => {
  it('exits with status 2 and one line on stderr for bad input, 0 and the trace on stdout otherwise', () => {
    const sim = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], { encoding: 'utf8' });
    const bad = sim('--preset', 'nope');
    expect(bad.status).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toBe('sim: unknown preset "nope" (npm run sim -- --list shows them)\n');
    const good = sim('--preset', 'canonical-race');
    expect(good.status).toBe(0);
    expect(good.stdout).toContain('33 <= 34 -> REJECT');
  }, 30_000);
});
