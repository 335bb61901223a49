// The generic strategies' model (fencing token, plain lease; Redis with a watchdog reuses its
// machines under other names and defaults, ./redisWatchdog.ts): the lock service, client, store and
// mailer machines, with the inputs and card fields of ../strategies/parties.ts. The real systems'
// models reuse its store and mailer.

import type { Knobs } from '../core/scenario';
import type { PartyInfo } from '../core/trace';
import type { Model } from '../strategies/types';
import { fromMachine } from '../machines/fromMachine';
import { lockServiceMachine } from '../machines/lockService';
import { clientMachine } from '../machines/client';
import { resourceMachine } from '../machines/resource';
import { mailerMachine } from '../machines/mailer';
import {
  clientFields,
  clientInput,
  genericParties,
  lockServiceFields,
  lockServiceInput,
  mailerFields,
  resourceFields,
  resourceInput,
} from '../strategies/parties';
import { LOCK_SERVICE, MAILER, STORAGE, STORAGE2 } from '../core/parties';
import type { TimerClock } from '../kernel/clock';
import { erase, withLogic, type PartyLogicSpec } from './logic';

/** A store's logic: `Storage` checks tokens with the knob's check, `Storage2` checks nothing. */
function storeLogic(id: string, knobs: Knobs): PartyLogicSpec {
  const checks = id !== STORAGE2;
  return {
    logic: erase(fromMachine(resourceMachine, resourceInput(knobs, checks), ({ context }) => resourceFields(context))),
  };
}

function mailerLogic(): PartyLogicSpec {
  return { logic: erase(fromMachine(mailerMachine, undefined, ({ context }) => mailerFields(context))) };
}

/** The logic of the parties every strategy may have besides its own: the stores and the mailer. */
export function sharedLogic(info: PartyInfo, knobs: Knobs): PartyLogicSpec | undefined {
  if (info.id === STORAGE || info.id === STORAGE2) return storeLogic(info.id, knobs);
  if (info.id === MAILER) return mailerLogic();
  return undefined;
}

/** The generic machines for `infos`, their clients asking `lockService` (the lock party's id);
 * `clientClock` is the clock the clients time on. */
export function genericLogic(knobs: Knobs, infos: PartyInfo[], lockService: string, clientClock?: TimerClock) {
  return withLogic(infos, (info) => {
    if (info.kind === 'lock')
      return {
        logic: erase(
          fromMachine(lockServiceMachine, lockServiceInput(knobs), ({ context }) => lockServiceFields(context)),
        ),
      };
    if (info.kind === 'client')
      return {
        logic: erase(
          fromMachine(clientMachine, { ...clientInput(knobs, info.id), lockService }, ({ context }) =>
            clientFields(context),
          ),
        ),
        ...(clientClock ? { timerClock: clientClock } : {}),
      };
    return sharedLogic(info, knobs);
  });
}

/** The generic strategies' model: their parties with their machines (genericParties() lists them). */
export const model: Model = (knobs, clients) => genericLogic(knobs, genericParties(knobs, clients), LOCK_SERVICE);
