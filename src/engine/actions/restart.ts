// `restart`: a crashed server comes back up; its logic decides what it kept.

import { defineAction } from './define';
import { restartParty } from './world';

export const restart = defineAction({
  type: 'restart',
  label: 'Restart a server',
  fields: [{ name: 'party', kind: 'server', label: 'Server' }],
  describe: (a) => `${a.party} restarts`,
  noun: 'restart',
  run: (world, a) => restartParty(world, world.party(a.party)),
  carry: { by: 'party', field: 'party' },
  noEffect: ({ party }, { snapshots }) => {
    const view = snapshots[party];
    return view && !view.down
      ? `${party} is up at this step, so restarting it would change nothing. Crash it first: a crash can carry its own restart time.`
      : null;
  },
});
