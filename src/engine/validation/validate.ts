// Validation of scenario JSON on the way in (files, URLs, postMessage, the CLI). It returns either
// a complete Scenario with defaults filled in, or one error that names the field, what was
// expected and what was found. Invariant: a Scenario that passes can be simulated without throwing.

import {
  SCENARIO_FORMAT,
  SCENARIO_VERSION,
  type Action,
  type ClockSpec,
  type Knobs,
  type NetworkSpec,
  type Scenario,
  type StepLabel,
} from '../core/scenario';
import { takeoverBlock } from '../strategies/takeover';
import { STRATEGIES, choicesOf, effectiveKnobs, findStrategy } from '../strategies/registry';
import type { StrategyDef } from '../strategies/types';
import { clientIds } from '../core/parties';
import {
  BLOB_STORES,
  CHECK_MODES,
  DEFAULT_CLIENTS,
  DEFAULT_NETWORK,
  DEFAULT_SEED,
  SECOND_RESOURCES,
  SIDE_EFFECTS,
  STOP_POLICIES,
  TOKEN_SOURCES,
  type StopPolicy,
} from '../core/defaults';
import { STEP_KINDS, isStepKind, type StepKind } from '../core/vocabulary';
import { Invalid, bool, int, join, list, num, object, oneOf, onlyKeys, show, str } from './read';
import { ACTION_TYPES, kindOf } from '../actions/kinds';
import { ACTION_TEXT_CHARS, type ActionField } from '../actions/define';

export interface ScenarioError {
  /** Where the problem is, e.g. "actions[3].client". */
  path: string;
  message: string;
}

export type ValidationResult = { ok: true; scenario: Scenario } | { ok: false; error: ScenarioError };

export const LIMITS = {
  clients: { min: 1, max: 6 },
  actions: 20_000,
  timeMs: 100_000_000,
  leaseTtlMs: { min: 1, max: 3_600_000 },
  latencyMs: 600_000,
  driftPpm: 100_000,
  /** A lease may be kept up to this many times its length (exclusive): Consul's is 2. */
  leaseGraceFactor: 10,
  /** Redlock's retries after a failed try: the libraries' defaults reach 31 (redsync); a thousand
   * already outlasts any lease the lab can run, and each retry costs a round of steps. */
  retryCount: 1000,
  /** The base wait and the random extra between tries, in ms: ten minutes at most each. */
  retryWaitMs: 600_000,
  nameChars: 120,
  descriptionChars: 2000,
} as const;

/** Each client's stop policy: only the scenario's clients, only known policies. */
function stopPolicies(v: unknown, path: string, clients: readonly string[]): Partial<Record<string, StopPolicy>> {
  const o = object(v, path);
  onlyKeys(o, path, clients);
  const out: Partial<Record<string, StopPolicy>> = {};
  for (const [client, policy] of Object.entries(o)) out[client] = oneOf(policy, join(path, client), STOP_POLICIES);
  return out;
}

type KnobCheck<K extends keyof Knobs> = (v: unknown, path: string, clients: readonly string[]) => Knobs[K];

const KNOB_CHECKS: { [K in keyof Knobs]-?: KnobCheck<K> } = {
  tokenSource: (v, p) => oneOf(v, p, TOKEN_SOURCES),
  check: (v, p) => oneOf(v, p, CHECK_MODES),
  leaseTtlMs: (v, p) => int(v, p, LIMITS.leaseTtlMs.min, LIMITS.leaseTtlMs.max),
  lockDelayMs: (v, p) => int(v, p, 0, LIMITS.leaseTtlMs.max),
  leaseGraceFactor: (v, p) => num(v, p, 1, LIMITS.leaseGraceFactor),
  keepalive: (v, p) => bool(v, p),
  renewEveryMs: (v, p) => int(v, p, 1, LIMITS.leaseTtlMs.max),
  stopActing: stopPolicies,
  checkLeaseBeforeWrite: (v, p) => bool(v, p),
  fenceAtTakeover: (v, p) => bool(v, p),
  blobStore: (v, p) => oneOf(v, p, BLOB_STORES),
  retryCount: (v, p) => int(v, p, 0, LIMITS.retryCount),
  retryDelayMs: (v, p) => int(v, p, 0, LIMITS.retryWaitMs),
  retryJitterMs: (v, p) => int(v, p, 0, LIMITS.retryWaitMs),
  firstToken: (v, p) => int(v, p, 0, 1_000_000_000_000),
  initialMaxSeen: (v, p) => int(v, p, 0, 1_000_000_000_000),
  maxSeenDurable: (v, p) => bool(v, p),
  secondResource: (v, p) => oneOf(v, p, SECOND_RESOURCES),
  sideEffect: (v, p) => oneOf(v, p, SIDE_EFFECTS),
};

function knobs(v: unknown, strategy: StrategyDef, clients: readonly string[]): Partial<Knobs> {
  if (v === undefined) return {};
  const o = object(v, 'knobs');
  onlyKeys(o, 'knobs', Object.keys(KNOB_CHECKS));
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(o)) {
    out[key] = KNOB_CHECKS[key as keyof Knobs](value, `knobs.${key}`, clients);
  }
  // A real system models only some knob values (Redlock's token is always random).
  const choices = choicesOf(strategy);
  for (const key of ['tokenSource', 'check'] as const) {
    const allowed: readonly string[] = choices[key];
    if (o[key] !== undefined && !allowed.includes(o[key] as string)) {
      throw new Invalid(
        `knobs.${key}`,
        `strategy "${strategy.id}" models ${allowed.map((c) => `"${c}"`).join(', ')}, got ${show(o[key])}`,
      );
    }
  }
  takeoverFence(out as Partial<Knobs>, strategy);
  return out as Partial<Knobs>;
}

/** A renewal must come before the lease it renews runs out: renewEveryMs is at most the lease. */
function renewalWithinLease(k: Knobs): void {
  if (k.renewEveryMs !== undefined && k.renewEveryMs > k.leaseTtlMs)
    throw new Invalid(
      'knobs.renewEveryMs',
      `a renewal must come within the lease: expected at most the lease length (leaseTtlMs, ${k.leaseTtlMs} ms), got ${k.renewEveryMs}`,
    );
}

/**
 * A store fenced at takeover (knob `fenceAtTakeover`, or the `equal` check, which needs it) only
 * where the run can fence (strategies/takeover.ts).
 * @throws Invalid naming the knob and what to pick instead.
 */
function takeoverFence(k: Partial<Knobs>, strategy: StrategyDef): void {
  const e = effectiveKnobs(strategy, k);
  if (e.check === 'equal' && k.fenceAtTakeover === false)
    throw new Invalid(
      'knobs.fenceAtTakeover',
      'the "equal" check compares with the token the store is given when the lock changes hands, so it needs the fence at takeover: leave fenceAtTakeover out or set it to true',
    );
  if (!(k.fenceAtTakeover === true || e.check === 'equal')) return;
  const block = takeoverBlock(strategy, e);
  if (block)
    throw new Invalid(
      k.fenceAtTakeover === true ? 'knobs.fenceAtTakeover' : 'knobs.check',
      `a store fenced at takeover ${block.why}`,
    );
}

function network(v: unknown): NetworkSpec {
  if (v === undefined) return { ...DEFAULT_NETWORK };
  const o = object(v, 'network');
  onlyKeys(o, 'network', ['latencyMsMin', 'latencyMsMax', 'dropRate']);
  const latencyMsMin =
    o.latencyMsMin === undefined
      ? DEFAULT_NETWORK.latencyMsMin
      : int(o.latencyMsMin, 'network.latencyMsMin', 0, LIMITS.latencyMs);
  const latencyMsMax =
    o.latencyMsMax === undefined
      ? Math.max(latencyMsMin, DEFAULT_NETWORK.latencyMsMax)
      : int(o.latencyMsMax, 'network.latencyMsMax', latencyMsMin, LIMITS.latencyMs);
  const dropRate = o.dropRate === undefined ? 0 : num(o.dropRate, 'network.dropRate', 0, 1);
  return { latencyMsMin, latencyMsMax, dropRate };
}

function clocks(v: unknown, parties: readonly string[]): Record<string, ClockSpec> {
  if (v === undefined) return {};
  const o = object(v, 'clocks');
  onlyKeys(o, 'clocks', parties);
  const out: Record<string, ClockSpec> = {};
  for (const [id, spec] of Object.entries(o)) {
    const path = `clocks.${id}`;
    const c = object(spec, path);
    onlyKeys(c, path, ['offsetMs', 'driftPpm']);
    out[id] = {
      offsetMs: c.offsetMs === undefined ? 0 : int(c.offsetMs, `${path}.offsetMs`, -LIMITS.timeMs, LIMITS.timeMs),
      driftPpm: c.driftPpm === undefined ? 0 : int(c.driftPpm, `${path}.driftPpm`, -LIMITS.driftPpm, LIMITS.driftPpm),
    };
  }
  return out;
}

/**
 * One field of an action, checked as its kind says (actions/define.ts, FieldKind). `read` holds
 * the fields read before it, for an `otherParty` field.
 */
function actionField(
  field: ActionField,
  v: unknown,
  path: string,
  read: Record<string, unknown>,
  clients: readonly string[],
  parties: readonly string[],
): unknown {
  switch (field.kind) {
    case 'client':
      return oneOf(v, path, clients);
    case 'server':
      return oneOf(
        v,
        path,
        parties.filter((p) => !clients.includes(p)),
      );
    case 'party':
      return oneOf(v, path, parties);
    case 'otherParty':
      return oneOf(
        v,
        path,
        parties.filter((p) => p !== read[field.otherThan ?? '']),
      );
    case 'text':
      return str(v, path, ACTION_TEXT_CHARS);
    case 'ms':
      return int(v, path, 0, LIMITS.timeMs);
    case 'optionalMs':
      return v === undefined ? undefined : int(v, path, 1, LIMITS.timeMs);
    case 'signedMs':
      return int(v, path, -LIMITS.timeMs, LIMITS.timeMs);
    default: {
      // A new kind of field needs its check here (typecheck fails until it has one).
      const unchecked: never = field.kind;
      throw new Error(`no check for a field of kind "${String(unchecked)}"`);
    }
  }
}

/** An action: its type, then its time, then its fields in its kind's order (an absent optional left out). */
function action(v: unknown, path: string, clients: readonly string[], parties: readonly string[]): Action {
  const o = object(v, path);
  const type = oneOf(o.type, `${path}.type`, ACTION_TYPES);
  const { fields } = kindOf(type);
  onlyKeys(o, path, ['atMs', 'type', ...fields.map((f) => f.name)]);
  const out: Record<string, unknown> = { atMs: int(o.atMs, `${path}.atMs`, 0, LIMITS.timeMs), type };
  for (const field of fields) {
    const value = actionField(field, o[field.name], join(path, field.name), out, clients, parties);
    if (value !== undefined) out[field.name] = value;
  }
  // Every field the kind has, each of the kind its definition gives.
  return out as unknown as Action;
}

/** A label names a kind of step; an unknown kind would label nothing, so it is refused. */
function stepKind(v: unknown, path: string): StepKind {
  const kind = str(v, path, 60);
  if (isStepKind(kind)) return kind;
  const sameTopic = STEP_KINDS.filter((k) => k.split('.')[0] === kind.split('.')[0]);
  const examples = (sameTopic.length ? sameTopic : ['lock.granted', 'write.accepted', 'write.rejected']).slice(0, 8);
  throw new Invalid(
    path,
    `expected a kind of step such as ${examples.map((k) => `"${k}"`).join(', ')}, got ${show(v)}`,
  );
}

/** A label, whose party and client must be the scenario's: a typo would label nothing. */
function label(v: unknown, path: string, clients: readonly string[], parties: readonly string[]): StepLabel {
  const o = object(v, path);
  onlyKeys(o, path, ['label', 'kind', 'party', 'client', 'token', 'anyVerdict', 'stale']);
  const out: StepLabel = { label: str(o.label, `${path}.label`, 12), kind: stepKind(o.kind, `${path}.kind`) };
  if (o.party !== undefined) out.party = oneOf(o.party, `${path}.party`, parties);
  if (o.client !== undefined) out.client = oneOf(o.client, `${path}.client`, clients);
  if (o.token !== undefined) {
    if (typeof o.token !== 'number' && typeof o.token !== 'string')
      throw new Invalid(`${path}.token`, `expected a number or text, got ${show(o.token)}`);
    out.token = o.token;
  }
  if (o.anyVerdict !== undefined) {
    if (o.anyVerdict !== true) throw new Invalid(`${path}.anyVerdict`, `expected true, got ${show(o.anyVerdict)}`);
    if (out.kind !== 'write.accepted' && out.kind !== 'write.rejected')
      throw new Invalid(`${path}.anyVerdict`, `only a write.accepted or write.rejected label takes it`);
    out.anyVerdict = true;
  }
  if (o.stale !== undefined) {
    if (typeof o.stale !== 'boolean')
      throw new Invalid(`${path}.stale`, `expected true or false, got ${show(o.stale)}`);
    if (out.kind !== 'write.accepted' && out.kind !== 'write.rejected')
      throw new Invalid(`${path}.stale`, `only a write.accepted or write.rejected label takes it`);
    out.stale = o.stale;
  }
  return out;
}

const TOP_LEVEL = [
  'format',
  'version',
  'name',
  'description',
  'seed',
  'strategy',
  'knobs',
  'clients',
  'network',
  'clocks',
  'durationMs',
  'actions',
  'labels',
];

function parse(raw: unknown): Scenario {
  const o = object(raw, '(scenario)');
  if (o.format !== SCENARIO_FORMAT)
    throw new Invalid(
      'format',
      `expected "${SCENARIO_FORMAT}", got ${show(o.format)}: is this a Fencelab scenario file?`,
    );
  if (o.version !== SCENARIO_VERSION)
    throw new Invalid(
      'version',
      `expected ${SCENARIO_VERSION}, got ${show(o.version)}: this Fencelab reads scenario version ${SCENARIO_VERSION}`,
    );
  onlyKeys(o, '', TOP_LEVEL);
  const strategyId = oneOf(
    o.strategy,
    'strategy',
    STRATEGIES.map((s) => s.id),
  );
  const strategy = findStrategy(strategyId)!;
  const clientCount =
    o.clients === undefined ? DEFAULT_CLIENTS : int(o.clients, 'clients', LIMITS.clients.min, LIMITS.clients.max);
  const clients = clientIds(clientCount);
  const k = knobs(o.knobs, strategy, clients);
  renewalWithinLease(effectiveKnobs(strategy, k));
  const parties = strategy.parties(effectiveKnobs(strategy, k), clients).map((p) => p.id);
  const scenario: Scenario = {
    format: SCENARIO_FORMAT,
    version: SCENARIO_VERSION,
    name: o.name === undefined ? 'Untitled scenario' : str(o.name, 'name', LIMITS.nameChars),
    seed: o.seed === undefined ? DEFAULT_SEED : int(o.seed, 'seed', 0, 0xffffffff),
    strategy: strategyId,
    knobs: k,
    clients: clientCount,
    network: network(o.network),
    clocks: clocks(o.clocks, parties),
    actions: list(o.actions, 'actions', LIMITS.actions, (a, p) => action(a, p, clients, parties)),
    labels: list(o.labels, 'labels', 100, (l, p) => label(l, p, clients, parties)),
  };
  if (o.description !== undefined) scenario.description = str(o.description, 'description', LIMITS.descriptionChars);
  if (o.durationMs !== undefined) scenario.durationMs = int(o.durationMs, 'durationMs', 1, LIMITS.timeMs);
  return scenario;
}

export function validateScenario(raw: unknown): ValidationResult {
  try {
    return { ok: true, scenario: parse(raw) };
  } catch (e) {
    if (e instanceof Invalid) return { ok: false, error: { path: e.path, message: e.message } };
    throw e;
  }
}

/** Control characters (other than whitespace) or U+FFFD near the start: the bytes are not text. */
function looksBinary(text: string): boolean {
  for (let i = 0; i < Math.min(text.length, 512); i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0xfffd) return true;
  }
  return false;
}

/**
 * Parses scenario JSON text; a syntax error is reported like any other problem. A leading
 * byte-order mark (editors on Windows write one) is not part of the JSON, as a browser's
 * File.text() already drops it, so every surface reads the same file the same way.
 */
export function parseScenarioJson(text: string): ValidationResult {
  let raw: unknown;
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    // The parser quotes the text it choked on: for a picture or an archive that is unreadable noise.
    const message = looksBinary(text)
      ? 'it is not text (a picture or another binary file?), so it cannot be a scenario'
      : `it is not valid JSON (${(e as Error).message.replace(/[^\x20-\x7e]/g, '?').slice(0, 120)})`;
    return { ok: false, error: { path: '(file)', message } };
  }
  return validateScenario(raw);
}

/** "clients: must be …", or for the file as a whole just what is wrong with it. */
export function formatScenarioError(error: ScenarioError): string {
  return error.path === '(file)' ? error.message : `${error.path}: ${error.message}`;
}

/** A message as a sentence: a full stop at the end unless it already ends in one, ? or !. */
export function asSentence(text: string): string {
  return /[.?!]$/.test(text.trimEnd()) ? text.trimEnd() : `${text.trimEnd()}.`;
}
