// `acquire`: a client asks for the lock (a generic client asks again every lease until answered).

import { defineAction } from './define';

export const acquire = defineAction({
  type: 'acquire',
  label: 'Make a client acquire the lock',
  fields: [{ name: 'client', kind: 'client', label: 'Client' }],
  describe: (a) => `${a.client} asks for the lock`,
  noun: 'acquire',
  run: (world, a) => world.dispatch(world.party(a.client), { type: 'cmd.acquire' }),
  carry: { by: 'kept' },
  random: { among: 'commands', band: [0, 3], make: ({ atMs, client }) => [{ atMs, type: 'acquire', client }] },
});
