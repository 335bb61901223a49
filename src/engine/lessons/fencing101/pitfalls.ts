// Chapter 7 of the walkthrough: the ways fencing is got wrong, each one a run.

import type { Chapter } from '../format';

export const pitfallsChapter: Chapter = {
  id: 'pitfalls',
  title: 'How fencing goes wrong',
  steps: [
    {
      id: 'random-token',
      run: { preset: 'pitfall-uuid' },
      at: 't6',
      say: 'A token must be strictly increasing. Here the lock service hands out random values, like UUIDs.',
      ask: {
        kind: 'choice',
        prompt:
          'Client1 and Client2 each get a random value as their token. When the zombie writes, can the store tell that its token is the older one?',
        choices: [
          'Yes: the older token is always the smaller value',
          'No: the values are random, so whichever happens to be larger gets in',
          'Yes: it refuses any value it has not seen',
        ],
        answer: 1,
        why: 'Compared as numbers, the zombie\u2019s random value happens to be the larger one here, so it gets in. With random tokens, which write wins is luck.',
      },
      show: ['verdict'],
    },
    {
      id: 'clock-token',
      run: { preset: 'pitfall-wall-clock' },
      at: 't6',
      say: 'A timestamp as the token? The lock service\u2019s clock is stepped back two seconds by a time sync between the two grants.',
      ask: {
        kind: 'write',
        why: 'Client2\u2019s token was taken after the clock went back, so it is smaller than Client1\u2019s. The zombie\u2019s token looks newer and is accepted.',
      },
      show: ['verdict'],
    },
    {
      id: 'no-check',
      run: { preset: 'pitfall-no-check' },
      at: 't6',
      say: 'Tokens that nobody checks are decoration. Here the clients carry tokens and the store ignores them.',
      ask: { kind: 'write', why: 'No comparison, no protection: the zombie\u2019s write is accepted.' },
    },
    {
      id: 'client-checks',
      run: { preset: 'check-then-write' },
      at: 'end',
      say: 'What if the client checks its own lease just before it writes? Watch: the check passes, and the pause comes right after it. The check runs inside the zombie too, so it cannot protect anything. The check has to live at the store.',
      show: ['verdict'],
    },
    {
      id: 'less-than',
      run: { preset: 'pitfall-less-than' },
      at: 't6',
      say: 'The comparison must refuse equal tokens too. A token names one grant only if the lock service never hands it out twice, and here a crash that lost its counter has handed out 33 again. This store refuses only tokens lower than max_seen.',
      ask: {
        kind: 'write',
        why: '33 is not lower than 33, so this store lets it in. With "refuse if not higher", equal tokens are refused and two holders of one number cannot both write.',
      },
    },
    {
      id: 'side-effect',
      run: { preset: 'pitfall-email' },
      at: 'escape',
      say: 'Fencing only guards what checks the token. Along with its write, the zombie also sends an email.',
      show: ['verdict'],
    },
    {
      id: 'second-store',
      run: { preset: 'pitfall-second-store' },
      at: 'hole',
      say: 'One operation, two stores: the first checks the token, the second does not. The zombie is refused at one and accepted at the other. Every store the operation touches must check.',
      show: ['verdict'],
    },
  ],
};
