// Redlock's model: five independent Redis masters (SET NX PX, compare-and-delete) and the
// Redlock client's majority rounds, as XState machines; the parties are those
// ../strategies/redlock.ts lists.

import type { Model } from '../strategies/types';
import { MASTERS, REDLOCK_ROUND_TIMEOUT_MS, redlock } from '../strategies/redlock';
import { REDLOCK_RETRY_DEFAULT } from '../strategies/retry';
import { storesAndMailer, writerFields } from '../strategies/systemParties';
import { fromMachine } from '../machines/fromMachine';
import { redisMasterMachine } from '../machines/redlock/master';
import { redlockClientMachine } from '../machines/redlock/client';
import { retryPolicyOf, stopPolicyOf } from '../core/defaults';
import { erase, withLogic } from './logic';
import { sharedLogic } from './generic';

export const model: Model = (knobs, clients) => {
  const { resources, mailer } = storesAndMailer(knobs);
  return withLogic(redlock.parties(knobs, clients), (info) => {
    if (MASTERS.includes(info.id))
      return {
        logic: erase(
          fromMachine(redisMasterMachine, undefined, ({ context: { key } }) => ({
            holder: key?.holder ?? null,
            value: key?.value ?? null,
            expiresAtMs: key?.expiresAtMs ?? null,
          })),
        ),
      };
    if (info.kind === 'client')
      return {
        logic: erase(
          fromMachine(
            redlockClientMachine,
            {
              self: info.id,
              masters: MASTERS,
              resources,
              mailer,
              ttlMs: knobs.leaseTtlMs,
              roundTimeoutMs: REDLOCK_ROUND_TIMEOUT_MS,
              retry: retryPolicyOf(knobs, REDLOCK_RETRY_DEFAULT),
              stopActing: stopPolicyOf(knobs, info.id),
            },
            ({ context: c }) => ({ value: c.value, okMasters: c.yes.join(', '), ...writerFields(c) }),
          ),
        ),
      };
    return sharedLogic(info, knobs);
  });
};
