// `delay`: the next message from one party to another takes extraMs longer.

import { defineAction } from './define';

export const delay = defineAction({
  type: 'delay',
  label: 'Delay the next message',
  fields: [
    { name: 'from', kind: 'party', label: 'From', prefer: 'client' },
    { name: 'to', kind: 'otherParty', otherThan: 'from', label: 'To', prefer: 'resource' },
    { name: 'extraMs', kind: 'ms', label: 'Extra delay (ms)', initial: '1500' },
  ],
  describe: (a) => `The next message from ${a.from} to ${a.to} is held up ${a.extraMs} ms`,
  noun: 'delay',
  run: (world, a) => {
    world.network.delayNext(a.from, a.to, a.extraMs);
    world.engineStep(world.party(a.from), {
      kind: 'network.delayArmed',
      parties: [a.to],
      detail: { extraMs: a.extraMs },
    });
  },
  carry: { by: 'link', ends: ['from', 'to'] },
  random: {
    among: 'faults',
    band: [91, 95],
    make: ({ atMs, client, store, rng }) => [
      { atMs, type: 'delay', from: client, to: store, extraMs: rng.nextInt(100, 3000) },
    ],
  },
});
