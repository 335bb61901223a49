// Chapters 3 and 4 of the walkthrough: the race from t0 to t6 with a fencing token, and why the
// order that counts is the order at the store, not the order of the clocks.

import { findPreset } from '../../presets';
import type { Scenario } from '../../core/scenario';
import type { Chapter } from '../format';

export const raceChapter: Chapter = {
  id: 'the-race',
  title: 'The race, step by step',
  steps: [
    {
      id: 't0',
      run: { preset: 'canonical-race' },
      at: 't0',
      say: 'The same race as before, now with fencing. t0: Client1 is granted the lock with token 33. The store starts out remembering 32.',
      show: ['pseudocode'],
    },
    {
      id: 't1',
      at: 't1',
      say: 't1: Client1 freezes in a long pause, with its write of Y already decided.',
    },
    {
      id: 't2',
      at: 't2',
      say: 't2: the lease for token 33 runs out at the lock service. Client1, frozen, knows nothing of it.',
    },
    {
      id: 't3',
      at: 't3',
      say: 't3: Client2 asks for the lock.',
      ask: {
        kind: 'holder',
        why: 'The lease of 33 has ended, so the lock service grants the lock to Client2, with the next token: 34.',
      },
      show: ['pseudocode'],
    },
    {
      id: 't4',
      at: 't4',
      say: 't4: Client2 writes X with token 34.',
      ask: {
        kind: 'write',
        why: '34 is higher than the 32 the store remembered: accepted, and max_seen climbs to 34.',
      },
      show: ['pseudocode', 'chart'],
    },
    {
      id: 't5',
      at: 't5',
      say: 't5: Client1 wakes, unaware that anything happened. The write of Y it had ready leaves at once, with the token it still has, 33; only then does its clock tell it the lease is over.',
    },
    {
      id: 't6',
      at: 't6',
      say: 't6: the zombie\u2019s write, sent before its clock told it the lease was over, reaches the store.',
      ask: {
        kind: 'write',
        why: '33 is not higher than 34, so the store refuses the write. What Client1 believed when it sent it does not matter: the store decides from what it remembers, not from what a client believes.',
      },
      show: ['pseudocode', 'chart', 'verdict'],
    },
  ],
};

/** The early zombie, and one more write of Client1 with 33 after 34 has landed. */
const earlyThenDead: Scenario = (() => {
  const base = findPreset('pitfall-early-zombie')!.scenario;
  return {
    ...base,
    name: 'The zombie arrives first, then tries again',
    // Its application never hears that the lease is gone, so it writes once more.
    knobs: { ...base.knobs, stopActing: { Client1: 'never' } },
    actions: [...base.actions, { atMs: 2300, type: 'write', client: 'Client1', value: 'Y2' }],
    labels: [...base.labels, { label: 'dead', kind: 'write.rejected', client: 'Client1' }],
  };
})();

export const orderChapter: Chapter = {
  id: 'order-at-the-store',
  title: 'The order that counts is at the store',
  steps: [
    {
      id: 'sent-first',
      run: { preset: 'slow-network' },
      at: 't1',
      say: 'Here Client1 sends its write while its lease is still good, long before Client2 even asks. By the wall clock, Client1 went first.',
    },
    {
      id: 'arrives-last',
      at: 't6',
      say: 'But the network holds Client1\u2019s packet, and 34 reaches the store before it.',
      ask: {
        kind: 'write',
        why: 'What matters is the order in which writes reach the store. When 33 arrives, the store has already accepted 34, so 33 is refused, whenever it was sent.',
      },
      show: ['chart'],
    },
    {
      id: 'arrives-first',
      run: { scenario: earlyThenDead },
      at: 'early',
      say: 'Now the other way round: Client1 wakes early and its write with 33 reaches the store before Client2 has written anything.',
      ask: {
        kind: 'write',
        why: 'The store has seen nothing above 32, so 33 is accepted. It is a zombie\u2019s write and it got in: the store cannot know of a grant no write has shown it yet. What fencing keeps is the order: nothing a newer holder wrote is overwritten.',
      },
      show: ['chart'],
    },
    {
      id: 'newer-lands',
      at: 'later',
      say: 'Then Client2 writes with 34.',
      ask: { kind: 'max-seen', why: '34 is higher than 33: accepted, and max_seen climbs to 34.' },
      show: ['chart'],
    },
    {
      id: 'then-dead',
      at: 'dead',
      say: 'Client1, still believing, writes once more with 33.',
      ask: {
        kind: 'write',
        why: 'Once 34 has landed, every write with 33 is refused for good. max_seen only ever climbs, so an old token can never get back in.',
      },
      show: ['chart'],
    },
  ],
};
