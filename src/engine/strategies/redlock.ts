// Redlock over five independent Redis masters: a random value set with SET NX PX on a majority,
// a validity time with a drift allowance, release by compare-and-delete.
// Invariant (the lesson): none that a store can use. The value is unique but carries no order,
// so Redlock cannot produce a fencing token.

import type { Knobs } from '../core/scenario';
import type { PartyInfo } from '../core/trace';
import type { StrategyDef } from './types';
import { storesAndMailer } from './systemParties';
import { REDLOCK_RETRY_CHOICES, REDLOCK_RETRY_DEFAULT, retryPolicyWords } from './retry';

export const MASTERS = ['Redis1', 'Redis2', 'Redis3', 'Redis4', 'Redis5'];

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
  summary:
    "A client holds the lock while a majority of five independent Redis masters keep its random value, for the validity time left after the round and a drift allowance. The value carries no order, so no store can refuse a zombie's write, and a master's clock jump or restart without fsync gives two holders even with no pause.",
  timers:
    "Each master expires its key on its own wall clock, which is why a clock step on one master can hand the lock to a second client; the client's validity also uses the wall clock, as redlock-rb's Time.now does.",
  simplification: `The value is 8 hex digits rather than 20 random bytes, SETs go to the masters in parallel with one 50 ms timeout for the round, masters keep keys in memory only (no fsync), a client gives up after ${retryPolicyWords(REDLOCK_RETRY_DEFAULT)} unless the retry knobs say otherwise, and nothing extends a held lock (no Redisson-style watchdog).`,
  defaults: { tokenSource: 'uuid', check: 'none' },
  choices: { tokenSource: ['uuid'], check: ['none', 'reject-le'] },
  lockAuthority: MASTERS[0]!,
  leaseKnob: 'Key TTL, SET PX (ms)',
  lockAuthorities: MASTERS,
  retry: { defaults: REDLOCK_RETRY_DEFAULT, choices: REDLOCK_RETRY_CHOICES },
  parties,
};
