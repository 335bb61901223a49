// The fifteen-minute lesson's first half: the zombie's write under a plain lease, and the fix
// (issue, carry, compare), with the two ways a comparison is got wrong: the stale token that
// arrives first, and a check that lets an equal token in.

import type { Chapter } from '../format';

export const zombieChapter: Chapter = {
  id: 'the-zombie',
  title: 'A lock you hold is not a lock you enforce',
  steps: [
    {
      id: 'lapsed',
      run: { preset: 'lease-trust-race' },
      at: 't3',
      say: 'Client1 and Client2 share one store, Storage. Client1 gets the lock from the Lock service as a lease: it lapses by itself after one second. Then Client1 freezes in a long pause, with its write of Y ready. A second passes. Now Client2 asks for the lock.',
      ask: {
        kind: 'holder',
        prompt: 'Client1 is still frozen. Who holds the lock now, as the Lock service counts it?',
        why: 'The lease ran out, so the Lock service gave the lock to Client2. It cannot wait for ever for a client that may have died. Client1, frozen, was not told and could not have listened.',
      },
    },
    {
      id: 'zombie-writes',
      at: 't6',
      say: 'Client2 writes X. Then Client1 wakes, still sure it holds the lock: a zombie. Its write of Y goes out at once, and Storage takes whatever it is sent. Y lands on top of X: Client2\u2019s data is lost, though the Lock service did nothing wrong.',
      show: ['verdict'],
    },
  ],
};

export const fixChapter: Chapter = {
  id: 'the-fix',
  title: 'The fix: issue, carry, compare',
  steps: [
    {
      id: 'compare',
      run: { preset: 'canonical-race' },
      at: 't4',
      say: 'The same race, fenced. The Lock service issues a number with every grant, higher than any before: Client1 got 33, Client2 gets 34. Each client carries its number, the fencing token, on every write. Storage compares: it remembers the highest token it has accepted, max_seen (32 so far), and refuses any write whose token is not higher. Client2 writes X with 34.',
      ask: {
        kind: 'max-seen',
        prompt: 'After Client2\u2019s write, which token does Storage remember?',
        why: '34 is higher than 32, so the write is accepted and max_seen climbs to 34. That is the whole price at the store: one comparison and one remembered number.',
      },
      show: ['pseudocode'],
    },
    {
      id: 'zombie-refused',
      at: 't6',
      say: 'Client1 wakes, and its write of Y goes out with the token it still has, 33.',
      ask: {
        kind: 'write',
        prompt: 'Storage remembers 34. Does it take Client1\u2019s write?',
        why: '33 is not higher than 34, so Storage refuses it. What Client1 believed does not matter: Storage decides from what it remembers.',
      },
      show: ['pseudocode', 'verdict'],
    },
    {
      id: 'arrives-first',
      run: { preset: 'pitfall-early-zombie' },
      at: 'early',
      say: 'Fencing orders writes as they reach the store, nothing more. Here Client1 wakes while Client2 holds 34 but has not written yet. Storage has seen nothing above 33, so the zombie\u2019s write is accepted. Once 34 lands, 33 can never get back in: nothing the newer holder writes is overwritten.',
      show: ['chart'],
    },
    {
      id: 'equal-token',
      run: { preset: 'pitfall-less-than' },
      at: 't6',
      say: 'The comparison must refuse equal tokens too. Here the Lock service crashed, lost its counter, and handed out 33 twice. This Storage refuses only tokens lower than max_seen, and Client2 has written with 33.',
      ask: {
        kind: 'write',
        prompt: 'Client1 wakes and writes with 33 too. Does this Storage take it?',
        why: '33 is not lower than 33, so this Storage takes it: two holders of one number both got in. The check must be \u201crefuse unless higher\u201d, which refuses the equal one.',
      },
    },
  ],
};
