// Chapter 8 of the walkthrough, "Can you break it?": the learner breaks the plain lease with
// faults of their own (the lab's timed actions) and meets the machine's shortest break; then tries
// fencing, and the lab says what it tried (the search's bound, in words).

import type { Chapter } from '../format';

// The second part's count is what `npm run sim -- --search --preset canonical-race --faults
// pause,partition --max-faults 2` prints: run it again if the search changes.

export const breakItChapter: Chapter = {
  id: 'can-you-break-it',
  title: 'Can you break it?',
  steps: [
    {
      id: 'break-the-lease',
      run: { preset: 'lease-trust-race' },
      at: 'end',
      say: 'Your turn. Open this plain lease in the lab, remove the pause it came with, and break it again with faults of your own: move the cursor and use "Add an action at the cursor". The lab says the moment a rule breaks, and "The shortest way to break this design" shows the machine\u2019s answer beside yours.',
      ask: {
        kind: 'choice',
        prompt: 'What is the machine\u2019s shortest way to break this plain lease?',
        choices: [
          'Two faults: a pause of each client',
          'One pause of Client1 that outlasts what is left of its lease: here at least 1,286 ms',
          'It cannot be broken without crashing the lock service',
        ],
        answer: 1,
        why: 'One fault is enough: a pause from just after the grant that lasts past the end of the lease. Client1 wakes still believing it holds the lock, and the store has no token to compare. Any pause that long will do, so for a lease without a token there is always a schedule that breaks it.',
      },
      show: ['verdict'],
    },
    {
      id: 'break-fencing',
      run: { preset: 'canonical-race' },
      at: 'end',
      say: 'Now try to break fencing: the same race with a token that only grows and a store that checks it. Add pauses and cuts in the lab, or ask the Break it tab to search. Answer when you give up, and the lab tells you what it tried.',
      ask: {
        kind: 'choice',
        prompt: 'Did the lab find a schedule of pauses and cuts that breaks fencing?',
        choices: [
          'Yes: a pause long enough always breaks it',
          'No: none of the 37,951 schedules it tried with up to 2 pauses or cuts broke a rule',
        ],
        answer: 1,
        why: 'The search tried every schedule with up to 2 faults (a client pause, or a client cut off from the lock service), placed at the moments that matter, and no rule broke in any of the 37,951. That is a bound, not a proof beyond it: the lab says what it explored, never a bare "safe".',
      },
      show: ['verdict'],
    },
  ],
};
