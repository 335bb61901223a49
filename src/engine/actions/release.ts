// `release`: a client releases the lock it believes it holds.

import { defineAction } from './define';

export const release = defineAction({
  type: 'release',
  label: 'Make a client release the lock',
  fields: [{ name: 'client', kind: 'client', label: 'Client' }],
  describe: (a) => `${a.client} releases the lock`,
  noun: 'release',
  run: (world, a) => world.dispatch(world.party(a.client), { type: 'cmd.release' }),
  carry: { by: 'kept' },
  random: { among: 'commands', band: [8, 10], make: ({ atMs, client }) => [{ atMs, type: 'release', client }] },
});
