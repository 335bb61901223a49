// `resume`: ends a client's pause; it handles what waited, in order, with what it believed.

import { defineAction } from './define';
import { resumeParty } from './world';

export const resume = defineAction({
  type: 'resume',
  label: 'Resume a client',
  fields: [{ name: 'client', kind: 'client', label: 'Client' }],
  describe: (a) => `${a.client} resumes`,
  noun: 'resume',
  run: (world, a) => resumeParty(world, world.party(a.client)),
  carry: { by: 'kept' },
  noEffect: ({ client }, { snapshots }) => {
    const view = snapshots[client];
    return view && !view.paused ? `${client} is not paused at this step, so resuming it would change nothing.` : null;
  },
});
