// Chapter 6 of the walkthrough: what people try instead of fencing (trusting the lease, shorter
// leases, Redlock), and what fencing asks of the store in return.

import type { Chapter } from '../format';

export const alternativesChapter: Chapter = {
  id: 'alternatives',
  title: 'What people try instead',
  steps: [
    {
      id: 'trust',
      run: { preset: 'lease-trust-race' },
      at: 't6',
      say: 'The simplest choice is to trust the lease: if a client was told it holds the lock, let it write. We saw where that goes.',
      ask: {
        kind: 'write',
        why: 'The store has nothing to compare, so the zombie\u2019s write is accepted. A client\u2019s confidence is not evidence.',
      },
      show: ['verdict'],
    },
    {
      id: 'long-lease',
      run: { preset: 'lease-long' },
      at: 'end',
      say: 'Would shorter leases help? First the race with a one-second lease that the client renews while it works, a third of a lease at a time. The cards below count the renewals the lock service granted.',
      show: ['cards', 'verdict'],
    },
    {
      id: 'short-lease',
      run: { preset: 'lease-short' },
      at: 'end',
      say: 'The same race with a much shorter lease. The lock is handed on sooner, so the stretch of time in which a zombie can cause harm is shorter, but a pause longer than the lease still makes a zombie, and its write still gets in. The cards below show the price: several times more renewals.',
      show: ['cards', 'verdict'],
    },
    {
      id: 'spurious',
      run: { preset: 'lease-short-spurious' },
      at: 'end',
      say: 'And a short lease hurts healthy clients too. Client1 never pauses; its renewals are held up in the network, and that is enough for the lease to run out and the lock to go to Client2. The verdict below is green, because nothing stale got in: the cost is a healthy client that lost its lock.',
      show: ['cards', 'verdict'],
    },
    {
      id: 'redlock',
      run: { preset: 'redlock-race' },
      at: 't6',
      say: 'The same race under Redlock: Client1 pauses past its lease, then Client2 takes the lock and writes. Redlock takes the lock on a majority of five Redis servers, with a random value as the lock\u2019s name. The random value is unique, but is it ordered?',
      ask: {
        kind: 'write',
        why: 'Random values carry no order, so a store cannot tell an older holder from a newer one, and cannot fence. To get ordered numbers you would need a consensus system, and then you already have what fencing needs.',
      },
      show: ['verdict'],
    },
    {
      id: 'blob-store',
      run: { preset: 'blob-store-no-check' },
      at: 't6',
      say: 'Fencing has a price: the store must take part. A plain blob store that can only overwrite has nowhere to keep max_seen and no way to refuse. The token travels with the write and nobody looks at it.',
      show: ['verdict'],
    },
    {
      id: 'if-match',
      run: { preset: 'blob-store-if-match' },
      at: 't6',
      say: 'Put a front before it that can refuse. This one keeps max_seen in the object\u2019s metadata: it reads the object, compares the token with the max_seen stored there, and writes with If-Match, so the write only lands if the object has not changed since it was read. The zombie\u2019s 33 is lower than the 34 in the metadata, so nothing is written.',
      show: ['verdict'],
    },
  ],
};
