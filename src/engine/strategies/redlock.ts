// Redlock over five independent Redis masters: a random value set with SET NX PX on a majority,
// a validity time with a drift allowance, release by compare-and-delete.
// Invariant (the lesson): none that a store can use. The value is unique but carries no order,
// so Redlock cannot produce a fencing token.

import type { Knobs } from '../core/scenario';
import type { PartyInfo } from '../core/trace';
import type { StrategyDef } from './types';
import { storesAndMailer } from './systemParties';
import { REDLOCK_RETRY_CHOICES, REDLOCK_RETRY_DEFAULT } from './retry';

export const MASTERS = ['Redis1', 'Redis2', 'Redis3', 'Redis4', 'Redis5'];

/** How long a client waits for the masters' answers to one try (SET NX on every master) (ms). */
export const REDLOCK_ROUND_TIMEOUT_MS = 50;

function parties(knobs: Knobs, clients: string[]): PartyInfo[] {
  return [
    ...MASTERS.map((id): PartyInfo => ({ id, kind: 'lock', label: `Redis master ${id.slice(-1)}` })),
    ...clients.map((id): PartyInfo => ({ id, kind: 'client', label: id })),
    ...storesAndMailer(knobs).parties,
  ];
}

export const redlock: StrategyDef = {
  id: 'redlock',
  name: 'Redlock (Redis multi-master)',
  defaults: { tokenSource: 'uuid', check: 'none' },
  choices: { tokenSource: ['uuid'], check: ['none', 'reject-le'] },
  lockAuthority: MASTERS[0]!,
  leaseKnob: 'Key TTL, SET PX (ms)',
  lockAuthorities: MASTERS,
  retry: { defaults: REDLOCK_RETRY_DEFAULT, choices: REDLOCK_RETRY_CHOICES },
  ownTimersMs: () => ({ round: REDLOCK_ROUND_TIMEOUT_MS }),
  parties,
};
