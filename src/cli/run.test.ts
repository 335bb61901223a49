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
    expect(out).toContain('Tokens issued: 33, 34 (strictly increasing)');
    // As the lab says it: a plain lease issues no token, which is not "a sequence out of order".
    const lease = run(['--preset', 'canonical-race', '--strategy', 'lease-trust']).out;
    expect(lease).toContain('Tokens issued: none. The lock was granted as 2 plain leases, which carry no token');
    expect(run(['--preset', 'canonical-race', '--strategy', 'redlock']).out).toMatch(
      /Tokens issued: \w+, \w+ \(random values: unique, but in no order\)/,
    );
  });

  it('prints the trace JSON, and the same scenario under another strategy', () => {
    const json = JSON.parse(run(['--preset', 'canonical-race', '--format', 'json']).out);
    expect(json).toMatchObject({ format: 'fencelab.trace', version: 1, verdict: { ok: true } });
    const lease = JSON.parse(run(['--preset', 'canonical-race', '--strategy', 'lease-trust', '--format=json']).out);
    expect(lease.verdict.staleWriteAccepted).not.toBeNull();
  });

  it('prints the run as a Mermaid sequence diagram', () => {
    const { code, out } = run(['--preset', 'canonical-race', '--format', 'mermaid']);
    expect(code).toBe(0);
    expect(out.split('\n')[0]).toBe('sequenceDiagram');
    expect(out).toContain('Note over Storage: t6: 33 <= 34 -> REJECT');
    const lease = run(['--preset', 'canonical-race', '--strategy', 'lease-trust', '--format=mermaid']).out;
    expect(lease).toContain("Note over Storage: t6: no check -> ACCEPT, a stale holder's write got in");
  });

  it('runs a scenario file and prints the comparison table', () => {
    const path = file(
      'race.json',
      JSON.stringify({ format: 'fencelab.scenario', version: 1, strategy: 'fencing', actions: [] }),
    );
    expect(run(['--scenario', path]).code).toBe(0);
    const table = run(['--table']).out.split('\n');
    expect(table[0]).toMatch(/^Approach\s+Token always grows\?\s+Zombie's write kept out\?/);
    expect(table.find((l) => l.startsWith('Fencing token'))).toMatch(
      /Yes\s+Yes\s+Storage rejected Client1's stale write Y: 33 <= 34/,
    );
    expect(table.find((l) => l.startsWith('Lease + trust'))).toMatch(/No \(it issues none\)\s+No\s+/);
    // The row the scenario's own settings run in is starred, and the footnote says what that means.
    expect(table.find((l) => l.startsWith('Fencing token'))).toMatch(/^Fencing token \(generic pattern\) \*\s/);
    expect(table.filter((l) => / \*\s{2}/.test(l))).toHaveLength(1);
    expect(table.at(-1)).toMatch(
      /^\* The scenario's own strategy: .*system's own token source and check; a knob left unset takes each system's own default .*\.$/,
    );
    const underEtcd = run(['--strategy', 'etcd', '--table']).out.split('\n');
    expect(underEtcd.find((l) => l.startsWith('etcd lock'))).toMatch(/^etcd lock \+ revision \*/);
  });

  it.each([
    [['--preset', 'nope'], 'sim: unknown preset "nope" (npm run sim -- --list shows them)'],
    [['--strategy', 'paxos'], /^sim: unknown strategy "paxos" \(one of: .*fencing/],
    [['--format', 'xml'], 'sim: --format must be text, json or mermaid, not "xml"'],
    [['--table', '--format', 'mermaid'], 'sim: --table prints text or json; --format mermaid draws one run'],
    [['--preset', 'nope', '--format', 'mermaid'], 'sim: unknown preset "nope" (npm run sim -- --list shows them)'],
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

  it('runs a scenario file saved with a byte-order mark, as the lab opens it', () => {
    const race = JSON.stringify({ format: 'fencelab.scenario', version: 1, strategy: 'fencing', actions: [] });
    const plain = run(['--scenario', file('race.json', race)]);
    const marked = run(['--scenario', file('race-bom.json', `\uFEFF${race}`)]);
    expect(marked.code).toBe(0);
    expect(marked.out).toBe(plain.out);
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

describe('a run bounded by its events (issue 40)', () => {
  /** The run that never ended: the canonical race under ZooKeeper, a 30 ms session, 1e8 ms long.
   * Its pings are events but not steps, so no step limit stopped it. */
  const jam = {
    format: 'fencelab.scenario',
    version: 1,
    name: 'The canonical race',
    strategy: 'zookeeper',
    knobs: { leaseTtlMs: 30 },
    durationMs: 100_000_000,
    actions: [
      { atMs: 0, type: 'acquire', client: 'Client1' },
      { atMs: 100, type: 'pause', client: 'Client1', durationMs: 2500 },
      { atMs: 100, type: 'write', client: 'Client1', value: 'Y' },
      { atMs: 1200, type: 'acquire', client: 'Client2' },
      { atMs: 1300, type: 'write', client: 'Client2', value: 'X' },
    ],
  };

  it('ends the run that never ended, cut by its event budget, saying how far it got meanwhile and where it stopped', () => {
    const notes: string[] = [];
    let clock = 0; // each reading a quarter of a second later
    const { code, out } = run(['--scenario', file('jam.json', JSON.stringify(jam)), '--format', 'json'], {
      note: (line) => notes.push(line),
      now: () => (clock += 250),
    });
    expect(code).toBe(0);
    const trace = JSON.parse(out);
    expect(trace.truncated).toBe(true);
    expect(trace.verdict.cutShort).toEqual({ events: 1_000_000, atMs: trace.endMs, horizonMs: 100_000_000 });
    const progress = notes.slice(0, -1);
    expect(progress.length).toBeGreaterThan(1);
    for (const line of progress)
      expect(line).toMatch(
        /^sim: still running after \d+ s: [\d,]+ events of at most 1,000,000, at [\d,]+ ms of 100,000,000 ms$/,
      );
    expect(notes.at(-1)).toMatch(
      /^sim: Cut short after 1,000,000 events at [\d,]+ ms, of the 100,000,000 ms the run was to last: no verdict beyond that point\./,
    );
  }, 180_000);

  it('says nothing on the side for a run that takes no time', () => {
    const notes: string[] = [];
    expect(run(['--preset', 'canonical-race'], { note: (l) => notes.push(l), now: () => 0 }).code).toBe(0);
    expect(notes).toEqual([]);
  });
});

describe('--help', () => {
  it('says every run is cut after its event budget and says so, and that a long run tells its progress on stderr', () => {
    const { code, out } = run(['--help']);
    expect(code).toBe(0);
    const text = out.replace(/\s+/g, ' ');
    expect(text).toContain('one that takes more than 1,000,000 engine events');
    expect(text).toContain('is cut there, and says so');
    expect(text).toContain('A run that takes over 2 s prints how far it has got on stderr');
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

describe('npm run sim -- --table, for runs that name a party only one strategy has (issue 11)', () => {
  it.each([
    'pitfall-counter-reset',
    'pitfall-less-than',
    'pitfall-wall-clock',
    'redlock-clock-jump',
    'redlock-restart',
    'etcd-restore',
  ])('--preset %s --table exits 0 with a row per strategy', (id) => {
    const out = run(['--preset', id, '--table']);
    expect(out.code).toBe(0);
    for (const name of ['Lease + trust', 'Redlock', 'ZooKeeper', 'etcd', 'Fencing token', 'Chubby', 'HDFS epochs'])
      expect(out.out).toContain(name);
    expect(out.out).not.toContain('internal error');
  });

  it('--strategy carries the what-if too: redlock-clock-jump under ZooKeeper runs', () => {
    const out = run(['--preset', 'redlock-clock-jump', '--strategy', 'zookeeper']);
    expect(out.code).toBe(0);
  });

  it('a row that has nothing to block but a danger to tell says so, not a bare n/a', () => {
    const path = file(
      'race30.json',
      JSON.stringify({
        format: 'fencelab.scenario',
        version: 1,
        strategy: 'fencing',
        knobs: { leaseTtlMs: 10000 },
        actions: [
          { atMs: 0, type: 'acquire', client: 'Client1' },
          { atMs: 100, type: 'pause', client: 'Client1', durationMs: 30000 },
          { atMs: 100, type: 'write', client: 'Client1', value: 'Y' },
          { atMs: 1200, type: 'acquire', client: 'Client2' },
          { atMs: 1300, type: 'write', client: 'Client2', value: 'X' },
        ],
      }),
    );
    const out = run(['--scenario', path, '--table']).out;
    const redlock = out.split('\n').find((l) => l.startsWith('Redlock'))!;
    expect(redlock).toContain('not tested, see warning');
    expect(redlock).toContain('Warning: Client1 sent Y at 30,100 ms');
  });
});

describe('bad input at any depth (issue 11)', () => {
  it('a file nested 100,000 lists deep is refused with a sentence and exit 2, not a stack overflow', () => {
    const deep = file('deep.json', '['.repeat(100_000) + ']'.repeat(100_000));
    expect(run(['--scenario', deep])).toEqual({
      code: 2,
      out: `sim: ${deep}: (scenario): expected an object, got a list nested too deeply to show`,
    });
    const inActions = file(
      'deep-actions.json',
      `{"format":"fencelab.scenario","version":1,"strategy":"fencing","actions":${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
    );
    expect(run(['--scenario', inActions]).out).toMatch(
      /actions\[0\]: expected an object, got a list nested too deeply/,
    );
  });

  it('a number too large for a double (1e400) is named as such, not as null', () => {
    const big = file(
      'big.json',
      '{"format":"fencelab.scenario","version":1,"strategy":"fencing","knobs":{"leaseTtlMs":1e400}}',
    );
    const out = run(['--scenario', big]);
    expect(out.code).toBe(2);
    expect(out.out).toContain(
      'knobs.leaseTtlMs: expected a whole number from 1 to 3600000, got a number too large to hold',
    );
  });
});

describe('--strategy says what it could not carry', () => {
  it('names what a Redis master clock jump becomes under ZooKeeper, before the trace', () => {
    const { code, out } = run(['--preset', 'redlock-clock-jump', '--strategy', 'zookeeper']);
    expect(code).toBe(0);
    expect(out.split('\n')[0]).toMatch(/^Carried: Left out, .*Redis3's clock jump at 300 ms\.$/);
  });
  it('says nothing when everything carries', () => {
    const { out } = run(['--preset', 'canonical-race', '--strategy', 'etcd']);
    expect(out).not.toMatch(/^Carried:/m);
  });
});
