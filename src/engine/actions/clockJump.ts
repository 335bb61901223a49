// `clockJump`: a party's clock steps forward or back. A party that times on a monotonic clock (a
// real server's leases) does not see the step in its timers; one that times on its wall clock
// finds every pending timer moved.

import { defineAction } from './define';
import { rearmTimers } from './world';

export const clockJump = defineAction({
  type: 'clockJump',
  label: "Jump a party's clock",
  fields: [
    { name: 'party', kind: 'party', label: 'Party' },
    { name: 'deltaMs', kind: 'signedMs', label: 'By (ms, negative = back)', initial: '-2000' },
  ],
  describe: (a) => `${a.party}'s clock jumps ${a.deltaMs >= 0 ? 'forward' : 'back'} ${Math.abs(a.deltaMs)} ms`,
  noun: 'clock jump',
  run: (world, a) => {
    const party = world.party(a.party);
    party.clock.jump(a.deltaMs);
    if (party.timerClock === 'wall') rearmTimers(world, party);
    const monotonic = party.timerClock === 'monotonic' ? { timerClock: 'monotonic' } : {};
    world.engineStep(party, { kind: 'clock.jumped', detail: { deltaMs: a.deltaMs, ...monotonic } });
  },
  carry: { by: 'party', field: 'party' },
  random: {
    among: 'faults',
    band: [97, 100],
    make: ({ atMs, pick, parties, rng }) => [
      { atMs, type: 'clockJump', party: pick(parties), deltaMs: rng.nextInt(-1500, 1500) },
    ],
  },
});
