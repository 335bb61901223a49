// `partition`: the link between two parties is cut, both ways, until a `heal`.

import { defineAction } from './define';

export const partition = defineAction({
  type: 'partition',
  label: 'Cut the network between two parties',
  fields: [
    { name: 'a', kind: 'party', label: 'Between', prefer: 'client' },
    { name: 'b', kind: 'otherParty', otherThan: 'a', label: 'And', prefer: 'lock' },
  ],
  describe: (x) => `The network between ${x.a} and ${x.b} is cut`,
  noun: 'cut',
  run: (world, x) => {
    world.network.partition(x.a, x.b);
    world.engineStep(world.party(x.a), { kind: 'network.partitioned', parties: [x.b] });
  },
  carry: { by: 'link', ends: ['a', 'b'] },
  random: {
    among: 'faults',
    band: [87, 91],
    // A cut in a workload heals by itself.
    make: ({ atMs, pick, parties, rng }) => {
      const a = pick(parties);
      const b = pick(parties.filter((p) => p !== a));
      return [
        { atMs, type: 'partition', a, b },
        { atMs: atMs + rng.nextInt(100, 1500), type: 'heal', a, b },
      ];
    },
  },
});
