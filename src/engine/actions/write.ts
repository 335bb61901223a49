// `write`: a client writes a value to every store with its token, if it believes it holds the
// lock; while it waits for a grant the write is queued.

import { defineAction } from './define';

export const write = defineAction({
  type: 'write',
  label: 'Make a client write now',
  fields: [
    { name: 'client', kind: 'client', label: 'Client' },
    // An edit changes when and who, not what: the value stays as written.
    { name: 'value', kind: 'text', label: 'Value', initial: 'Z', editable: false },
  ],
  describe: (a) => `${a.client} writes ${a.value}`,
  noun: 'write',
  run: (world, a) => world.dispatch(world.party(a.client), { type: 'cmd.write', value: a.value }),
  carry: { by: 'kept' },
  random: {
    among: 'commands',
    band: [3, 8],
    make: ({ atMs, client, index }) => [{ atMs, type: 'write', client, value: `v${index}` }],
  },
});
