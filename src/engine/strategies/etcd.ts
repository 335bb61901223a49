// etcd's concurrency.Mutex: a lease kept alive by keepalives, a lock key per session under a
// prefix, and the key's create revision (Raft-ordered, global) as the fencing token. A store can
// fence outside etcd (it keeps the highest revision seen), or the data can live inside etcd behind
// a txn guarded by the lock key's create revision (check 'validity').
// Invariant: revisions only grow, so each new owner's token is larger, unless a restore rewinds them.

import type { Knobs } from '../core/scenario';
import type { PartyInfo } from '../core/trace';
import type { StrategyDef } from './types';
import { storesAndMailer } from './systemParties';

export const ETCD = 'etcd';

/** With the data inside etcd (check 'validity') there is no separate Storage. */
function parties(knobs: Knobs, clients: string[]): PartyInfo[] {
  const guarded = knobs.check === 'validity';
  const label = guarded ? 'etcd cluster (holds the data)' : 'etcd cluster';
  return [
    { id: ETCD, kind: 'lock', label },
    ...clients.map((id): PartyInfo => ({ id, kind: 'client', label: id })),
    ...storesAndMailer(knobs, !guarded).parties,
  ];
}

export const etcd: StrategyDef = {
  id: 'etcd',
  name: 'etcd lock + revision',
  defaults: { tokenSource: 'durable-counter', check: 'token-seq' },
  choices: {
    tokenSource: ['durable-counter', 'resetting-counter'],
    check: ['reject-le', 'reject-lt', 'token-seq', 'validity', 'none'],
  },
  lockAuthority: ETCD,
  leaseKnob: 'Lease TTL (ms)',
  parties,
};
