// What the lab says about a single Redis lock with Redisson's watchdog (../redisWatchdog.ts
// defines it): apart from the definition, so a page that never shows these sentences (the embed)
// never loads them.

import type { StrategyAbout } from '../types';

export const redisWatchdogAbout: StrategyAbout = {
  summary:
    "One Redis holds the lock: a client sets the lock key only if nobody has, with a random value and a 30 s expiry, and its library's watchdog pushes the expiry back every 10 s while the client's process lives. If the renewals stop reaching Redis (a long pause, a cut link), the key expires and another client takes the lock, but nobody tells the first application, which carries on writing; the store gets no token it could check, so that stale write lands.",
  timers:
    "Redis expires the key on its own wall clock, so a clock step on the Redis host can end a lease early; the watchdog's renewals are timed on the client's monotonic clock (Netty's timer), which a wall-clock step does not move.",
  simplification:
    'The random value only guards the unlock (the lab carries it on writes, where a store could at most compare it, not order it); one Redis with no replica and no persistence, so a restart forgets the key; a renewal is one message and its answer, one at a time; the lease knob is lockWatchdogTimeout and the renewal period defaults to a third of it, as Redisson has it.',
  keptAlive: (every) =>
    `Its watchdog renews the lock key every ${every}, so a holder that is neither frozen nor cut off keeps the lock until it unlocks.`,
  caveat:
    'A holder is never told its renewal failed: the application stops only when it unlocks, unless the stop policy says otherwise.',
  recordedOn: null,
  sources: [
    {
      title: 'Redisson: Locks and synchronizers, Lock (the watchdog, lockWatchdogTimeout 30 s by default)',
      url: 'https://redisson.org/docs/data-and-services/locks-and-synchronizers/',
    },
    {
      title: 'Redisson: Configuration, lockWatchdogTimeout',
      url: 'https://redisson.org/docs/configuration/',
    },
    {
      title: 'redisson/redisson, RedissonBaseLock.java (renewExpiration: a renewal every internalLockLeaseTime / 3)',
      url: 'https://github.com/redisson/redisson/blob/master/redisson/src/main/java/org/redisson/RedissonBaseLock.java',
    },
    {
      title: 'Redis: Distributed locks with Redis (the single-instance SET NX PX recipe and its random value)',
      url: 'https://github.com/redis/redis-doc/blob/master/docs/manual/patterns/distributed-locks.md',
    },
    {
      title: 'Kleppmann, “How to do distributed locking” (2016)',
      url: 'https://martin.kleppmann.com/2016/02/08/how-to-do-distributed-locking.html',
    },
  ],
};
