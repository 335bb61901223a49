// Conformance: every recording (public/recordings/*.json, or the folder FENCELAB_RECORDINGS
// names) held against the model running the same schedule, by judge.ts, the same comparison the
// "recorded races" stage makes on fresh recordings: who held the lock when, the gaps between
// ordered tokens, when a lease or session ended, the store's and the guarded txn's verdicts, within
// the tolerances judge.ts gives. Differences found are named in the strategies' simplification
// text and asserted here as differences. Redlock is held only to what is certain: its values carry
// no order, so a max_seen store's verdict is chance on both sides.

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { aboutStrategy, createSimulator } from '../engine/index.ts';
import { ALL_MODELS } from '../engine/surfaces/allModels.ts';
import { RECORDING_FORMAT } from './format.ts';
import { modelFacts, realFacts, scenarioFor } from './toScenario.ts';
import { loadFigures, readRecordings } from './conform.ts';
import { findings, isBusy, LATE_BY_SYSTEM, loadOf } from './judge.ts';

const { simulate } = createSimulator(ALL_MODELS);

const DIR = process.env.FENCELAB_RECORDINGS ?? join(import.meta.dirname, '../../public/recordings');

/** Every file through the lab's own validator: a malformed one fails with its message. */
const recordings = readRecordings(DIR);

it('finds the recordings, one per race, each in the documented format', () => {
  expect(recordings.map((r) => r.id).sort()).toEqual([
    'etcd-race',
    'etcd-restore',
    'etcd-txn-race',
    'redlock-race',
    'redlock-restart',
    'zookeeper-partition',
    'zookeeper-race',
  ]);
  for (const r of recordings) {
    expect(r.format).toBe(RECORDING_FORMAT);
    expect(r.server.version).toMatch(/^\d+\.\d+\.\d+/);
    for (const o of r.observations) if (o.token !== undefined) expect(typeof o.token).toBe('string');
    expect(r.observations.map((o) => o.atMs)).toEqual([...r.observations.map((o) => o.atMs)].sort((a, b) => a - b));
  }
});

// Held strictly: a recording here agrees or fails, whatever its host was doing (the stage, not
// this test, lets a fresh recording that a busy host disturbed be recorded again).
it.each(recordings.map((r) => [r.id, r] as const))(
  '%s: the same grants in the same order at about the same times, the same token gaps, lease ends and verdicts as the model',
  (_id, rec) => {
    const load = loadOf(rec);
    const note = isBusy(load) ? `the host was busy during this race (${loadFigures(load)})` : undefined;
    expect(
      findings(rec).map((f) => `${f.kind} at ${f.atMs} ms: ${f.what}`),
      note,
    ).toEqual([]);
  },
);

describe('differences named in the strategies’ simplification text', () => {
  const byId = (id: string) => recordings.find((r) => r.id === id);

  it('ZooKeeper behind a partition: Curator (the model) declares LOST and skips the write; node-zookeeper-client says nothing until it reaches the server, so the zombie writes and the store refuses it', () => {
    const rec = byId('zookeeper-partition');
    if (!rec) throw new Error('no zookeeper-partition recording');
    const model = modelFacts(simulate(scenarioFor(rec)));
    expect(model.writes.map((w) => w.client)).toEqual(['Client2']);
    expect(realFacts(rec).writes).toEqual([
      { client: 'Client2', verdict: 'accepted' },
      { client: 'Client1', verdict: 'rejected' },
    ]);
    const never = {
      ...rec,
      schedule: { ...rec.schedule, knobs: { ...rec.schedule.knobs, stopActing: { Client1: 'never' as const } } },
    };
    expect(modelFacts(simulate(scenarioFor(never))).writes).toEqual(realFacts(rec).writes);
    const expired = rec.observations.find((o) => o.party === 'Client1' && o.kind === 'session.expired');
    const healed = rec.observations.find((o) => o.kind === 'network.healed');
    expect(expired && healed && expired.atMs >= healed.atMs).toBe(true);
    expect(aboutStrategy('zookeeper')?.simplification).toMatch(/node-zookeeper-client/);
  });

  it('etcd and ZooKeeper end a lease exactly at its TTL; the real servers end it later, as their texts say', () => {
    expect(aboutStrategy('etcd')?.simplification).toMatch(/up to about \d+ ms later: etcd's lessor .* every 500 ms/);
    expect(aboutStrategy('zookeeper')?.simplification).toMatch(/up to about \d+ ms later: .*tick-sized buckets/);
    // The texts state a range, not figures a later recording contradicts: every recording's late
    // end falls inside it (the per-recording test above holds each one to the same figure).
    for (const system of ['etcd', 'zookeeper'] as const) {
      expect(LATE_BY_SYSTEM[system]).toBeGreaterThan(0);
      for (const rec of recordings.filter((r) => r.system === system)) {
        const model = modelFacts(simulate(scenarioFor(rec)));
        for (const [client, at] of Object.entries(realFacts(rec).ended))
          expect(at - (model.ended[client] ?? 0)).toBeLessThanOrEqual(LATE_BY_SYSTEM[system]);
      }
    }
  });

  it("etcd-txn-race: the real clients write to the store and through the txn, the model's only through the txn", () => {
    const rec = byId('etcd-txn-race');
    if (!rec) throw new Error('no etcd-txn-race recording');
    expect(modelFacts(simulate(scenarioFor(rec))).writes).toEqual([]);
    expect(realFacts(rec).writes.map((w) => w.client)).toEqual(realFacts(rec).txns.map((t) => t.client));
    expect(aboutStrategy('etcd')?.simplification).toMatch(/max_seen store as well as through the txn/);
  });
});

describe('Redlock: only what is certain', () => {
  const redis = recordings.filter((r) => r.system === 'redis');

  it('redlock-restart: two clients hold the lock at once, in the real run and in the model', () => {
    const rec = redis.find((r) => r.id === 'redlock-restart');
    if (!rec) throw new Error('no redlock-restart recording');
    const quorum = rec.observations.filter((o) => o.kind === 'lock.quorum');
    const [first, second] = quorum;
    expect(quorum.map((o) => o.detail?.okMasters)).toEqual(['Redis1,Redis2,Redis3', 'Redis3,Redis4,Redis5']);
    expect((second?.atMs ?? 0) < (first?.atMs ?? 0) + Number(first?.detail?.validityMs)).toBe(true);
    const trace = simulate(scenarioFor(rec));
    expect(trace.verdict.violations.map((v) => v.invariant)).toContain('one-grant-at-a-time');
  });
});
