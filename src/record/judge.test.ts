// The judge on copies of the shipped recordings, edited: an order or an outcome the model does not
// produce disagrees however busy the host was; a late event disagrees on a quiet host and is
// "disturbed" only on a busy one; and the folder check the stage runs fails on an edited copy.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Observation, Recording } from './format.ts';
import { inconclusiveLine, judgeFolder, readRecordings, verdictLine } from './conform.ts';
import { BUSY_CPU_WAIT_SHARE, BUSY_LATE_MS, GRANT_MS, findings, isBusy, judge } from './judge.ts';
import type { HostLoad } from './load.ts';

const root = join(import.meta.dirname, '../..');
const shipped = readRecordings(join(root, 'public/recordings'));
const copy = (id: string): Recording => {
  const rec = shipped.find((r) => r.id === id);
  if (!rec) throw new Error(`no shipped recording ${id}`);
  return structuredClone(rec);
};

/** Figures the recorder measured on the 2-core machine: a race under two busy loops, and one
 * with only other helpers' light work about. */
const BUSY: HostLoad = {
  cpuWaitShare: 0.94,
  loopLateP99Ms: 40,
  loopLateMaxMs: 134,
  actionLateMaxMs: 9,
  raceMs: 7005,
  serversStartMs: 1679,
};
const QUIET: HostLoad = {
  cpuWaitShare: 0.04,
  loopLateP99Ms: 3,
  loopLateMaxMs: 13,
  actionLateMaxMs: 2,
  raceMs: 7004,
  serversStartMs: 1102,
};
const withLoad = (rec: Recording, load: HostLoad | undefined): Recording =>
  load ? { ...rec, host: { ...rec.host, load } as Recording['host'] } : rec;

/** The recording with each observation passed through `edit` (null drops it), kept in time order. */
function edited(id: string, edit: (o: Observation) => Observation | null): Recording {
  const rec = copy(id);
  const observations = rec.observations.flatMap((o) => edit(o) ?? []).sort((a, b) => a.atMs - b.atMs);
  return { ...rec, observations };
}
const when = (test: (o: Observation) => boolean, change: Partial<Observation>) => (o: Observation) =>
  test(o) ? { ...o, ...change } : o;

const EDITS: [string, Recording][] = [
  [
    'the lock granted to the wrong client',
    edited(
      'etcd-race',
      when((o) => o.kind === 'lock.granted' && o.party === 'Client1', { party: 'Client2' }),
    ),
  ],
  [
    "the zombie's write accepted",
    edited(
      'etcd-race',
      when((o) => o.party === 'Storage' && o.client === 'Client1', { kind: 'write.accepted' }),
    ),
  ],
  [
    "the zombie's txn succeeding",
    edited(
      'etcd-txn-race',
      when((o) => o.kind === 'txn.failed', { kind: 'txn.succeeded' }),
    ),
  ],
  [
    'a token gap the model does not have',
    edited(
      'zookeeper-race',
      when((o) => o.kind === 'lock.granted' && o.party === 'Client2', { token: '7' }),
    ),
  ],
  [
    'a lease ended 600 ms early',
    edited(
      'etcd-race',
      when((o) => o.kind === 'key.deleted', { atMs: 1502 }),
    ),
  ],
  [
    'a Redlock client winning a master it was cut off from',
    edited(
      'redlock-restart',
      when((o) => o.kind === 'lock.quorum' && o.party === 'Client1', {
        detail: { okMasters: 'Redis1,Redis2,Redis4', votes: 3, validityMs: 9800 },
      }),
    ),
  ],
];

describe('an order or an outcome the model does not produce disagrees, however busy the host was', () => {
  it('every shipped recording agrees as it is', () => {
    expect(shipped.map((r) => [r.id, judge(r).kind])).toEqual(shipped.map((r) => [r.id, 'agrees']));
  });

  it("a crashed Redis master's key seen gone before the recorder noted the restart agrees (it went with the crash)", () => {
    const seenFirst = edited(
      'redlock-restart',
      when((o) => o.kind === 'node.restarted', { atMs: 580 }),
    );
    const [gone, restarted] = ['key.deleted', 'node.restarted'].map(
      (kind) => seenFirst.observations.find((o) => o.party === 'Redis3' && o.kind === kind)?.atMs ?? 0,
    );
    expect(gone).toBeLessThan(restarted ?? 0);
    expect(judge(withLoad(seenFirst, QUIET)).kind).toBe('agrees');
  });

  it.each(EDITS)('%s', (_what, rec) => {
    for (const load of [undefined, QUIET, BUSY]) expect(judge(withLoad(rec, load)).kind).toBe('disagrees');
  });
});

describe('a late event fails on a quiet host and is "disturbed" on a busy one', () => {
  // What a busy host did to the ZooKeeper partition race: Client1's session took 340 ms to open, the
  // partition at 400 ms came before its grant, so it never got the lock nor wrote.
  const starved = edited('zookeeper-partition', (o) =>
    (o.party === 'Client1' && o.kind === 'lock.granted') || o.client === 'Client1' ? null : o,
  );
  const lateExpiry = edited(
    'etcd-race',
    when((o) => o.kind === 'key.deleted', { atMs: 3602 }),
  );

  it.each([
    ["Client1's grant never came", starved],
    ['a lease seen ending 1.5 s late', lateExpiry],
  ])('%s', (_what, rec) => {
    expect(findings(rec).every((f) => f.kind === 'late')).toBe(true);
    expect(judge(rec).kind).toBe('disagrees');
    expect(judge(withLoad(rec, QUIET)).kind).toBe('disagrees');
    expect(judge(withLoad(rec, BUSY)).kind).toBe('disturbed');
  });

  it('names the first late event and when it became overdue', () => {
    const v = judge(withLoad(starved, BUSY));
    expect(v.kind === 'disturbed' && v.first).toEqual({
      atMs: expect.any(Number) as number,
      kind: 'late',
      what: expect.stringMatching(/^Client1's first grant never came \(the model's at \d+ ms\)$/) as string,
    });
  });

  it('a late event after an outcome the model does not produce still disagrees', () => {
    // Client2's write refused by the store at 3.4 s (an outcome), then the zombie's txn never seen.
    const both = edited('etcd-txn-race', (o) =>
      o.party === 'Storage' && o.client === 'Client2'
        ? { ...o, kind: 'write.rejected' }
        : o.kind === 'txn.failed'
          ? null
          : o,
    );
    expect(findings(both).map((f) => f.kind)).toEqual(['differs', 'late']);
    expect(judge(withLoad(both, BUSY)).kind).toBe('disagrees');
  });

  it("allows a grant as much later as the recorder's own actions started late", () => {
    const late = edited(
      'etcd-race',
      when((o) => o.kind === 'lock.granted' && o.party === 'Client2', { atMs: 3530 }),
    );
    expect(judge(withLoad(late, QUIET)).kind).toBe('disagrees');
    const startedLate = { ...QUIET, actionLateMaxMs: 80 };
    expect(isBusy(startedLate)).toBe(false);
    expect(judge(withLoad(late, startedLate)).kind).toBe('agrees');
    expect(3530 - 3230).toBeGreaterThan(GRANT_MS);
  });
});

describe("a Redis key's expiry is timed from the client's own SET round, not from the observer's polls", () => {
  const client2Key = (o: Observation) => o.party === 'Redis1' && o.client === 'Client2';

  it('a key the observer saw set 1.7 s late (its polls stalled) still agrees', () => {
    const seenLate = edited(
      'redlock-race',
      when((o) => client2Key(o) && o.kind === 'key.set', { atMs: 4900 }),
    );
    for (const load of [undefined, QUIET, BUSY]) expect(judge(withLoad(seenLate, load)).kind).toBe('agrees');
  });

  it('a key gone before its round could have set it to expire disagrees, however busy the host', () => {
    const early = edited(
      'redlock-race',
      when((o) => client2Key(o) && o.kind === 'key.deleted', { atMs: 3500 }),
    );
    expect(findings(early)[0]?.what).toBe(
      "Redis1's key was gone at 3500 ms, early: due to expire at 5201 ms at the soonest",
    );
    for (const load of [undefined, QUIET, BUSY]) expect(judge(withLoad(early, load)).kind).toBe('disagrees');
  });

  it("a key seen gone late is allowed as much later as the observer's polls fired late", () => {
    const seenGoneLate = edited(
      'redlock-race',
      when((o) => client2Key(o) && o.kind === 'key.deleted', { atMs: 5360 }),
    );
    expect(judge(withLoad(seenGoneLate, QUIET)).kind).toBe('disagrees');
    const pollsLate = { ...QUIET, loopLateMaxMs: 80 };
    expect(isBusy(pollsLate)).toBe(false);
    expect(judge(withLoad(seenGoneLate, pollsLate)).kind).toBe('agrees');
    const muchLater = edited(
      'redlock-race',
      when((o) => client2Key(o) && o.kind === 'key.deleted', { atMs: 5600 }),
    );
    expect(judge(withLoad(muchLater, BUSY)).kind).toBe('disturbed');
  });
});

describe('isBusy: what counts as a busy host', () => {
  it.each([
    ['two busy loops', BUSY, true],
    ['light work about', QUIET, false],
    ['no figures (a shipped recording)', undefined, false],
    ['CPU pressure at the bound', { ...QUIET, cpuWaitShare: BUSY_CPU_WAIT_SHARE }, true],
    ['no CPU pressure data, timers late', { ...QUIET, cpuWaitShare: null, loopLateMaxMs: BUSY_LATE_MS }, true],
    ['no CPU pressure data, timers on time', { ...QUIET, cpuWaitShare: null }, false],
  ] as const)('%s', (_what, load, busy) => {
    expect(isBusy(load)).toBe(busy);
  });
});

describe('a folder of recordings, as the stage checks it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fencelab-judge-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const put = (rec: Recording) => writeFileSync(join(dir, `${rec.id}.json`), JSON.stringify(rec));
  for (const rec of shipped) put(rec);
  const [, flipped] = EDITS[1] ?? [];
  if (!flipped) throw new Error('no edit');
  put(withLoad(flipped, BUSY));

  it('judges each race, the edited one as disagreeing, in one line that says why', () => {
    const verdicts = judgeFolder(dir);
    expect(verdicts.filter((v) => v.verdict.kind !== 'agrees').map((v) => v.id)).toEqual(['etcd-race']);
    const bad = verdicts.find((v) => v.id === 'etcd-race');
    expect(bad && verdictLine(bad)).toMatch(
      /^etcd-race: disagrees: at \d+ ms write 2: Client1's accepted; the model's: Client1's rejected \(CPU waited 94% of the race, timers up to 134 ms late, servers up in 1\.7 s\)$/,
    );
  });

  it('the command exits 1 and prints that line; on the shipped folder it exits 0', () => {
    const run = (d: string) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'src/record/conform.ts', d], {
        cwd: root,
        encoding: 'utf8',
        timeout: 60_000,
      });
    const edited = run(dir);
    expect(edited.status).toBe(1);
    expect(edited.stdout).toMatch(/^etcd-race: disagrees: at \d+ ms write 2: /m);
    const clean = run(join(root, 'public/recordings'));
    expect([clean.status, clean.stdout.trim().split('\n').length]).toEqual([0, shipped.length]);
  });

  it('a disturbed race, judged strictly, disagrees (how the shipped recordings are held)', () => {
    const starved = edited('zookeeper-partition', (o) =>
      (o.party === 'Client1' && o.kind === 'lock.granted') || o.client === 'Client1' ? null : o,
    );
    put(withLoad(starved, BUSY));
    const kinds = (strict: boolean) =>
      Object.fromEntries(judgeFolder(dir, { strict }).map((v) => [v.id, v.verdict.kind]));
    expect(kinds(false)['zookeeper-partition']).toBe('disturbed');
    expect(kinds(true)['zookeeper-partition']).toBe('disagrees');
    const line = inconclusiveLine(
      judgeFolder(dir).filter((v) => v.verdict.kind === 'disturbed'),
      '3 recordings in 187 s of 240 s',
    );
    expect(line).toBe(
      "recorded races: inconclusive: the host was too slow (zookeeper-partition: Client1's first grant never came (the model's at 15 ms), CPU waited 94% of the race, timers up to 134 ms late, servers up in 1.7 s; 3 recordings in 187 s of 240 s); the shipped recordings still hold to the models",
    );
  });
});
