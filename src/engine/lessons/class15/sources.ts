// The fifteen-minute lesson's second half: where a token must come from (a timestamp and a random
// value fail; ZooKeeper and etcd number their changes), and what fencing does not cover (shorter
// leases, a side effect beside the store, a client checking itself).

import type { Chapter } from '../format';

export const sourcesChapter: Chapter = {
  id: 'where-tokens-come-from',
  title: 'Where a token must come from',
  steps: [
    {
      id: 'wall-clock',
      run: { preset: 'pitfall-wall-clock' },
      at: 't6',
      say: 'Why not use the time as the token? Here the Lock service\u2019s clock is set back two seconds by a time sync, between the grant to Client1 and the grant to Client2. Then the zombie, Client1, writes.',
      ask: {
        kind: 'write',
        prompt:
          'Storage refuses any token that is not higher than the highest it has seen. Does it take the zombie\u2019s write?',
        why: 'Client2\u2019s time was read after the clock went back, so it is smaller than Client1\u2019s. The zombie\u2019s token looks newer and is accepted. A clock can go back; a counter cannot.',
      },
      show: ['verdict'],
    },
    {
      id: 'zookeeper',
      run: { preset: 'zookeeper-race' },
      at: 't3',
      say: 'Real systems take the token from the ordered history of changes they already keep, agreed by a majority of servers, so it survives a restart. In ZooKeeper, a lock is a node a client creates, and the number of the change that created it is the token. etcd does the same with its revision. Client1\u2019s token was 33; now Client2 gets the lock.',
      ask: {
        kind: 'choice',
        prompt: 'Client2\u2019s token comes from the same history, later. What can we say about it?',
        choices: ['It is exactly 34', 'It is higher than 33, maybe by more than one', 'It could be lower than 33'],
        answer: 1,
        why: 'Other changes came in between and each took a number, so Client2\u2019s token is 36: not the next whole number, but higher, and higher is all Storage needs.',
      },
      show: ['cards'],
    },
    {
      id: 'redlock',
      run: { preset: 'redlock-race' },
      at: 't6',
      say: 'Redlock takes a lock on a majority of five Redis servers and names it with a random value. A random value is unique, but it has no order. The same race: Client1 pauses past its lease, Client2 takes the lock and writes, and Client1 wakes and writes.',
      ask: {
        kind: 'choice',
        prompt: 'Why can\u2019t a store fence Redlock\u2019s clients?',
        choices: [
          'Five servers are too slow to ask',
          'Its values do not grow, so the store cannot tell the older holder from the newer one',
          'Redis forgets the lock when it restarts',
        ],
        answer: 1,
        why: 'Random values carry no order: whichever happens to be larger wins, and here the zombie\u2019s write gets in. To get numbers that only grow you need a system that agrees on an order, and then you have what fencing needs.',
      },
      show: ['verdict'],
    },
  ],
};

export const limitsChapter: Chapter = {
  id: 'what-it-does-not-cover',
  title: 'What fencing does not cover',
  steps: [
    {
      id: 'short-lease',
      run: { preset: 'lease-short' },
      at: 'end',
      say: 'Would a shorter lease do instead? The lock is handed on sooner, but a pause longer than the lease still makes a zombie, and with no check its write still gets in. The cards below show the price: many more renewals, and a healthy client that loses its lock when a few renewals are slow.',
      show: ['cards', 'verdict'],
    },
    {
      id: 'side-effect',
      run: { preset: 'pitfall-email' },
      at: 'escape',
      say: 'Fencing guards only what checks the token. Along with its write to Storage, the zombie also sends an email through the Mailer.',
      ask: {
        kind: 'choice',
        prompt: 'Storage checks tokens; the Mailer does not. What escapes?',
        choices: ['Nothing: Storage refused the zombie', 'The zombie\u2019s email', 'Client2\u2019s write'],
        answer: 1,
        why: 'The Mailer has no max_seen, so the email goes out. A second store that does not check is the same hole: every place an operation touches must check the token, or the harm (an email sent twice, money paid twice) escapes.',
      },
      show: ['verdict'],
    },
    {
      id: 'client-checks',
      run: { preset: 'check-then-write' },
      at: 'end',
      say: 'Could the client check its own lease just before it writes? Watch: the check passes, and the pause comes right after it. The check runs inside the zombie, so nothing can stop a client from wrongly believing. What we can do is make its late writes harmless: the lock decides who should write; the store\u2019s memory decides who can.',
      show: ['verdict'],
    },
  ],
};
