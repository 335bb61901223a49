// The verdict on one recording held against the model running the same schedule: what the
// conformance test asserts (every finding fails) and what the "recorded races" stage decides for a
// fresh recording (conform.ts). Compared: who got the lock in which order and when, the gaps
// between ordered tokens, when leases ended, the store's and the guarded txn's verdicts, and for
// Redlock what is certain (majorities, the masters' own expiries, the store's rule, whether two
// clients held the lock at once).
// A finding is `late` when the real run did something later than the model allows or never did
// it: the only difference a slow host makes (it delays grants, expiries seen, writes; it cannot
// make an event early, hand the lock to another client, or change a verdict on the same events).
// So a recording is "disturbed", not "disagrees", only when its own load figures (load.ts) show a
// busy host and its first finding is a late one: everything after that ran off the schedule the
// model ran. Without load figures (the shipped recordings) the host counts as quiet.
// Invariant: pure; reads the recording and the model's trace, nothing else.

import { aboutStrategy, createSimulator } from '../engine/index.ts';
import { ALL_MODELS } from '../engine/surfaces/allModels.ts';
import { tokenInteger, tokenOrder, type Observation, type Recording, type SystemId } from './format.ts';
import { modelFacts, realFacts, scenarioFor, type Facts } from './toScenario.ts';
import type { HostLoad } from './load.ts';

const { simulate } = createSimulator(ALL_MODELS);

/** A grant may come this much earlier or later than the model's (the real clients' HTTP and
 * session set-up take tens of ms; the model's network 2-8 ms). Measured in the shipped
 * recordings: -7 to +45 ms, but for ZooKeeper's first grant. */
export const GRANT_MS = 250;
/** ZooKeeper's first grant of a race: the server's JVM is cold (a fresh server per race: its
 * first session, create and getChildren run interpreted, not yet JIT-compiled) and the client's
 * session handshake comes first. Measured: +107 and +186 ms in the shipped recordings, +214 and
 * +307 ms in a fresh run on the 2-core machine (which GRANT_MS would have failed). */
const ZK_FIRST_GRANT_MS = 500;
/** How much later than the model's a real lease or session may end: what the strategy's own
 * "modelled simply" text says ("up to about N ms later"), so the text and the test cannot drift
 * apart. etcd: its lessor's 500 ms sweep, plus the real grant's delay (up to GRANT_MS), plus the
 * observer's 25 ms poll, about 800 ms (measured 97 and 429 ms shipped, 368 and 447 ms fresh).
 * ZooKeeper: 200 ms tick buckets, then the close-session that deletes the node, about 600 ms
 * (measured 248 and 322 ms shipped, 267 and 458 ms fresh). Redlock: the validity its client
 * computed, LATE_MS (measured 1-7 ms). No end comes more than EARLY_MS early. */
const LATE_MS = 600;
const EARLY_MS = 50;
/** A Redis master expires a key PX ms after it was set, by its own clock, give or take this
 * (the observer's 25 ms polls). */
const KEY_EXPIRY_MS = 100;

/** "up to about N ms later" in a strategy's simplification text, or null. */
const statedLateMs = (strategy: string): number | null => {
  const m = aboutStrategy(strategy)?.simplification.match(/up to about (\d+) ms later/);
  return m?.[1] ? Number(m[1]) : null;
};
export const LATE_BY_SYSTEM: Record<SystemId, number> = {
  etcd: statedLateMs('etcd') ?? 0,
  zookeeper: statedLateMs('zookeeper') ?? 0,
  redis: LATE_MS,
};

/** A host is busy when some task waited for a CPU this share of a race or more. Measured on the
 * 2-core machine: 0.02-0.19 with other helpers' light work about, 0.84-0.94 under two busy loops. */
export const BUSY_CPU_WAIT_SHARE = 0.4;
/** ... or when the recorder's own timers (its polls, the schedule's actions) fired this late, so
 * the race ran off its schedule. Measured 7-19 ms unloaded, 27-134 ms under two busy loops. */
export const BUSY_LATE_MS = 100;

export interface Finding {
  /** When the difference showed, ms after the start: a late event from when it became overdue
   * (the model's time plus what is allowed), anything else from when it was seen. */
  atMs: number;
  /** `late`: later than the model allows, or never; `differs`: any other difference. */
  kind: 'late' | 'differs';
  /** One sentence saying what differed, with both sides' figures. */
  what: string;
}

export type Verdict = { kind: 'agrees' } | { kind: 'disturbed' | 'disagrees'; first: Finding; findings: Finding[] };

/** Whether the load figures show a host too busy to keep a race's timing; false without them. */
export function isBusy(load: HostLoad | undefined): boolean {
  if (!load) return false;
  const late = Math.max(load.loopLateMaxMs, load.actionLateMaxMs);
  return (load.cpuWaitShare ?? 0) >= BUSY_CPU_WAIT_SHARE || late >= BUSY_LATE_MS;
}

/** The load figures a recording carries (the recorder writes them; the shipped ones may lack them). */
export const loadOf = (rec: Recording): HostLoad | undefined =>
  (rec.host as Recording['host'] & { load?: HostLoad }).load;

const ordinal = (n: number) => (n === 1 ? 'first' : n === 2 ? 'second' : `${n}th`);

/** Grants matched by client and occurrence (Client1's first, Client2's first, ...). */
function checkGrants(rec: Recording, model: Facts, real: Facts, slackMs: number, out: Finding[]): boolean {
  const nth = (gs: Facts['grants']) => {
    const seen = new Map<string, number>();
    return gs.map((g) => {
      const k = (seen.get(g.client) ?? 0) + 1;
      seen.set(g.client, k);
      return { ...g, k };
    });
  };
  const m = nth(model.grants);
  const r = nth(real.grants);
  const twin = <T extends { client: string; k: number }>(g: { client: string; k: number }, list: T[]) =>
    list.find((x) => x.client === g.client && x.k === g.k);
  m.forEach((mg, i) => {
    const rg = twin(mg, r);
    const tol = rec.system === 'zookeeper' && i === 0 ? ZK_FIRST_GRANT_MS : GRANT_MS;
    const which = `${mg.client}'s ${ordinal(mg.k)} grant`;
    const overdue = mg.atMs + tol + slackMs;
    if (!rg) out.push({ atMs: overdue, kind: 'late', what: `${which} never came (the model's at ${mg.atMs} ms)` });
    else if (rg.atMs > overdue)
      out.push({
        atMs: overdue,
        kind: 'late',
        what: `${which} came at ${rg.atMs} ms, the model's at ${mg.atMs} ms (${tol} ms allowed)`,
      });
    else if (mg.atMs - rg.atMs > tol)
      out.push({
        atMs: rg.atMs,
        kind: 'differs',
        what: `${which} came at ${rg.atMs} ms, early: the model's at ${mg.atMs} ms (${tol} ms allowed)`,
      });
  });
  for (const rg of r)
    if (!twin(rg, m))
      out.push({
        atMs: rg.atMs,
        kind: 'differs',
        what: `${rg.client} got the lock at ${rg.atMs} ms, a ${ordinal(rg.k)} grant the model never gives`,
      });
  const realOrder = r.filter((g) => twin(g, m));
  const modelOrder = m.filter((g) => twin(g, r));
  const i = realOrder.findIndex((g, j) => g.client !== modelOrder[j]?.client);
  const swapped = realOrder[i];
  if (swapped)
    out.push({
      atMs: swapped.atMs,
      kind: 'differs',
      what: `grant ${i + 1} went to ${swapped.client}; the model's goes to ${modelOrder[i]?.client}`,
    });
  return r.length === m.length && realOrder.length === m.length && !swapped;
}

/** Ordered tokens (etcd revisions, ZooKeeper zxids): the same gaps between consecutive grants. */
function checkGaps(model: Facts, real: Facts, out: Finding[]): void {
  const gaps = (f: Facts) =>
    f.grants.slice(1).map((g, i) => tokenInteger(g.token) - tokenInteger(f.grants[i]?.token ?? '0'));
  const [rg, mg] = [gaps(real), gaps(model)];
  const i = rg.findIndex((gap, j) => gap !== BigInt(mg[j] ?? 0));
  const at = i < 0 ? undefined : real.grants[i + 1];
  if (at)
    out.push({
      atMs: at.atMs,
      kind: 'differs',
      what: `the token of grant ${i + 2} is ${rg[i]} after the one before it; the model's ${mg[i]}`,
    });
}

function checkEnds(rec: Recording, model: Facts, real: Facts, slackMs: number, out: Finding[]): void {
  const lateMs = LATE_BY_SYSTEM[rec.system];
  for (const client of new Set([...Object.keys(model.ended), ...Object.keys(real.ended)])) {
    const [m, r] = [model.ended[client], real.ended[client]];
    const lease = `${client}'s lease`;
    const overdue = (m ?? 0) + lateMs + slackMs;
    if (m === undefined && r !== undefined)
      out.push({ atMs: r, kind: 'differs', what: `${lease} ended at ${r} ms; the model's does not end` });
    else if (m !== undefined && r === undefined)
      out.push({ atMs: overdue, kind: 'late', what: `${lease} never ended; the model's ends at ${m} ms` });
    else if (m !== undefined && r !== undefined && r > overdue)
      out.push({
        atMs: overdue,
        kind: 'late',
        what: `${lease} ended at ${r} ms, the model's at ${m} ms (up to ${lateMs} ms later allowed)`,
      });
    else if (m !== undefined && r !== undefined && m - r > EARLY_MS)
      out.push({ atMs: r, kind: 'differs', what: `${lease} ended at ${r} ms, early: the model's at ${m} ms` });
  }
}

type Timed<T> = T & { atMs: number };

/** Two lists of verdicts in order: the first place they part. */
function checkVerdicts<T extends { client: string }>(
  name: string,
  model: Timed<T>[],
  real: Timed<T>[],
  same: (a: T, b: T) => boolean,
  say: (v: T) => string,
  out: Finding[],
): void {
  for (let i = 0; i < Math.max(model.length, real.length); i++) {
    const [m, r] = [model[i], real[i]];
    if (m && r && same(m, r)) continue;
    if (m && !r)
      out.push({
        atMs: m.atMs,
        kind: 'late',
        what: `${name} ${i + 1} never came; the model's: ${say(m)} at ${m.atMs} ms`,
      });
    else if (r && !m)
      out.push({ atMs: r.atMs, kind: 'differs', what: `${name} ${i + 1} (${say(r)}) is one the model never makes` });
    else if (m && r)
      out.push({
        atMs: Math.min(m.atMs, r.atMs),
        kind: 'differs',
        what: `${name} ${i + 1}: ${say(r)}; the model's: ${say(m)}`,
      });
    return;
  }
}

const stepWrites = (rec: Recording, store: boolean) =>
  simulate(scenarioFor(rec)).steps.flatMap((s) =>
    s.write && (s.write.resource === 'Storage') === store
      ? [{ client: s.write.client, ok: s.write.verdict === 'accepted', atMs: s.timeMs }]
      : [],
  );
const withKnobs = (rec: Recording, knobs: Recording['schedule']['knobs']): Recording => ({
  ...rec,
  schedule: { ...rec.schedule, knobs: { ...rec.schedule.knobs, ...knobs } },
});

/** The store's verdicts (and etcd's guarded txns) against the model's, in order. */
function checkWrites(rec: Recording, out: Finding[]): void {
  const say = (w: { client: string; ok: boolean }) => `${w.client}'s ${w.ok ? 'accepted' : 'rejected'}`;
  const same = (a: { client: string; ok: boolean }, b: { client: string; ok: boolean }) =>
    a.client === b.client && a.ok === b.ok;
  const obs = rec.observations;
  const realStore = obs.flatMap((o) =>
    o.party === 'Storage' && o.client ? [{ client: o.client, ok: o.kind === 'write.accepted', atMs: o.atMs }] : [],
  );
  let storeModel = rec;
  if (rec.schedule.knobs.check === 'validity') {
    const realTxns = obs.flatMap((o) =>
      o.kind === 'txn.succeeded' || o.kind === 'txn.failed'
        ? [{ client: o.party, ok: o.kind === 'txn.succeeded', atMs: o.atMs }]
        : [],
    );
    checkVerdicts('txn', stepWrites(rec, false), realTxns, same, say, out);
    // The real clients write to the max_seen store as well (the model's only through the txn, as
    // etcd's text says): held against the model with the store checking reject-le.
    storeModel = withKnobs(rec, { check: 'reject-le' });
  }
  if (rec.system === 'zookeeper') {
    // node-zookeeper-client tells a client cut off from ZooKeeper nothing until it reaches the
    // server again, so it goes on acting (Curator, the model, stops: named in ZooKeeper's text).
    const cut = rec.schedule.actions.flatMap((a) =>
      a.type === 'partition' && [a.a, a.b].includes('ZooKeeper') ? [a.a === 'ZooKeeper' ? a.b : a.a] : [],
    );
    if (cut.length)
      storeModel = withKnobs(rec, { stopActing: Object.fromEntries(cut.map((c) => [c, 'never' as const])) });
    // ...and learns of the expiry only then.
    const healed = obs.find((o) => o.kind === 'network.healed');
    for (const o of obs.filter((x) => x.kind === 'session.expired' && cut.includes(x.party)))
      if (healed && o.atMs < healed.atMs)
        out.push({
          atMs: o.atMs,
          kind: 'differs',
          what: `${o.party} was told its session expired at ${o.atMs} ms, before the link healed`,
        });
  }
  checkVerdicts('write', stepWrites(storeModel, true), realStore, same, say, out);
}

/** When a master can have set the key a deletion `gone` removed, ms after the start: within the
 * client's own SET round (sent at its reply's time less the round's elapsed ms; a master sets PX
 * from when the command reaches it), so the observer's polls, late on a busy host, do not move the
 * expiry. Without the round (a recording that lacks it), when the observer first saw the key. */
function setWindow(obs: Observation[], gone: Observation): { firstMs: number; lastMs: number } | null {
  const round = obs.find(
    (x) =>
      (x.kind === 'lock.quorum' || x.kind === 'lock.failed') &&
      x.token === gone.token &&
      x.detail?.elapsedMs !== undefined,
  );
  if (round) return { firstMs: round.atMs - Number(round.detail?.elapsedMs), lastMs: round.atMs };
  const seen = obs.find((x) => x.kind === 'key.set' && x.party === gone.party && x.token === gone.token);
  return seen ? { firstMs: seen.atMs, lastMs: seen.atMs } : null;
}

/** Redlock: majorities, the masters' own expiries, the store's rule on random values, and whether
 * two clients held the lock at once, as in the model. */
function checkRedlock(rec: Recording, slackMs: number, out: Finding[]): void {
  const obs = rec.observations;
  const cutOff = (client: string) =>
    rec.schedule.actions.flatMap((a) =>
      a.type === 'partition' && [a.a, a.b].includes(client) ? [a.a === client ? a.b : a.a] : [],
    );
  const quorums = obs.filter((o) => o.kind === 'lock.quorum');
  for (const q of quorums) {
    const masters = String(q.detail?.okMasters ?? '').split(',');
    if (Number(q.detail?.votes) < 3)
      out.push({ atMs: q.atMs, kind: 'differs', what: `${q.party} held the lock with ${q.detail?.votes} votes of 5` });
    const unreachable = masters.filter((m) => cutOff(q.party).includes(m));
    if (unreachable.length)
      out.push({
        atMs: q.atMs,
        kind: 'differs',
        what: `${q.party} won ${unreachable.join(', ')}, which it was cut off from`,
      });
  }
  const ttl = rec.schedule.knobs.leaseTtlMs ?? 0;
  const unlocked = (o: Observation) =>
    obs.some(
      (x) => x.token === o.token && (x.kind === 'lock.failed' || x.kind === 'lock.released') && x.atMs <= o.atMs,
    );
  for (const o of obs.filter((x) => x.kind === 'key.deleted' && !unlocked(x))) {
    // A master that crashed comes back empty: its keys go with the crash, not by expiry (the
    // observer can see the empty master before the recorder notes that it restarted).
    const crashed = obs.some((x) => x.kind === 'node.crashed' && x.party === o.party && x.atMs <= o.atMs);
    const set = setWindow(obs, o);
    if (!set || crashed) continue;
    if (o.atMs > set.lastMs + ttl + KEY_EXPIRY_MS + slackMs)
      out.push({
        atMs: set.lastMs + ttl + KEY_EXPIRY_MS + slackMs,
        kind: 'late',
        what: `${o.party}'s key was seen gone at ${o.atMs} ms, due to expire by ${set.lastMs + ttl} ms`,
      });
    else if (set.firstMs + ttl - o.atMs > KEY_EXPIRY_MS)
      out.push({
        atMs: o.atMs,
        kind: 'differs',
        what: `${o.party}'s key was gone at ${o.atMs} ms, early: due to expire at ${set.firstMs + ttl} ms at the soonest`,
      });
  }
  for (const o of obs.filter((x) => x.party === 'Storage')) {
    const before = o.detail?.maxSeenBefore;
    const accept =
      rec.schedule.knobs.check === 'none' || typeof before !== 'string' || tokenOrder(o.token ?? '', before) > 0;
    if (o.kind !== (accept ? 'write.accepted' : 'write.rejected'))
      out.push({
        atMs: o.atMs,
        kind: 'differs',
        what: `the store ${o.kind.slice(6)} ${o.client}'s write; its rule says ${accept ? 'accept' : 'reject'}`,
      });
  }
  const overlap = quorums.find((q, i) => {
    const p = quorums[i - 1];
    return p && p.party !== q.party && q.atMs < p.atMs + Number(p.detail?.validityMs);
  });
  const modelOverlaps = simulate(scenarioFor(rec)).verdict.violations.some(
    (v) => v.invariant === 'one-grant-at-a-time',
  );
  if (modelOverlaps !== Boolean(overlap)) {
    const second = quorums[1];
    out.push(
      overlap
        ? {
            atMs: overlap.atMs,
            kind: 'differs',
            what: `${overlap.party} got the lock at ${overlap.atMs} ms while another client still held it; the model's never overlap`,
          }
        : {
            atMs: second?.atMs ?? rec.schedule.durationMs,
            kind: second ? 'differs' : 'late',
            what: 'no two clients held the lock at once; in the model they do',
          },
    );
  }
}

/** Every difference between the recording and the model running its schedule, earliest first.
 * Late limits widen by how late the recorder's timers fired: the schedule's actions (the model
 * starts them on time) and the observer's polls (it sees an end only at its next poll). */
export function findings(rec: Recording): Finding[] {
  const model = modelFacts(simulate(scenarioFor(rec)));
  const real = realFacts(rec);
  const load = loadOf(rec);
  const slackMs = load ? Math.max(load.actionLateMaxMs, load.loopLateMaxMs) : 0;
  const out: Finding[] = [];
  const grantsAlike = checkGrants(rec, model, real, slackMs, out);
  checkEnds(rec, model, real, slackMs, out);
  if (rec.system === 'redis') checkRedlock(rec, slackMs, out);
  else {
    if (grantsAlike) checkGaps(model, real, out);
    checkWrites(rec, out);
  }
  return out.sort((a, b) => a.atMs - b.atMs || (a.kind === b.kind ? 0 : a.kind === 'differs' ? -1 : 1));
}

/** Agrees (no finding); disturbed (a busy host, and the first finding is a late one); or disagrees. */
export function judge(rec: Recording): Verdict {
  const all = findings(rec);
  const first = all[0];
  if (!first) return { kind: 'agrees' };
  return { kind: first.kind === 'late' && isBusy(loadOf(rec)) ? 'disturbed' : 'disagrees', first, findings: all };
}
