// Helpers shared by the plain-function reference parties (see plainParties.ts for why they exist).

import type { Effect, Message, PartyEvent, PartyLogic } from '../core/party';

export interface Plain<C> {
  value: string;
  context: C;
}

export type Out<C> = { state: Plain<C>; effects: Effect[] };

export const LEASE_TIMER = 'lease.timeout';
export const BELIEF_TIMER = 'lease.belief';
export const RETRY_TIMER = 'lock.retry';
export const RENEW_TIMER = 'lock.renewTimer';
export const LOCK_DELAY_TIMER = 'lock.delayTimer';
export const send = (to: string, msg: Message): Effect => ({ type: 'send', to, msg });
export const note = (n: Extract<Effect, { type: 'note' }>['note']): Effect => ({ type: 'note', note: n });

export function plain<C>(
  initial: C,
  value: string,
  step: (s: Plain<C>, e: PartyEvent) => Out<C> | null,
  fields: (c: C) => ReturnType<PartyLogic['view']>['fields'],
): PartyLogic<Plain<C>> {
  return {
    init: () => ({ state: { value, context: initial }, effects: [] }),
    // An event a state does not handle changes nothing, as in XState.
    step: (s, e) => step(s, e) ?? { state: s, effects: [] },
    view: (s) => ({ state: s.value, fields: fields(s.context) }),
  };
}
