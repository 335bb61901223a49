// A recording as a Trace, so the lab's timeline, event table and narration draw a real run the
// way they draw the model's: one step per observation (in time order), the store's verdicts as
// write outcomes, leases from grant to the server's end of them, pauses, and the writes as
// messages (both ends were observed on one clock). Invariants: pure and deterministic; tokens stay
// the recording's exact strings; steps are sorted by time with indices 0..n-1; nothing is invented
// (no heartbeats, no lock-protocol messages, no invariant oracle: `verdict.violations` is empty,
// the stale writes are counted from the observed grants).

import type {
  LeaseRecord,
  MessageRecord,
  PartyInfo,
  PauseRecord,
  Step,
  TokenValue,
  Trace,
  Verdict,
  WriteOutcome,
} from '../../../engine';
import { TRACE_FORMAT, TRACE_VERSION } from '../../../engine';
import { effectiveKnobs, findStrategy } from '../../../engine';
import {
  narrateObservation,
  observationContext,
  scenarioFor,
  TimeIndex,
  tokenOrder,
  type Observation,
  type Recording,
} from '../../../engine/surfaces/recorded';
import { createSnapshots } from './snapshots';
import { leasesOf, pausesOf } from './spans';
import { stepFor } from './steps';
import { Pairing } from './pairing';
import { Turns } from './turns';
import { outcomeOf } from './writes';

/** The parties of a recording: the lock service(s), the clients, the store, in that order. */
function partiesOf(rec: Recording): PartyInfo[] {
  const seen = new Set(rec.observations.flatMap((o) => [o.party, o.client ?? '']));
  // Lane names as the model's (so the two runs read alike), each marked as a real server.
  const real = `${rec.server.version}, real`;
  const locks: PartyInfo[] =
    rec.system === 'redis'
      ? [...seen]
          .filter((p) => /^Redis\d$/.test(p))
          .sort()
          .map((id) => ({ id, kind: 'lock', label: `Redis master ${id.slice(5)} (${real})` }))
      : rec.system === 'etcd'
        ? [{ id: 'etcd', kind: 'lock', label: `etcd server (${real})` }]
        : [{ id: 'ZooKeeper', kind: 'lock', label: `ZooKeeper server (${real})` }];
  const clients: PartyInfo[] = [...seen]
    .filter((p) => /^Client\d+$/.test(p))
    .sort((a, b) => Number(a.slice(6)) - Number(b.slice(6)))
    .map((id) => ({ id, kind: 'client', label: id }));
  const store: PartyInfo[] = seen.has('Storage')
    ? [{ id: 'Storage', kind: 'resource', label: "Storage (the recorder's store)" }]
    : [];
  return [...locks, ...clients, ...store];
}

/** Whether `client`'s grant had been superseded by `atMs`: another client was granted after it. */
function supersededAt(grants: Turns<Observation>, client: string, atMs: number): boolean {
  const mine = grants.lastOf(client, atMs);
  const other = grants.lastOfOthers(client, atMs);
  return mine !== undefined && other !== undefined && other.atMs >= mine.atMs;
}

/**
 * Beside a stale write by `client` at `atMs`: the client granted the lock after it, when the
 * writer's own lease had not ended by then (two holders, as the model's oracle says), else null
 * (a zombie's write).
 */
function alsoHoldingAt(leases: Turns<LeaseTurn>, client: string, atMs: number): string | null {
  const own = leases.lastOf(client, atMs)?.lease;
  if (!own || (own.endedMs !== null && own.endedMs <= atMs)) return null;
  return leases.lastOfOthers(client, atMs)?.lease.holder ?? null;
}

/** A lease as a turn: from its grant. */
interface LeaseTurn {
  atMs: number;
  lease: LeaseRecord;
}

function verdictOf(rec: Recording, steps: Step[]): Verdict {
  const grants = rec.observations.filter((o) => o.kind === 'lock.granted' && o.token !== undefined);
  const tokens: TokenValue[] = grants.map((o) => o.token ?? null);
  const ordered =
    rec.system !== 'redis' &&
    grants.length > 0 &&
    grants.every((g, i) => i === 0 || tokenOrder(g.token ?? '', grants[i - 1]?.token ?? '') > 0);
  const writes = steps.filter((s) => s.write).map((s) => ({ step: s.index, w: s.write! }));
  const staleAccepted = writes.filter(({ w }) => w.stale && w.verdict === 'accepted');
  const rightfulRejected = writes.filter(({ w }) => !w.stale && w.verdict === 'rejected');
  const first = staleAccepted[0];
  const right = rightfulRejected[0];
  return {
    ok: staleAccepted.length === 0,
    tokensIssued: tokens,
    tokensMonotonic: ordered,
    staleWriteAccepted: first
      ? { step: first.step, client: first.w.client, resource: first.w.resource, token: first.w.token }
      : null,
    staleWritesAccepted: staleAccepted.length,
    staleWritesRejected: writes.filter(({ w }) => w.stale && w.verdict === 'rejected').length,
    rightfulWriteRejected: right ? { step: right.step, client: right.w.client, resource: right.w.resource } : null,
    rightfulWritesRejected: rightfulRejected.length,
    violations: [],
  };
}

/** What a write's other ends are matched on: who, what kind, the token and the value. */
const endKey = (party: string, kind: string, o: Observation): string =>
  JSON.stringify([party, kind, o.token ?? '\u0000', o.detail?.value === undefined ? '\u0000' : o.detail.value]);

/** A write's messages: client to store (sent to decided), store to client (decided to reply). */
function writeMessages(rec: Recording, stepOf: Map<Observation, number>): MessageRecord[] {
  const out: MessageRecord[] = [];
  const obs = rec.observations;
  // The sends and replies a decision can pair with, by what they must match; each pairs once.
  const ends = new TimeIndex<Observation>();
  for (const o of obs) if (/^write\.(sent|accepted|rejected)$/.test(o.kind)) ends.add(endKey(o.party, o.kind, o), o);
  const unused = new Pairing(ends);
  const add = (from: Observation, to: Observation, type: string, src: string, dst: string) =>
    out.push({
      id: out.length + 1,
      from: src,
      to: dst,
      type,
      token: from.token ?? null,
      sentMs: from.atMs,
      deliverMs: to.atMs,
      sentStep: stepOf.get(from)!,
      deliveredStep: stepOf.get(to)!,
      status: 'delivered',
      delayedMs: 0,
    });
  for (const decided of obs) {
    if (decided.party !== 'Storage' || !decided.client) continue;
    const c = decided.client;
    const sent = unused.lastAtOrBefore(endKey(c, 'write.sent', decided), decided.atMs);
    const reply = unused.firstAtOrAfter(endKey(c, decided.kind, decided), decided.atMs);
    if (sent) add(sent, decided, 'write', c, 'Storage');
    if (reply) add(decided, reply, decided.kind === 'write.accepted' ? 'ack' : 'refusal', 'Storage', c);
  }
  return out.sort((a, b) => a.sentMs - b.sentMs || a.id - b.id).map((m, i) => ({ ...m, id: i + 1 }));
}

/**
 * The trace of a recording, for the lab's views. The recording should have passed
 * validateRecording (an unknown strategy throws). Observations of a kind this lab has no step
 * for are left out and counted in `skipped`.
 * @returns `{ trace, skipped }`: times in ms after the schedule's start, tokens as recorded.
 */
export function recordingToTrace(rec: Recording): { trace: Trace; skipped: number } {
  const strategy = findStrategy(rec.schedule.strategy);
  if (!strategy) throw new Error(`recordingToTrace: unknown strategy "${rec.schedule.strategy}"`);
  const parties = partiesOf(rec);
  const locks = parties.filter((p) => p.kind === 'lock').map((p) => p.id);
  const context = observationContext(rec, locks);
  const snapshots = createSnapshots(parties, context.rule);
  const steps: Step[] = [];
  const stepOf = new Map<Observation, number>();
  const seq = new Map<string, number>();
  let skipped = 0;
  const endMs = Math.max(rec.schedule.durationMs, rec.observations.at(-1)?.atMs ?? 0);
  const leases: LeaseRecord[] = leasesOf(rec, endMs);
  const leaseTurns = new Turns(
    leases.map((lease) => ({ atMs: lease.grantedMs, lease })),
    (t) => t.lease.holder,
  );
  const grants = new Turns(
    rec.observations.filter((o) => o.kind === 'lock.granted'),
    (o) => o.party,
  );
  let staleAccepted = false;
  for (const o of rec.observations) {
    const write = outcomeOf(o, context, (c, at) => supersededAt(grants, c, at));
    const worded = write ? write.step : stepFor(o, context);
    if (!worded) {
      skipped += 1;
      continue;
    }
    const { snapshots: views, changed } = snapshots.apply(o);
    const index = steps.length;
    stepOf.set(o, index);
    let detail = worded.detail;
    if (o.kind === 'write.sent') {
      const n = (seq.get(o.party) ?? 0) + 1;
      seq.set(o.party, n);
      detail = { value: String(o.detail?.value ?? ''), seq: n };
    }
    const outcome: WriteOutcome | undefined = write?.outcome;
    staleAccepted ||= Boolean(outcome?.stale && outcome.verdict === 'accepted');
    steps.push({
      index,
      timeMs: o.atMs,
      kind: worded.kind,
      party: worded.party,
      parties: worded.parties.filter(Boolean),
      ...(o.token === undefined ? {} : { token: o.token }),
      ...(outcome ? { write: outcome } : {}),
      ...(detail ? { detail } : {}),
      text: narrateObservation(o, context, {
        kind: worded.kind,
        write: outcome,
        detail,
        alsoHolding: outcome?.stale ? alsoHoldingAt(leaseTurns, outcome.client, o.atMs) : null,
      }),
      snapshots: views,
      changed,
      status: { violations: 0, staleWriteAccepted: staleAccepted },
    } as Step);
  }
  const scenario = { ...scenarioFor(rec), name: `Recorded: ${rec.title}` };
  const pauses: PauseRecord[] = pausesOf(rec);
  const trace: Trace = {
    format: TRACE_FORMAT,
    version: TRACE_VERSION,
    scenario,
    knobs: effectiveKnobs(strategy, rec.schedule.knobs),
    parties,
    steps,
    messages: writeMessages(rec, stepOf),
    heartbeats: 0,
    renewals: [],
    leases,
    pauses,
    verdict: verdictOf(rec, steps),
    truncated: false,
    endMs,
  };
  return { trace, skipped };
}
