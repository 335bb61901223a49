// What the lab says about both generic strategies (fencing, lease-trust).

import type { StrategyAbout } from '../types';

/** Which clocks the generic strategies' timers use (StrategyAbout.timers). */
export const GENERIC_TIMERS =
  'The lock service and the clients time leases, renewals and the lock-delay on their wall clocks, as a naive service does, so a clock step can end a lease early or stretch a belief; etcd and ZooKeeper time theirs on monotonic clocks.';

/** How the generic clients keep a grant alive when the keepalive knob is on (StrategyAbout.keptAlive),
 * `every` being the run's renewal period in words ("333 ms"). */
export const genericKeptAlive = (every: string): string =>
  `Its client renews its lease every ${every} (keepalive is on), so a holder that is neither frozen nor cut off keeps the lock until it lets go.`;

/** Where the generic patterns come from (StrategyAbout.sources): the article's own sources. */
export const GENERIC_SOURCES: StrategyAbout['sources'] = [
  {
    title: 'Kleppmann, “How to do distributed locking” (2016)',
    url: 'https://martin.kleppmann.com/2016/02/08/how-to-do-distributed-locking.html',
  },
  { title: 'Kleppmann & Riccomini, Designing Data-Intensive Applications, 2nd ed., ch. 9' },
];
