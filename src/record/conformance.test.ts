// Conformance: every recording (public/recordings/*.json, or the folder FENCELAB_RECORDINGS
// names, where `npm test` records afresh) held against the model running the same schedule.
// Compared: the relative order of tokens and the gaps between them, who held the lock when, the
// store's and the guarded txn's verdicts on each write, and when a lease or session ended, within
// the tolerances below. Differences found are named in the strategies' simplification text and
// asserted here as differences. Redlock is held only to what is certain: its values carry no
// order, so a max_seen store's verdict is chance on both sides.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findStrategy, simulate } from '../engine/index.ts';
import { RECORDING_FORMAT, tokenInteger, tokenOrder, type Recording } from './format.ts';
import { modelFacts, realFacts, scenarioFor, type Facts } from './toScenario.ts';

const DIR = process.env.FENCELAB_RECORDINGS ?? join(import.meta.dirname, '../../public/recordings');
/** A grant may come this much earlier or later than the model's (the real clients' HTTP and
 * session set-up take tens of ms; the model's network 2-8 ms). */
const GRANT_MS = 250;
/** A lease or session ends up to this much later than the model's (etcd revokes expired leases
 * in 500 ms sweeps; ZooKeeper expires sessions in tick buckets; the observer polls every 25 ms)
 * and at most EARLY_MS earlier. */
const LATE_MS = 600;
const EARLY_MS = 50;

const recordings: Recording[] = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => JSON.parse(readFileSync(join(DIR, f), 'utf8')) as Recording);

const gaps = (f: Facts) =>
  f.grants.slice(1).map((g, i) => tokenInteger(g.token) - tokenInteger(f.grants[i]?.token ?? '0'));

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

describe.each(recordings.map((r) => [r.id, r] as const))('%s', (_id, rec) => {
  const trace = simulate(scenarioFor(rec));
  const model = modelFacts(trace);
  const real = realFacts(rec);

  it('grants the lock to the same clients in the same order, at about the same times', () => {
    expect(real.grants.map((g) => g.client)).toEqual(model.grants.map((g) => g.client));
    real.grants.forEach((g, i) =>
      expect(Math.abs(g.atMs - (model.grants[i]?.atMs ?? 0))).toBeLessThanOrEqual(GRANT_MS),
    );
  });

  it('ends the same leases, the real one no earlier and at most LATE_MS later', () => {
    expect(Object.keys(real.ended).sort()).toEqual(Object.keys(model.ended).sort());
    for (const [client, at] of Object.entries(real.ended)) {
      const late = at - (model.ended[client] ?? 0);
      expect(late).toBeGreaterThanOrEqual(-EARLY_MS);
      expect(late).toBeLessThanOrEqual(LATE_MS);
    }
  });
});

/** Systems whose tokens carry an order (Redlock's random values do not: see its own tests below). */
const ordered = recordings.filter((r) => r.system !== 'redis');

describe.each(ordered.map((r) => [r.id, r] as const))('%s, ordered tokens', (_id, rec) => {
  const model = modelFacts(simulate(scenarioFor(rec)));
  const real = realFacts(rec);

  it('issues tokens in the same relative order, with the same gaps between them', () => {
    // Absolute values differ (the model starts at 33, a fresh server near 1); the gaps do not:
    // etcd counts the delete its lease expiry makes, ZooKeeper the sessions closed and opened.
    expect(gaps(real)).toEqual(gaps(model).map(BigInt));
    const signs = (f: Facts) => f.grants.slice(1).map((g, i) => tokenOrder(g.token, f.grants[i]?.token ?? g.token));
    expect(signs(real)).toEqual(signs({ ...model, grants: model.grants.map((g) => ({ ...g })) }));
  });

  // Behind a partition the model's client and the real one differ on purpose (named below).
  if (rec.id !== 'zookeeper-partition')
    it("gives the store's verdicts the model gives", () => {
      if (rec.schedule.knobs.check === 'validity') expect(real.txns).toEqual(model.txns);
      else expect(real.writes).toEqual(model.writes);
    });
});

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
    expect(findStrategy('zookeeper')?.simplification).toMatch(/node-zookeeper-client/);
  });

  it('etcd and ZooKeeper end a lease exactly at its TTL; the real servers end it later, as their texts say', () => {
    expect(findStrategy('etcd')?.simplification).toMatch(/500 ms/);
    expect(findStrategy('zookeeper')?.simplification).toMatch(/tick/);
  });
});

describe('Redlock: only what is certain', () => {
  const redis = recordings.filter((r) => r.system === 'redis');

  it.each(redis.map((r) => [r.id, r] as const))(
    '%s: every grant had a majority of masters, and the verdicts are what comparing random values gives',
    (_id, rec) => {
      for (const o of rec.observations.filter((x) => x.kind === 'lock.quorum'))
        expect(Number(o.detail?.votes)).toBeGreaterThanOrEqual(3);
      // Each master expires a key PX ms after it was set (its own clock), give or take the polling.
      for (const o of rec.observations.filter((x) => x.kind === 'key.deleted')) {
        const set = rec.observations.find((x) => x.kind === 'key.set' && x.party === o.party && x.token === o.token);
        const restarted = rec.observations.some(
          (x) => x.kind === 'node.restarted' && x.party === o.party && x.atMs <= o.atMs,
        );
        if (set && !restarted)
          expect(Math.abs(o.atMs - set.atMs - (rec.schedule.knobs.leaseTtlMs ?? 0))).toBeLessThanOrEqual(100);
      }
      const store = rec.observations.filter((o) => o.party === 'Storage');
      for (const o of store) {
        const before = o.detail?.maxSeenBefore;
        const chance =
          rec.schedule.knobs.check === 'none' || typeof before !== 'string' || tokenOrder(o.token ?? '', before) > 0;
        expect(o.kind).toBe(chance ? 'write.accepted' : 'write.rejected');
      }
    },
  );

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
