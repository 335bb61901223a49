// The search's answer in words: the rule broken, each fault and its threshold, and the chain of
// plain sentences from the trace that leads to the break.

import type { InvariantId, Step, Trace } from '../core/trace';
import type { Cast, Fault } from './faults';
import type { FaultKind } from './types';

const n = (x: number) => x.toLocaleString('en-US');

/** Each safety rule, as the result names it. */
export const RULE_WORDS: Record<InvariantId, string> = {
  'issued-tokens-increase': 'a token that did not grow (tokens issued must strictly increase)',
  'one-grant-at-a-time': 'two holders at once (one holder at a time)',
  'accepted-writes-in-grant-order': "a stale write accepted (accepted writes follow the grants' order)",
  'max-seen-never-decreases': 'max_seen went backwards (it must never decrease)',
  'no-stale-side-effect': 'a write that escaped the fence (no stale side effect)',
};

/** What a fault kind is called in a sentence. */
export const FAULT_WORDS: Record<FaultKind, string> = {
  pause: 'client pause',
  partition: 'partition of a client from the lock service',
  delay: "delay of a client's write to the store",
  'clock-jump-client': "step of a client's clock",
  'clock-jump-server': "step of the lock service's clock",
  'lock-crash': 'lock-service crash and restart',
  'store-crash': 'store crash and restart',
};

/** One fault in a sentence: "Client1 pauses at 99 ms for 1,286 ms". */
export function faultSentence(f: Fault, cast: Cast): string {
  const at = `at ${n(f.atMs)} ms`;
  switch (f.kind) {
    case 'pause':
      return `${f.party} pauses ${at} for ${n(f.sizeMs)} ms`;
    case 'partition':
      return `${f.party} is cut off from ${cast.locks.join(', ')} ${at} for ${n(f.sizeMs)} ms`;
    case 'delay':
      return `${f.party}'s next write to ${cast.store} is held up ${n(f.sizeMs)} ms, armed ${at}`;
    case 'clock-jump-client':
    case 'clock-jump-server':
      return `${f.party}'s clock steps ${f.back ? 'back' : 'forward'} ${n(f.sizeMs)} ms ${at}`;
    case 'lock-crash':
    case 'store-crash':
      return `${f.party} crashes ${at} and restarts ${n(f.sizeMs)} ms later`;
  }
}

/** Where a fault's size stops breaking the rule: "breaks when the pause is at least 1,286 ms". */
export function thresholdSentence(f: Fault): string {
  const least = `at least ${n(f.sizeMs)} ms`;
  switch (f.kind) {
    case 'pause':
      return `breaks when ${f.party}'s pause at ${n(f.atMs)} ms is ${least}`;
    case 'partition':
      return `breaks when ${f.party}'s partition at ${n(f.atMs)} ms lasts ${least}`;
    case 'delay':
      return `breaks when ${f.party}'s write is held up ${least}`;
    case 'clock-jump-client':
    case 'clock-jump-server':
      return `breaks when ${f.party}'s clock steps ${f.back ? 'back' : 'forward'} ${least} at ${n(f.atMs)} ms`;
    case 'lock-crash':
    case 'store-crash':
      return f.sizeMs === 1
        ? `breaks with any restart: ${f.party} down from ${n(f.atMs)} ms for as little as 1 ms`
        : `breaks when ${f.party}, crashed at ${n(f.atMs)} ms, stays down ${least}`;
  }
}

/** Steps a chain tells: the faults, grants, lease ends, and the writes and effects. */
const TOLD = new Set<Step['kind']>([
  'client.paused',
  'client.resumed',
  'node.crashed',
  'node.restarted',
  'clock.jumped',
  'network.partitioned',
  'network.healed',
  'network.delayArmed',
  'lock.granted',
  'lease.expired',
  'session.expired',
  'write.accepted',
  'write.rejected',
  'effect.sent',
]);

/** The most sentences a chain has before the break and its reason. */
const CHAIN_MAX = 10;

/**
 * The chain from the start to the break at `breakStep`: each told step as "At 1,005 ms: <its
 * sentence>", the latest CHAIN_MAX of them, then the break, then the rule's reason (`reason`).
 */
export function chainOf(trace: Trace, breakStep: number, reason: string): string[] {
  const told = trace.steps.filter((s) => s.index < breakStep && TOLD.has(s.kind));
  const lines = told.slice(-CHAIN_MAX).map((s) => `At ${n(s.timeMs)} ms: ${s.text}`);
  const broke = trace.steps[breakStep];
  if (broke) lines.push(`At ${n(broke.timeMs)} ms: ${broke.text}`);
  lines.push(reason);
  return lines;
}

/** What a design whose tokens break the rule with no fault at all is told. */
export function propertyWords(reason: string): string {
  return (
    "This design's tokens are not ordered, so no store can compare them: with no fault at all, " +
    `the rule that tokens must grow is already broken. ${reason}`
  );
}

/** The bound explored, in words: never a bare "safe". */
export function boundWords(
  tried: number,
  maxFaults: number,
  kinds: readonly FaultKind[],
  random?: { seed: number; schedules: number; faults: number },
): string {
  const faults = `${maxFaults} ${maxFaults === 1 ? 'fault' : 'faults'}`;
  const more = random
    ? ` (among them ${n(random.schedules)} drawn at random with ${random.faults} faults from seed ${random.seed})`
    : '';
  return (
    `No rule broken in all ${n(tried)} schedules with up to ${faults} of these kinds: ` +
    `${kinds.map((k) => FAULT_WORDS[k]).join(', ')}${more}; that is a bound, not a proof beyond it.`
  );
}
