// `heal`: the link between two parties works again, both ways.

import { defineAction } from './define';

export const heal = defineAction({
  type: 'heal',
  label: 'Heal the network between two parties',
  fields: [
    { name: 'a', kind: 'party', label: 'Between', prefer: 'client' },
    { name: 'b', kind: 'otherParty', otherThan: 'a', label: 'And', prefer: 'lock' },
  ],
  describe: (x) => `The network between ${x.a} and ${x.b} is healed`,
  noun: 'heal',
  run: (world, x) => {
    world.network.heal(x.a, x.b);
    world.engineStep(world.party(x.a), { kind: 'network.healed', parties: [x.b] });
  },
  carry: { by: 'link', ends: ['a', 'b'] },
});
