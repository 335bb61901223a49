// The generic strategies' model (fencing token, plain lease): the lock service, client, store and
// mailer machines, with the inputs and card fields of ../strategies/parties.ts. The real systems'
// models reuse its store and mailer.

import type { Knobs } from '../core/scenario';
import type { PartyInfo } from '../core/trace';
import type { PartyBuilder } from '../strategies/types';
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
import { MAILER, STORAGE, STORAGE2 } from '../core/parties';
import { erase, withLogic, type PartyModel } from './logic';

/** A store's logic: `Storage` checks tokens with the knob's check, `Storage2` checks nothing. */
export function storeModel(id: string, knobs: Knobs): PartyModel {
  const checks = id !== STORAGE2;
  return {
    logic: erase(fromMachine(resourceMachine, resourceInput(knobs, checks), ({ context }) => resourceFields(context))),
  };
}

export function mailerModel(): PartyModel {
  return { logic: erase(fromMachine(mailerMachine, undefined, ({ context }) => mailerFields(context))) };
}

/** The logic of the parties every strategy may have besides its own: the stores and the mailer. */
export function sharedModel(info: PartyInfo, knobs: Knobs): PartyModel | undefined {
  if (info.id === STORAGE || info.id === STORAGE2) return storeModel(info.id, knobs);
  if (info.id === MAILER) return mailerModel();
  return undefined;
}

/** The generic strategies' parties with their machines (genericParties() lists them). */
export const buildGeneric: PartyBuilder = (knobs, clients) =>
  withLogic(genericParties(knobs, clients), (info) => {
    if (info.kind === 'lock')
      return {
        logic: erase(
          fromMachine(lockServiceMachine, lockServiceInput(knobs), ({ context }) => lockServiceFields(context)),
        ),
      };
    if (info.kind === 'client')
      return {
        logic: erase(fromMachine(clientMachine, clientInput(knobs, info.id), ({ context }) => clientFields(context))),
      };
    return sharedModel(info, knobs);
  });
