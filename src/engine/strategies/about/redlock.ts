// What the lab says about Redlock (../redlock.ts defines it): apart from the definition, so a page
// that never shows these sentences (the embed) never loads them.

import type { StrategyAbout } from '../types';
import { REDLOCK_RETRY_DEFAULT, retryPolicyWords } from '../retry';

export const redlockAbout: StrategyAbout = {
  summary:
    "A client holds the lock while a majority of five independent Redis masters keep its random value, for the validity time left after the round and a drift allowance. The value carries no order, so no store can refuse a zombie's write by comparing it with a newer one, and a master's clock jump or restart without fsync gives two holders even with no pause.",
  timers:
    "Each master expires its key on its own wall clock, which is why a clock step on one master can hand the lock to a second client; the client's validity also uses the wall clock, as redlock-rb's Time.now does.",
  simplification: `The value is 8 hex digits rather than 20 random bytes, SETs go to the masters in parallel with one 50 ms timeout for the round, masters keep keys in memory only (no fsync), a client gives up after ${retryPolicyWords(REDLOCK_RETRY_DEFAULT)} unless the retry knobs say otherwise, and nothing extends a held lock (no Redisson-style watchdog).`,
  disputed:
    "Redlock's author answers that a store can check the random value rather than order it: each holder records its value at the store, which then accepts a write only while the value recorded there is the writer's. That keeps out a zombie that records its value before the new holder does, but not one that wakes and records it after: its writes go in, and the new holder's are refused.",
  recordedOn: 'Redis 7.0.15 (five servers)',
  sources: [
    {
      title: 'Redis: Distributed locks with Redis (the Redlock algorithm)',
      url: 'https://github.com/redis/redis-doc/blob/master/docs/manual/patterns/distributed-locks.md',
    },
    {
      title: 'antirez/redlock-rb, lib/redlock.rb',
      url: 'https://github.com/antirez/redlock-rb/blob/master/lib/redlock.rb',
    },
    {
      title: 'Kleppmann, “How to do distributed locking” (2016)',
      url: 'https://martin.kleppmann.com/2016/02/08/how-to-do-distributed-locking.html',
    },
    { title: 'antirez, “Is Redlock safe?” (2016)', url: 'http://antirez.com/news/101' },
  ],
};
