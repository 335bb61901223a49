// Chubby's sequencer: each time the lock goes from free to held its generation number grows, the
// holder gets a sequencer (lock name, mode, generation), and a server checks it against the most
// recent sequencer it has seen. Lock-delay protects servers that do not check, imperfectly.
// Invariant: generations strictly increase, so a checking server refuses a zombie.

import type { Knobs } from '../core/scenario';
import type { PartyInfo } from '../core/trace';
import type { StrategyDef } from './types';
import { storesAndMailer } from './systemParties';

export const CHUBBY = 'Chubby';
export const LOCK_NAME = '/ls/cell/res';

function parties(knobs: Knobs, clients: string[]): PartyInfo[] {
  return [
    { id: CHUBBY, kind: 'lock', label: 'Chubby cell' },
    ...clients.map((id): PartyInfo => ({ id, kind: 'client', label: id })),
    ...storesAndMailer(knobs).parties,
  ];
}

export const chubby: StrategyDef = {
  id: 'chubby',
  name: 'Chubby lock + sequencer',
  defaults: { tokenSource: 'durable-counter', check: 'token-seq' },
  choices: { tokenSource: ['durable-counter'], check: ['reject-le', 'reject-lt', 'token-seq', 'none'] },
  lockAuthority: CHUBBY,
  leaseKnob: 'Session lease (ms)',
  lockDelay: 'lease',
  parties,
};
