// Words for the pitfall knobs: what each choice is and what it does to the fence, and what a
// retry policy adds up to beside the key's TTL.

import {
  CHECK_MODES,
  TOKEN_SOURCES,
  retryWaitRangeMs,
  type CheckMode,
  type RETRY_KNOBS,
  type RetryPolicy,
  type StopPolicy,
  type StrategyAbout,
  type TokenSource,
} from '../../engine';
import { formatNumber } from '../format/number';

interface Words {
  label: string;
  explain: string;
}

/** Words for each token source; the engine's TOKEN_SOURCES gives the order, so a new source
 * without words here is a type error. */
const SOURCE_WORDS: Record<TokenSource, Words> = {
  'durable-counter': {
    label: 'Durable counter',
    explain: 'Each grant gets the next number, written down before the reply, so it keeps climbing across restarts.',
  },
  'resetting-counter': {
    label: 'Counter kept in memory',
    explain: 'Counts up like the durable one, but a restart forgets it and old numbers are handed out again.',
  },
  uuid: {
    label: 'Random value (UUID-like)',
    explain: 'Unique, but random: a later grant is as likely to compare lower as higher.',
  },
  'wall-clock': {
    label: "Lock service's clock",
    explain: 'The time of the grant in ms. A clock stepped back (NTP, a VM migration) issues smaller tokens later.',
  },
  none: { label: 'No token', explain: 'A plain lease: the client has nothing to show the resource.' },
};

/** The token source choices, worded in the strategy's own terms where it has them (sourceWords). */
export function tokenSourcesFor(
  strategy: Pick<StrategyAbout, 'sourceWords'> | undefined,
): { value: TokenSource; label: string; explain: string }[] {
  const own = strategy?.sourceWords ?? {};
  return TOKEN_SOURCES.map((value) => ({ value, ...SOURCE_WORDS[value], ...own[value] }));
}

const CHECK_WORDS: Record<CheckMode, Words> = {
  'reject-le': {
    label: 'reject token <= max_seen (the article’s bare <= check)',
    explain:
      'The article’s rule as written: a write is refused unless its token is larger than any accepted before. Equal counts as stale, so one token can never write for two holders, but a holder that writes twice under one grant has its own second write refused.',
  },
  'reject-lt': {
    label: 'reject token < max_seen',
    explain:
      'Equal tokens pass; only smaller ones are refused. Harmless while every grant gets a fresh number; if a number is ever issued twice, both holders can write.',
  },
  'token-seq': {
    label: 'a holder’s later writes pass, older tokens refused',
    explain:
      'The article’s check whenever tokens differ (a smaller or equal older token is refused), and for the same token each write carries its number under the grant, so the holder can write many times. Compared as (token, write number) pairs.',
  },
  equal: {
    label: 'equal to the current holder’s token',
    explain:
      'The new holder gives the store its token when it takes the lock, before writing anything; from then on only that token is accepted. Order plays no part, so random tokens fence too (Flink’s leader session id).',
  },
  none: {
    label: 'no check',
    explain: 'Tokens may be carried, but nothing compares them: a token nobody checks fences nothing.',
  },
  validity: {
    label: 'guarded by the lock service',
    explain:
      'The data lives in the lock service, and a write is a transaction that succeeds only while the writer’s grant is still current (etcd: If the lock key’s create revision = token Then Put). A zombie fails the moment its lease is gone, even before anyone else has written.',
  },
};

/** The store's checks, in the engine's order (CHECK_MODES), with their words; a picker shows them
 * with checksDefaultFirst. */
export const CHECKS: { value: CheckMode; label: string; explain: string }[] = CHECK_MODES.map((value) => ({
  value,
  ...CHECK_WORDS[value],
}));

/** Words for each stop policy; the engine's STOP_POLICIES gives the order. */
export const STOP_POLICY_WORDS: Record<StopPolicy, Words> = {
  lost: {
    label: 'When its library says lost',
    explain: 'It stops when the library gives up: its own lease timer runs out, or its session is declared lost.',
  },
  'first-doubt': {
    label: 'At the first missed heartbeat',
    explain: 'It stops as soon as one heartbeat or renewal goes unanswered, as Curator advises for SUSPENDED.',
  },
  'renew-deadline': {
    label: 'At a renew deadline',
    explain:
      'Unless renewed in time, it stops a third of the lease before its lease would end, like Kubernetes leader election.',
  },
  never: {
    label: 'Never (until it releases)',
    explain: 'Nothing tells it the lock is gone, like a plain mutex or a watchdog library. Only the store can stop it.',
  },
};

/** How long the generic lock service keeps a lease, as a multiple of what it promised. */
export const GRACE_FACTORS: { value: number; label: string }[] = [
  { value: 1, label: 'As long as it promised' },
  { value: 1.5, label: '1.5 times as long' },
  { value: 2, label: 'Twice as long (Consul)' },
  { value: 3, label: 'Three times as long' },
];

/** The retry fields' labels (Redlock), one per knob of the engine's RETRY_KNOBS. */
export const RETRY_FIELD_LABELS: Record<(typeof RETRY_KNOBS)[number], string> = {
  retryCount: 'Retries after a failed try',
  retryDelayMs: 'Wait between tries (ms)',
  retryJitterMs: 'Random extra wait, less than (ms)',
};

const seconds = (ms: number): string => `${formatNumber(ms / 1000, 1)} s`;

/**
 * What a retry policy adds up to beside the key's TTL: how long a client that finds the lock taken
 * waits in all before it gives up, and whether that outlasts a key nobody releases (a zombie's).
 */
export function retryHint(policy: RetryPolicy, ttlMs: number): string {
  const { minMs, maxMs } = retryWaitRangeMs(policy);
  const ttl = `a key lives ${seconds(ttlMs)}`;
  if (policy.retryCount === 0) return `A client that finds the lock taken gives up at once, while ${ttl}.`;
  const shortest = policy.retryCount * minMs;
  const longest = policy.retryCount * maxMs;
  const waits = shortest === longest ? seconds(shortest) : `${seconds(shortest)} to ${seconds(longest)}`;
  const verdict =
    longest < ttlMs
      ? "so it can give up while another client's key is still held"
      : shortest >= ttlMs
        ? 'so it outlasts a key nobody releases'
        : 'so whether it outlasts a key nobody releases is chance';
  const each = minMs === maxMs ? `${formatNumber(minMs)} ms` : `${formatNumber(minMs)} to ${formatNumber(maxMs)} ms`;
  return `Each wait is ${each}. A client that finds the lock taken waits ${waits} in all, besides the tries themselves, before it gives up; ${ttl}, ${verdict}.`;
}

/** The checks a strategy offers (`allowed`, all where undefined) with its default first (the
 * picker marks it "(default)"), the rest in the engine's order: a reader sees the rule a run uses
 * before the pitfalls. */
export function checksDefaultFirst(allowed: readonly CheckMode[] | undefined, defaultCheck: CheckMode | undefined) {
  const offered = CHECKS.filter((c) => !allowed || allowed.includes(c.value));
  return [...offered.filter((c) => c.value === defaultCheck), ...offered.filter((c) => c.value !== defaultCheck)];
}
