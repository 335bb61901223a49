// The model's side of a recording: the scenario that runs the recording's schedule (same
// strategy, knobs and timed actions, the engine's default network of 2-8 ms and seed), and the
// facts the conformance test compares, read the same way from a trace and from observations.
// Pure (no Node API): the conformance test and the lab's "Real servers" view both use it.

import { DEFAULT_CLIENTS, DEFAULT_NETWORK, DEFAULT_SEED } from '../core/defaults';
import { SCENARIO_FORMAT, SCENARIO_VERSION, type Scenario } from '../core/scenario';
import type { Trace } from '../core/trace';
import type { Observation, Recording } from './format';

export function scenarioFor(rec: Recording): Scenario {
  return {
    format: SCENARIO_FORMAT,
    version: SCENARIO_VERSION,
    name: `${rec.title} (the model of recording ${rec.id})`,
    seed: DEFAULT_SEED,
    strategy: rec.schedule.strategy,
    knobs: rec.schedule.knobs,
    clients: DEFAULT_CLIENTS,
    network: { ...DEFAULT_NETWORK },
    clocks: {},
    durationMs: rec.schedule.durationMs,
    actions: rec.schedule.actions,
    labels: [],
  };
}

/** What both sides are held to. Times in ms after the start; tokens as text. */
export interface Facts {
  /** Every grant, in order: who got the lock, with which token, when. */
  grants: { client: string; token: string; atMs: number }[];
  /** When a holder's lease or session ended without a release (expiry, a lost key), per client. */
  ended: Record<string, number>;
  /** The store's verdicts, in order. */
  writes: { client: string; verdict: 'accepted' | 'rejected' }[];
  /** etcd's guarded txn: did each client's succeed, in order. */
  txns: { client: string; ok: boolean }[];
}

/** The facts of a model run. */
export function modelFacts(trace: Trace): Facts {
  const grants = trace.leases.map((l) => ({ client: l.holder, token: String(l.token), atMs: l.grantedMs }));
  const ended: Record<string, number> = {};
  for (const l of trace.leases) {
    if (l.endedMs !== null && l.endReason !== 'released' && !(l.holder in ended)) ended[l.holder] = l.endedMs;
  }
  const writes: Facts['writes'] = [];
  const txns: Facts['txns'] = [];
  for (const s of trace.steps) {
    if (!s.write) continue;
    if (s.write.resource === 'Storage') writes.push({ client: s.write.client, verdict: s.write.verdict });
    else txns.push({ client: s.write.client, ok: s.write.verdict === 'accepted' });
  }
  return { grants, ended, writes, txns };
}

/** The facts of a recording. A lease ended when the server dropped the client's lock key or node
 * without a release (etcd key.deleted, ZooKeeper node.deleted); a Redlock grant when the validity
 * its client computed ran out (the masters' own expiries are checked apart). */
export function realFacts(rec: Recording): Facts {
  const obs = rec.observations;
  const grants = obs
    .filter((o) => o.kind === 'lock.granted' && o.token !== undefined)
    .map((o) => ({ client: o.party, token: o.token ?? '', atMs: o.atMs }));
  /** When each client first released the lock: a deletion up to 50 ms after it was a release. */
  const firstRelease = new Map<string, number>();
  for (const o of obs) if (o.kind === 'lock.released' && !firstRelease.has(o.party)) firstRelease.set(o.party, o.atMs);
  const released = (client: string, before: number) => (firstRelease.get(client) ?? Infinity) <= before;
  const ended: Record<string, number> = {};
  for (const o of obs) {
    const c = o.client;
    if ((o.kind === 'key.deleted' && o.party === 'etcd') || o.kind === 'node.deleted') {
      if (c && !(c in ended) && !released(c, o.atMs + 50)) ended[c] = o.atMs;
    } else if (o.kind === 'lock.quorum') {
      // A Redlock grant lasts the validity its client computed, as the model's does.
      const until = o.atMs + Number(o.detail?.validityMs ?? 0);
      if (!(o.party in ended) && until <= rec.schedule.durationMs) ended[o.party] = until;
    }
  }
  const writes = obs
    .filter((o): o is Observation & { client: string } => o.party === 'Storage' && o.client !== undefined)
    .map((o) => ({
      client: o.client,
      verdict: o.kind === 'write.accepted' ? ('accepted' as const) : ('rejected' as const),
    }));
  const txns = obs
    .filter((o) => o.kind === 'txn.succeeded' || o.kind === 'txn.failed')
    .map((o) => ({ client: o.party, ok: o.kind === 'txn.succeeded' }));
  return { grants, ended, writes, txns };
}
