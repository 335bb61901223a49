// `crash`: a server (not a client) stops: messages to it are lost, its timers are cancelled, and
// what it kept in memory is gone when it restarts, by itself after restartAfterMs or on a `restart`.

import { defineAction } from './define';

export const crash = defineAction({
  type: 'crash',
  label: 'Crash a server (lock service or store)',
  fields: [
    { name: 'party', kind: 'server', label: 'Server' },
    { name: 'restartAfterMs', kind: 'optionalMs', label: 'Restart after (ms, empty = stays down)', initial: '' },
  ],
  describe: (a) => `${a.party} crashes${a.restartAfterMs ? `, restarting after ${a.restartAfterMs} ms` : ''}`,
  noun: 'crash',
  run: (world, a) => {
    const party = world.party(a.party);
    if (party.down) return;
    party.down = true;
    party.timers.clear();
    world.process(party, { type: 'node.crash' });
    if (a.restartAfterMs) world.queue.push(world.nowMs + a.restartAfterMs, { type: 'restart', party: a.party });
  },
  lastsMs: (a) => a.restartAfterMs ?? 0,
  carry: { by: 'party', field: 'party' },
  noEffect: ({ party }, { snapshots }) =>
    snapshots[party]?.down ? `${party} is already down at this step: crashing it again would change nothing.` : null,
  random: {
    among: 'faults',
    band: [95, 97],
    make: ({ atMs, pick, servers, rng }) => [
      { atMs, type: 'crash', party: pick(servers), restartAfterMs: rng.nextInt(50, 800) },
    ],
  },
});
