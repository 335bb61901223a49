// A recording read from a file or the network, checked before anything uses it: the shape of
// docs/recorded-format.md, exact string tokens in the form its system issues them (the views
// compare them as integers, so a token of another form would break the drawing, not the load),
// observations in time order, and a schedule the model can run. Invariant: pure, never throws; an
// error names the observation, the field and the problem in one sentence a reader can act on.

import { findStrategy } from '../strategies/registry';
import { formatScenarioError, validateScenario } from '../validation/validate';
import { RECORDING_FORMAT, RECORDING_VERSION, type Recording, type SystemId } from './format';
import { scenarioFor } from './schedule';
import { clientIds } from '../core/parties';

export type RecordingResult = { ok: true; recording: Recording } | { ok: false; message: string };

const SYSTEMS: readonly SystemId[] = ['etcd', 'zookeeper', 'redis'];

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/** A value as a message quotes it: its JSON, cut short. */
const shortJson = (v: unknown): string => {
  const text = JSON.stringify(v) ?? String(v);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
};

/** The first problem with the top-level fields, or null. */
function topProblem(r: Obj): string | null {
  if (r.format !== RECORDING_FORMAT)
    return r.format === undefined
      ? `"format" is missing (it should be "${RECORDING_FORMAT}")`
      : `"format" is ${shortJson(r.format)}, not "${RECORDING_FORMAT}"`;
  if (r.version !== RECORDING_VERSION)
    return `"version" is ${r.version === undefined ? 'missing' : shortJson(r.version)}; this lab reads version 1`;
  for (const key of ['id', 'title', 'measured', 'recordedAt'] as const)
    if (!isText(r[key])) return `"${key}" should be a non-empty text`;
  if (!SYSTEMS.includes(r.system as SystemId)) return `"system" should be one of ${SYSTEMS.join(', ')}`;
  if (Number.isNaN(Date.parse(String(r.recordedAt)))) return '"recordedAt" is not an ISO 8601 time';
  const server = r.server;
  if (!isObj(server) || !isText(server.name) || !isText(server.version) || !isObj(server.settings))
    return '"server" should have a name, a version and settings';
  const client = r.client;
  if (!isObj(client) || !isText(client.library) || !isText(client.version))
    return '"client" should have a library and a version';
  return null;
}

function scheduleProblem(s: unknown): string | null {
  if (!isObj(s)) return '"schedule" is missing';
  if (!isText(s.strategy) || !findStrategy(s.strategy)) return `"schedule.strategy" names no strategy of the lab`;
  if (!isObj(s.knobs)) return '"schedule.knobs" should be an object';
  if (!Array.isArray(s.actions)) return '"schedule.actions" should be a list';
  if (typeof s.durationMs !== 'number' || !Number.isInteger(s.durationMs) || s.durationMs <= 0)
    return '"schedule.durationMs" should be a whole number of ms above 0';
  return null;
}

/** The largest token each system issues, plus one: etcd's revision is a signed 64-bit integer,
 * ZooKeeper's czxid an unsigned 64-bit one (the recorder reads it so). */
const TOKEN_LIMIT: Record<Exclude<SystemId, 'redis'>, { below: bigint; words: string }> = {
  etcd: { below: 2n ** 63n, words: 'an etcd revision, a whole decimal number below 2^63' },
  zookeeper: { below: 2n ** 64n, words: 'a ZooKeeper zxid, a whole decimal number below 2^64' },
};

/** A piece of a value short enough to quote in a sentence. */
const quote = (v: string): string => JSON.stringify(v.length > 24 ? `${v.slice(0, 24)}…` : v);

/** Why `token` is not a token of `system`, or null: the form the recorder writes, exactly. */
function tokenFormProblem(system: SystemId, token: string): string | null {
  if (system === 'redis')
    return /^[0-9a-f]{40}$/.test(token)
      ? null
      : `is ${quote(token)}, not a Redlock random value (40 lowercase hex digits)`;
  const { below, words } = TOKEN_LIMIT[system];
  // No sign, no leading zero: a token is compared as text as well as by value.
  if (!/^(0|[1-9][0-9]*)$/.test(token) || BigInt(token) >= below) return `is ${quote(token)}, not ${words}`;
  return null;
}

/** The first token of observation `o` (its own, or the store's max_seen) not of `system`'s form. */
function tokensProblem(o: Obj, at: string, system: SystemId): string | null {
  if (typeof o.token === 'string') {
    const bad = tokenFormProblem(system, o.token);
    if (bad) return `${at}.token" ${bad}`;
  }
  const detail = isObj(o.detail) ? o.detail : {};
  for (const key of ['maxSeenBefore', 'maxSeenAfter'] as const) {
    const v = detail[key];
    if (v === undefined || v === null) continue;
    const bad = typeof v === 'string' ? tokenFormProblem(system, v) : 'should be text (an exact token) or null';
    if (bad) return `${at}.detail.${key}" ${bad}`;
  }
  return null;
}

function observationProblem(o: unknown, i: number, previousMs: number, system: SystemId): string | null {
  const at = `"observations[${i}]`;
  if (!isObj(o)) return `${at}" should be an object`;
  if (typeof o.atMs !== 'number' || !Number.isInteger(o.atMs) || o.atMs < 0)
    return `${at}.atMs" should be a whole number of ms from 0`;
  if (o.atMs < previousMs) return `${at}.atMs" is ${o.atMs}, before the observation above it (${previousMs})`;
  if (!isText(o.party)) return `${at}.party" should be a non-empty text`;
  if (!isText(o.kind)) return `${at}.kind" should be a non-empty text`;
  // Tokens are exact text: a 64-bit revision or zxid would lose digits as a JSON number.
  if (o.token !== undefined && !isText(o.token)) return `${at}.token" should be text (an exact token), not a number`;
  if (o.client !== undefined && !isText(o.client)) return `${at}.client" should be text`;
  if (o.detail !== undefined && !isObj(o.detail)) return `${at}.detail" should be an object`;
  return tokensProblem(o, at, system);
}

/**
 * Checks `raw` (parsed JSON) against the recording format.
 * @returns the recording, typed, or a message such as `"observations[3].token" should be text …`.
 */
export function validateRecording(raw: unknown): RecordingResult {
  const fail = (problem: string): RecordingResult => ({ ok: false, message: `${problem}.` });
  if (!isObj(raw)) return fail('The file is not a recording (not a JSON object)');
  const problem = topProblem(raw) ?? scheduleProblem(raw.schedule);
  if (problem) return fail(problem);
  if (!Array.isArray(raw.observations) || raw.observations.length === 0)
    return fail('"observations" should be a list with at least one observation');
  let previousMs = 0;
  for (const [i, o] of raw.observations.entries()) {
    const bad = observationProblem(o, i, previousMs, raw.system as SystemId);
    if (bad) return fail(bad);
    previousMs = (o as { atMs: number }).atMs;
  }
  const recording = raw as unknown as Recording;
  // Checked under the recording's id: the model's long name is for display, not a limit to meet.
  const checked = validateScenario({ ...scenarioFor(recording), name: recording.id });
  if (!checked.ok) return fail(`"schedule" cannot be run by the model: ${formatScenarioError(checked.error)}`);
  const stranger = strangerClient(recording, clientIds(checked.scenario.clients));
  return stranger ? fail(stranger) : { ok: true, recording };
}

/**
 * The first observation naming a client (as its party or its client) that the recorded schedule
 * does not have, in words, or null: its view would draw a lane the model's run has no party for.
 */
function strangerClient(recording: Recording, clients: string[]): string | null {
  for (const [i, o] of recording.observations.entries())
    for (const field of ['party', 'client'] as const) {
      const name = o[field];
      if (name !== undefined && /^Client\d+$/.test(name) && !clients.includes(name))
        return `"observations[${i}].${field}" is ${quote(name)}, a client the recorded schedule does not have (it has ${clients.join(' and ')})`;
    }
  return null;
}
