// Whether a run can fence its store at takeover (Knobs.fenceAtTakeover, and the `equal` check that
// needs it), decided in one place for validation, the comparison's carry, the clients' input and
// the lab's checkbox. Invariant: a run fences only where its strategy's clients can send the fence,
// a token exists to send, the store can compare it, and the store's check lets the holder's own
// token through again after the fence raised max_seen to it.

import type { Knobs } from '../core/scenario';
import { TAKEOVER_CHECKS } from '../core/defaults';
import type { StrategyDef } from './types';

/** What stands in the way of a store fenced at takeover: the knob to change, and why. */
export interface TakeoverBlock {
  /** The knob whose value forbids it (`strategy`: no knob, the system itself). */
  knob: 'strategy' | 'tokenSource' | 'blobStore' | 'check';
  /** The reason, as the end of "a store fenced at takeover …". */
  why: string;
}

/**
 * Why a run of `strategy` with the full knobs `k` cannot fence its store at takeover, or null if it
 * can. `strategy.fencesAtTakeover` says whether its clients can (the generic ones).
 */
export function takeoverBlock(strategy: Pick<StrategyDef, 'id' | 'fencesAtTakeover'>, k: Knobs): TakeoverBlock | null {
  if (!strategy.fencesAtTakeover)
    return { knob: 'strategy', why: `is modelled for the generic strategies only, not "${strategy.id}"` };
  if (k.tokenSource === 'none')
    return { knob: 'tokenSource', why: 'needs a token to fence with, but tokenSource is "none": pick a token source' };
  if (k.blobStore === 'plain-put')
    return { knob: 'blobStore', why: 'needs a store that compares tokens, but a plain-put blob store cannot' };
  if (!(TAKEOVER_CHECKS as readonly string[]).includes(k.check)) {
    const offered = TAKEOVER_CHECKS.map((c) => `"${c}"`).join(', ');
    const le = k.check === 'reject-le' ? ", which would refuse the holder's first write" : '';
    return {
      knob: 'check',
      why: `needs a check that accepts the holder's own token after the fence, one of ${offered}; got "${k.check}"${le}`,
    };
  }
  return null;
}

/** Whether the knobs ask for the fence at takeover: the knob, or the `equal` check, which needs it. */
export const asksFenceAtTakeover = (k: Pick<Knobs, 'fenceAtTakeover' | 'check'>): boolean =>
  k.fenceAtTakeover ?? k.check === 'equal';

/**
 * Why the `check` a picker offers cannot be chosen for a run of `strategy` with the full knobs `k`,
 * or null if it can. Only `equal` has such a reason: it needs the fence at takeover, so it is
 * blocked exactly where takeoverBlock blocks the fence (a `strategy` block: not offered at all;
 * any other: greyed with the reason). The same rule validation applies to a scenario file.
 */
export const checkBlock = (
  strategy: Pick<StrategyDef, 'id' | 'fencesAtTakeover'>,
  k: Knobs,
  check: Knobs['check'],
): TakeoverBlock | null => (check === 'equal' ? takeoverBlock(strategy, { ...k, check }) : null);
