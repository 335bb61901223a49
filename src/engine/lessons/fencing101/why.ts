// Chapters 1 and 2 of the walkthrough: why a lock you were granted does not protect a write (a
// pause, a partition, a slow clock, a slow call), and the three duties that fix it.

import type { Chapter } from '../format';

export const whyChapter: Chapter = {
  id: 'held-is-not-enforced',
  title: 'Holding a lock is not enforcing it',
  steps: [
    {
      id: 'granted',
      run: { preset: 'lease-trust-race' },
      at: 't0',
      say: 'Two clients share one store. Client1 asks the lock service for the lock and gets it, as a lease: a lock that lapses by itself after one second unless it is given up first. Nothing checks writes at the store: it trusts whoever writes.',
    },
    {
      id: 'pause',
      at: 't1',
      say: 'Client1 has decided to write Y, and then its runtime freezes it: a garbage-collection pause. A frozen program cannot look at a clock, so it cannot notice time passing.',
    },
    {
      id: 'lapsed',
      at: 't3',
      say: 'One second after the grant, the lease runs out. The lock service did its job: it cannot wait forever for a client that may have died. Now Client2 asks for the lock.',
      ask: {
        kind: 'holder',
        why: 'The lease of Client1 has ended, so the lock service hands the lock to Client2. Client1, frozen, was not told and could not have listened.',
      },
    },
    {
      id: 'split-brain',
      at: 't4',
      say: 'Client2 writes X to the store.',
      ask: {
        kind: 'believers',
        why: 'Client2 was granted the lock, and Client1 is still frozen with "I hold the lock" in its memory. Two clients believe they hold one lock: a split brain.',
      },
    },
    {
      id: 'zombie-writes',
      at: 't6',
      say: 'Client1 wakes up, still sure it holds the lock: a zombie, acting on a grant that has ended. The write it had ready before the pause goes out at once; only a moment later does its own clock tell it the lease is over. Too late: the write is on its way.',
      ask: {
        kind: 'write',
        why: 'A store that trusts its clients has no way to tell that Client1 is no longer the holder. Y lands on top of X: the newer holder\u2019s data is lost, though the lock service did nothing wrong.',
      },
      show: ['verdict'],
    },
    {
      id: 'partition',
      run: { preset: 'lease-trust-partition' },
      // The cut-off client's write landing, not the run's last step (Client1 told it landed).
      at: 't6',
      say: 'No pause is needed. Here the network between Client1 and the lock service breaks while Client1 can still reach the store. The lock service cannot hear Client1 and gives the lock away; Client1 never hears that it lost it, and keeps writing.',
      show: ['verdict'],
    },
    {
      id: 'slow-clock',
      run: { preset: 'skewed-clock-trust' },
      // The write the slow clock let through, not the run's last step (Client2's lease ending).
      at: 't6',
      // The lease's end, the grant, both writes and the slow clock's check lie within 80 ms of a
      // run of 2 s: drawn whole, their marks sat on one another.
      focus: ['t2', 't6'],
      say: 'Nor is a pause or a cut needed. Client1 judges its lease by its own clock, and its clock runs slow. By its count the lease has time left; by the lock service\u2019s, it ended and Client2 has the lock. Client1 writes, and the store takes it.',
      show: ['verdict'],
    },
    {
      id: 'slow-call',
      run: { preset: 'slow-network', strategy: 'lease-trust' },
      // The late write landing, not the run's last step (Client1 told it landed).
      at: 't6',
      say: 'And one slow message is enough: Client1 writes while its lease is valid, but the network holds the packet back until after Client2 has written. Every one of these ends the same way: a client that truly was told "you hold the lock" writes after it stopped being true.',
      show: ['verdict'],
    },
  ],
};

export const dutiesChapter: Chapter = {
  id: 'issue-carry-compare',
  title: 'Issue, carry, compare',
  steps: [
    {
      id: 'issue',
      run: { preset: 'canonical-race' },
      at: 't0',
      say: 'The fix splits the work three ways. First, the lock service issues a number with every grant, larger than any it gave before: here Client1 gets 33. This number is the fencing token.',
      show: ['pseudocode', 'cards'],
    },
    {
      id: 'carry',
      run: { preset: 'carry-many-writes' },
      at: 'w3',
      say: 'Second, the client carries its token on every write it sends, not only the first: all three writes of this grant carry 33. Each also carries its own number, 1, 2 and 3, so that the store can take one holder\u2019s writes one after another.',
      show: ['pseudocode', 'cards'],
    },
    {
      id: 'compare',
      run: { preset: 'canonical-race' },
      at: 't4',
      say: 'Third, the store compares. It remembers one number, max_seen: the highest token it has accepted, and refuses any write whose token is not higher. (This store takes one write per grant, so it needs no write numbers.) Client2 writes X with token 34.',
      ask: {
        kind: 'max-seen',
        why: '34 is higher than the 32 the store remembered, so the write is accepted and max_seen becomes 34. From now on this store turns away anything carrying 34 or less: 33 from the old holder, and a second 34 too.',
      },
      show: ['pseudocode', 'cost'],
    },
    {
      id: 'cost',
      at: 't6',
      say: 'That is the whole price at the store: one comparison and at most one update for each write, and one remembered number for each thing it protects. The counters under the timeline add it up.',
      show: ['pseudocode', 'cost'],
    },
  ],
};
