// A recording: one run of a race against a real lock server on loopback, as `npm run record`
// writes it to public/recordings/<id>.json (docs/recorded-format.md). Pure types and helpers: the
// recorder, the conformance test and the lab's "Real servers" view read recordings through this
// file (re-exported by src/engine/index.ts; src/record/format.ts re-exports it for the recorder).
// Invariant: tokens are exact decimal strings (etcd revisions, ZooKeeper zxids) or hex strings
// (Redlock's random values), never JS numbers; times are integer ms since the schedule's start.

import type { Action, Knobs } from '../core/scenario';

export const RECORDING_FORMAT = 'fencelab.recording';
export const RECORDING_VERSION = 1;

export type SystemId = 'etcd' | 'zookeeper' | 'redis';

/** The race as planned: the same fields a scenario has, so the model can run the same schedule. */
export interface Schedule {
  /** The model's strategy id for this system (`etcd`, `zookeeper`, `redlock`). */
  strategy: string;
  /** Knobs the run used: leaseTtlMs is the real lease TTL / session timeout / key PX in ms;
   * `check` is the store's rule; tokenSource `resetting-counter` under etcd means the restart
   * restores a snapshot taken before the race (no --bump-revision). */
  knobs: Partial<Knobs>;
  /** Timed actions, in scenario form; `atMs` is planned, the observations say when it happened. */
  actions: Action[];
  /** When the recorder stopped watching, ms after the start. */
  durationMs: number;
}

/**
 * One thing a party saw, with the time it saw it. Kinds reuse the trace's step kinds where they
 * mean the same: lock.requested, lock.granted (party: the client; token: its fencing token),
 * write.sent, write.queued, write.skipped, write.accepted / write.rejected (party Storage: the
 * store's decision; party a client: the reply it got), txn.succeeded / txn.failed (etcd's guarded
 * txn), lease.expired (party the server: the client's lock key or node disappeared without a
 * release), session.expired / op.failed (a client told so by its library), client.paused /
 * client.resumed (SIGSTOP / SIGCONT), network.partitioned / network.healed, node.crashed /
 * node.restarted, key.set / key.busy / key.deleted (a Redis master), lock.failed.
 */
export interface Observation {
  atMs: number;
  party: string;
  kind: string;
  /** For `lock.granted` and writes: the client's token; for Redis: its random value. */
  token?: string;
  /** Who the observation is about, where the party is not the client itself. */
  client?: string;
  detail?: Record<string, string | number | boolean | null>;
}

export interface Recording {
  format: typeof RECORDING_FORMAT;
  version: typeof RECORDING_VERSION;
  id: string;
  system: SystemId;
  title: string;
  /** What the run measures, in a sentence or two. */
  measured: string;
  server: { name: string; version: string; settings: Record<string, string | number> };
  client: { library: string; version: string };
  /** ISO 8601, UTC. */
  recordedAt: string;
  host: { node: string; platform: string };
  schedule: Schedule;
  observations: Observation[];
}

/** Redlock's random values: 20 bytes as 40 hex digits (a decimal token has at most 20 digits). */
const RANDOM_TOKEN_HEX_DIGITS = 40;

/** A token as an exact integer: decimal for etcd revisions and ZooKeeper zxids, hex for Redis's
 * random values (which carry no order: comparing them is how a max_seen store would, by chance). */
export const tokenInteger = (t: string): bigint => BigInt(t.length === RANDOM_TOKEN_HEX_DIGITS ? `0x${t}` : t);

/** -1, 0 or 1 as token a is below, equal to or above token b. */
export function tokenOrder(a: string, b: string): number {
  const x = tokenInteger(a);
  const y = tokenInteger(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
