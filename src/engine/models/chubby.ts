// Chubby's model: the cell's master (sessions, the lock's generation number, lock-delay) and its
// clients with their local leases, as XState machines; the parties are those ../strategies/chubby.ts
// lists.

import type { Model } from '../strategies/types';
import { CHUBBY, LOCK_NAME, chubby } from '../strategies/chubby';
import { storesAndMailer, writerFields } from '../strategies/systemParties';
import { fromMachine } from '../machines/fromMachine';
import { chubbyMachine, sequencerOf } from '../machines/chubby/server';
import { chubbyClientMachine } from '../machines/chubby/client';
import { lockDelayMsOf, stopPolicyOf } from '../core/defaults';
import { erase, withLogic } from './logic';
import { sharedLogic } from './generic';

export const model: Model = (knobs, clients) => {
  const { resources, mailer } = storesAndMailer(knobs);
  const server = fromMachine(
    chubbyMachine,
    {
      firstToken: knobs.firstToken,
      leaseTtlMs: knobs.leaseTtlMs,
      lockDelayMs: lockDelayMsOf(knobs, 'lease'),
      lockName: LOCK_NAME,
    },
    ({ context: c }) => ({
      generation: c.generation,
      holder: c.holder,
      sequencer: c.holder ? sequencerOf(c.lockName, c.generation) : null,
      lockDelayUntilMs: c.lockDelayUntilMs,
      waiters: c.waiters.join(', '),
      sessions: Object.entries(c.sessions)
        .map(([client, until]) => `${client} until ${until}`)
        .join(', '),
    }),
  );
  return withLogic(chubby.parties(knobs, clients), (info) => {
    if (info.id === CHUBBY) return { logic: erase(server) };
    if (info.kind === 'client')
      return {
        timerClock: 'monotonic',
        logic: erase(
          fromMachine(
            chubbyClientMachine,
            {
              chubby: CHUBBY,
              resources,
              mailer,
              leaseTtlMs: knobs.leaseTtlMs,
              stopActing: stopPolicyOf(knobs, info.id),
            },
            ({ context: c }) => ({
              sequencer: c.sequencer,
              localLeaseUntilMs: c.localLeaseUntilMs,
              ...writerFields(c),
            }),
          ),
        ),
      };
    return sharedLogic(info, knobs);
  });
};
