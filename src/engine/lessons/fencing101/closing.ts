// Chapters 8 and 9 of the walkthrough: the same race under every lock design, and what to take away.

import type { Chapter } from '../format';

export const comparisonChapter: Chapter = {
  id: 'comparison',
  title: 'Every design, one race',
  steps: [
    {
      id: 'table',
      run: { preset: 'canonical-race' },
      at: 't6',
      say: 'Here is the same race, and below it the same race run under every lock design in the lab, once you have answered.',
      ask: {
        kind: 'choice',
        prompt: 'Which two things must both be true for the zombie\u2019s write to be refused?',
        choices: [
          'A short lease and a fast network',
          'Tokens that only ever grow, and a store that checks them',
          'A majority of lock servers agreeing',
        ],
        answer: 1,
        why: 'Leases and majorities decide who gets the lock; only a token that grows, checked by the store, decides whose write gets in. The table below shows it design by design.',
      },
      show: ['comparison'],
    },
  ],
};

export const mattersChapter: Chapter = {
  id: 'why-it-matters',
  title: 'Why it matters',
  steps: [
    {
      id: 'takeaway',
      run: { preset: 'canonical-race' },
      at: 'end',
      say: 'On a real network you cannot stop a client from wrongly believing it holds a lock: pauses, cuts and slow clocks will happen. What you can do is make its late actions harmless. The lock decides who should write; the store\u2019s memory decides who can.',
      show: ['verdict', 'chart'],
    },
  ],
};
