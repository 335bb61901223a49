// What every model shares: the erasure of a party's state type, and the pairing of a strategy's
// party list with each party's logic. Invariant: a model builds exactly the parties its strategy's
// `parties()` lists, in that order, so validation (which reads only the list) and a run agree.

import type { PartyLogic } from '../core/party';
import type { PartyInfo } from '../core/trace';
import type { PartySpec } from '../strategies/types';

export const erase = <S>(logic: PartyLogic<S>): PartyLogic<unknown> => logic as PartyLogic<unknown>;

/** What a model adds to one party of its strategy's list. */
export type PartyLogicSpec = Omit<PartySpec, 'info'>;

/**
 * The specs of `infos`, each with the logic `logicOf` gives it.
 * @throws Error when `logicOf` has nothing for a party (a model that lags behind its strategy's list)
 */
export function withLogic(infos: PartyInfo[], logicOf: (info: PartyInfo) => PartyLogicSpec | undefined): PartySpec[] {
  return infos.map((info) => {
    const built = logicOf(info);
    if (!built) throw new Error(`the model has no logic for the party "${info.id}"`);
    return { info, ...built };
  });
}
