// `expireLease`: the lock service ends the current lease now (each member of a quorum, where the
// strategy has several).

import { grantsEpochs } from '../strategies/registry';
import { defineAction } from './define';

export const expireLease = defineAction({
  type: 'expireLease',
  label: 'Expire the lease now',
  fields: [],
  describe: () => 'The lock service expires the lease now',
  noun: 'forced expiry',
  run: (world) => {
    for (const id of world.lockAuthorities) world.dispatch(world.party(id), { type: 'lease.expireNow' });
  },
  carry: { by: 'kept' },
  noEffect: (_, { trace, snapshots }) => {
    // HDFS: the journal nodes promise epochs, and nothing times them out.
    if (grantsEpochs(trace.scenario.strategy))
      return 'This system keeps no lease: a writer holds its epoch until another is promised a newer one, so this would change nothing. To depose the writer, make another client acquire the lock.';
    // Every lock server, not the first: one Redlock master can have lost a lock that a majority
    // of the others still hold.
    const locks = trace.parties.filter((p) => p.kind === 'lock').map((p) => snapshots[p.id]?.fields);
    const idle =
      locks.length > 0 &&
      locks.every(
        (fields) => fields !== undefined && 'holder' in fields && (fields.holder === null || fields.holder === ''),
      );
    return idle
      ? 'No one holds the lock at this step, so there is no lease to expire: this would change nothing.'
      : null;
  },
});
