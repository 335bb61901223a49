// `npm run sim -- --search`: the answer as text and JSON, a saved schedule that replays with
// --scenario to the same break, and bad input as one line with status 2.

import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from './run';

const tmp = (name: string) => join(mkdtempSync(join(tmpdir(), 'fencelab-search-')), name);

describe('npm run sim -- --search', () => {
  it('finds the plain lease break, saves it, and the saved schedule replays to the same break', () => {
    const save = tmp('found.json');
    const { code, out } = run(['--search', '--preset', 'lease-trust-race', '--faults', 'pause', '--save', save]);
    expect(code).toBe(0);
    expect(out).toMatch(/^Broken: a stale write accepted .*, with 1 fault \(\d+ schedules tried\)\.$/m);
    expect(out).toContain("It breaks when Client1's pause at 14 ms is at least 1,286 ms.");
    expect(out).toMatch(/^ {2}-> At 1,308 ms: Storage checks Client1's write Y/m);
    const broke = out.match(/^Broken at step \d+ \[[a-z-]+\].*$/m)![0];
    const replay = run(['--scenario', save]);
    expect(replay.code).toBe(0);
    expect(replay.out).toContain(broke);
    expect(JSON.parse(readFileSync(save, 'utf8'))).toMatchObject({
      format: 'fencelab.scenario',
      strategy: 'lease-trust',
    });
  });

  it('prints a design that holds as its bound, in JSON too', () => {
    const args = ['--search', '--preset', 'canonical-race', '--faults', 'pause,lock-crash'];
    expect(run(args).out).toMatch(
      /^Held\. No rule broken in all \d+ schedules with up to 1 fault of these kinds: client pause, lock-service crash and restart; that is a bound, not a proof beyond it\.$/,
    );
    expect(JSON.parse(run([...args, '--format', 'json']).out)).toMatchObject({
      kind: 'held',
      maxFaults: 1,
      faults: ['pause', 'lock-crash'],
    });
  });

  it('says a design whose tokens carry no order breaks with no fault', () => {
    expect(run(['--search', '--preset', 'redlock-race', '--faults', 'pause']).out).toMatch(
      /^Broken with no fault: .*\nThis design's tokens are not ordered/,
    );
  });

  it.each([
    [['--search', '--faults', 'gc'], /^sim: --faults: unknown fault kind "gc" \(one of: pause, /],
    [['--search', '--max-faults', '7'], /^sim: --max-faults must be a whole number from 0 to 3, not "7"$/],
    [['--faults', 'pause'], /^sim: --faults goes with --search$/],
    [['--search', '--table'], /^sim: give --search or --table, not both$/],
    [['--search', '--format', 'mermaid'], /^sim: --search prints text or json$/],
    [
      ['--search', '--preset', 'lease-trust-race', '--faults', 'pause', '--save', '/nonexistent-dir/x.json'],
      /^sim: cannot write \/nonexistent-dir\/x\.json: ENOENT$/,
    ],
  ])('%j exits 2 with one line', (argv, message) => {
    const { code, out } = run(argv);
    expect(code).toBe(2);
    expect(out).toMatch(message);
    expect(out.split('\n')).toHaveLength(1);
  });
});
