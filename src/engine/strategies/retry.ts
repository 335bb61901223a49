// How a Redlock client tries again after a failed try: the policy the retry knobs set, the common
// client libraries' defaults as named choices, and the words for a policy. A client that gives up
// while another holder's key is still held shows "no second holder", which hides a zombie that
// nobody was left to overwrite; the policy is what decides it, so the lab names it.
// Invariant: a library's choice is its own default read from its source, translated into the
// knobs' terms (a base wait plus 0 … jitter − 1 ms at random), and its source is named.

import { RETRY_KNOBS, type RetryPolicy } from '../core/defaults';

/** A library's defaults as a policy, with what it is called and where the numbers come from. */
export interface RetryChoice extends RetryPolicy {
  id: string;
  label: string;
  /** The library, its version and file, and how its own settings become these knobs. */
  source: string;
}

/**
 * What the lab's Redlock client has always done, and so every trace recorded before the knobs
 * existed: 2 retries, 100 ms plus up to 199 ms apart. The algorithm says only that a client
 * retries after a random delay (redis.io, Distributed Locks with Redis, "Retry on Failure"); the
 * range is node-redlock's, the count redlock-py's.
 */
export const REDLOCK_RETRY_DEFAULT: Readonly<RetryPolicy> = { retryCount: 2, retryDelayMs: 100, retryJitterMs: 200 };

/**
 * The defaults of the client libraries engineers use, read from each one's source:
 * - node-redlock v5.0.0-beta.2, npm `redlock` (mike-marcacci/node-redlock, src/index.ts,
 *   `defaultSettings`): retryCount 10, retryDelay 200, retryJitter 100; it makes retryCount + 1
 *   attempts and waits `retryDelay + floor((2·random − 1) · retryJitter)`, 100 … 299 ms. (Its
 *   README's example shows retryJitter 200; the code's default is 100.) v4.2.0's redlock.js has
 *   the same numbers.
 * - redlock-rb 2.0.6 (leandromoreira/redlock-rb, lib/redlock/client.rb): DEFAULT_RETRY_COUNT 3,
 *   tried retry_count + 1 times, DEFAULT_RETRY_DELAY 200 + rand(DEFAULT_RETRY_JITTER 50) ms.
 * - redlock-py 1.0.8 (SPSCommerce/redlock-py, redlock/__init__.py): default_retry_count 3 counts
 *   every try (`while retry < self.retry_count`), so 2 retries, with a fixed
 *   `time.sleep(0.2)`; its README calls the 3 "retries".
 * - redsync v4.17.0, Go (go-redsync/redsync, redsync.go): tries 32, each wait
 *   `rand.Intn(250 − 50) + 50` ms.
 */
export const REDLOCK_RETRY_CHOICES: readonly RetryChoice[] = [
  {
    id: 'fencelab',
    label: 'This lab’s Redlock client',
    source:
      'What this lab’s client has always done. The Redlock algorithm itself asks only that a client retry after a random delay.',
    ...REDLOCK_RETRY_DEFAULT,
  },
  {
    id: 'node-redlock',
    label: 'node-redlock 5 (npm redlock)',
    source:
      'node-redlock v5 (src/index.ts): retryCount 10, retryDelay 200 ms ± retryJitter 100 ms. Its README’s example shows retryJitter 200, but the default in the code is 100.',
    retryCount: 10,
    retryDelayMs: 100,
    retryJitterMs: 200,
  },
  {
    id: 'redlock-rb',
    label: 'redlock-rb 2 (Ruby)',
    source: 'redlock-rb 2.0.6 (lib/redlock/client.rb): retry_count 3, retry_delay 200 ms + rand(retry_jitter 50) ms.',
    retryCount: 3,
    retryDelayMs: 200,
    retryJitterMs: 50,
  },
  {
    id: 'redlock-py',
    label: 'redlock-py 1 (Python)',
    source:
      'redlock-py 1.0.8 (redlock/__init__.py): retry_count 3 counts every try, not just the retries, and it sleeps a fixed 0.2 s between them.',
    retryCount: 2,
    retryDelayMs: 200,
    retryJitterMs: 0,
  },
  {
    id: 'redsync',
    label: 'redsync 4 (Go)',
    source: 'redsync v4 (redsync.go): 32 tries, each wait 50 ms + rand.Intn(200) ms.',
    retryCount: 31,
    retryDelayMs: 50,
    retryJitterMs: 200,
  },
];

/** The shortest and the longest wait before one retry. */
export const retryWaitRangeMs = (policy: RetryPolicy): { minMs: number; maxMs: number } => ({
  minMs: policy.retryDelayMs,
  maxMs: policy.retryDelayMs + Math.max(0, policy.retryJitterMs - 1),
});

/** The one of `choices` whose numbers `policy` has, if any. */
export const retryChoiceOf = (choices: readonly RetryChoice[], policy: RetryPolicy): RetryChoice | undefined =>
  choices.find((c) => RETRY_KNOBS.every((k) => c[k] === policy[k]));

/** A whole number with en-US grouping ("1,500"), by hand: the words are built when the strategy
 * module loads, and the page's first Intl formatter costs tens of ms (src/ui/format/number.ts). */
const fmt = (n: number): string => String(n).replace(/\B(?=(\d{3})+$)/g, ',');

/** "2 retries, 100–299 ms apart", "1 retry, 200 ms after the failed try", "no retries". */
export function retryPolicyWords(policy: RetryPolicy): string {
  const { minMs, maxMs } = retryWaitRangeMs(policy);
  const wait = minMs === maxMs ? `${fmt(minMs)} ms` : `${fmt(minMs)}–${fmt(maxMs)} ms`;
  if (policy.retryCount === 0) return 'no retries';
  if (policy.retryCount === 1) return `1 retry, ${wait} after the failed try`;
  return `${fmt(policy.retryCount)} retries, ${wait} apart`;
}
