// ZooKeeper's lock recipe: ephemeral sequential znodes under a container parent, sessions kept
// alive by pings, a watch on the predecessor, and the lock node's czxid as the fencing token.
// Invariant: czxids come from Zab's totally ordered log, so each new holder's token is larger.

import type { Knobs } from '../core/scenario';
import type { PartyInfo } from '../core/trace';
import type { StrategyDef } from './types';
import { storesAndMailer } from './systemParties';

export const ZOOKEEPER = 'ZooKeeper';

/** How often the ensemble deletes empty lock parents (containers), for a session timeout (ms). */
export const containerCheckMsOf = (sessionTimeoutMs: number): number => 4 * sessionTimeoutMs;

function parties(knobs: Knobs, clients: string[]): PartyInfo[] {
  return [
    { id: ZOOKEEPER, kind: 'lock', label: 'ZooKeeper ensemble' },
    ...clients.map((id): PartyInfo => ({ id, kind: 'client', label: id })),
    ...storesAndMailer(knobs).parties,
  ];
}

export const zookeeper: StrategyDef = {
  id: 'zookeeper',
  name: 'ZooKeeper lock + zxid',
  defaults: { tokenSource: 'durable-counter', check: 'token-seq' },
  choices: {
    tokenSource: ['durable-counter', 'resetting-counter'],
    check: ['reject-le', 'reject-lt', 'token-seq', 'none'],
  },
  lockAuthority: ZOOKEEPER,
  leaseKnob: 'Session timeout (ms)',
  ownTimersMs: (knobs) => ({ containerCheck: containerCheckMsOf(knobs.leaseTtlMs) }),
  parties,
};
