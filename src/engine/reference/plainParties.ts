// The generic strategies' parties written as plain reducer functions, without XState. They exist
// to measure what XState costs (npm run bench) and as a second, independent statement of the
// protocol: a differential test requires both to produce the same trace on random workloads.
// Invariant: for every event, the same state change and the same effects, in the same order, as
// the machines in ../machines (effect order matters: it decides message ids and tie-breaks).

import type { PartyLogic } from '../core/party';
import type { Model, Models } from '../strategies/types';
import { partyInfo } from '../strategies/parties';
import { STORAGE, STORAGE2 } from '../core/parties';
import { lockService } from './plainLockService';
import { client } from './plainClient';
import { mailer, resource } from './plainStores';

const erase = <S>(logic: PartyLogic<S>): PartyLogic<unknown> => logic as PartyLogic<unknown>;

/** The same parties as models/generic.ts's model, built from plain reducers. */
const plainGenericModel: Model = (knobs, clients) => [
  { info: partyInfo.lockService(), logic: erase(lockService(knobs)) },
  ...clients.map((id) => ({ info: partyInfo.client(id), logic: erase(client(knobs, id)) })),
  { info: partyInfo.resource(STORAGE, true, knobs.blobStore ?? null), logic: erase(resource(knobs, true)) },
  ...(knobs.secondResource === 'unchecked'
    ? [{ info: partyInfo.resource(STORAGE2, false), logic: erase(resource(knobs, false)) }]
    : []),
  ...(knobs.sideEffect === 'email' ? [{ info: partyInfo.mailer(), logic: erase(mailer()) }] : []),
];

/** The generic strategies' models as plain reducers: give them to a simulator to run those. */
export const PLAIN_MODELS: Models = { fencing: plainGenericModel, 'lease-trust': plainGenericModel };
