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
  summary:
    "Each time the lock goes from free to held its generation number grows, and the holder's sequencer names the lock, the mode and that generation; a server that compares the generation with the newest it has seen refuses a zombie. For servers that do not check, Chubby holds a failed holder's lock free for a lock-delay, which helps only if the zombie's request lands before the delay ends.",
  timers:
    "The client's local lease runs on a monotonic clock; the master's session leases and the lock-delay run on the master's wall clock here (the paper does not say which clock it uses), so a clock step on the master can end a session early.",
  simplification:
    "The client sends only the sequencer's generation number and the server compares numbers (the paper's check against the most recent sequencer seen); asking the cell whether a sequencer is still valid (CheckSequencer, or the server's Chubby cache) is not modelled, the cell is one master (a crash and restart is a fail-over that gives every session a fresh lease), the lock-delay is as long as the session lease unless set on its own, a session in jeopardy is treated as lost unless the application is never told (no grace period), and opening the session rides on the first Acquire.",
  caveat:
    "A server that does not check sequencers has only the lock-delay, which rejects nothing: a zombie's request does harm if it lands after the lock-delay, once the next holder has the lock.",
  defaults: { tokenSource: 'durable-counter', check: 'reject-le' },
  choices: { tokenSource: ['durable-counter'], check: ['reject-le', 'reject-lt', 'token-seq', 'none'] },
  lockAuthority: CHUBBY,
  leaseKnob: 'Session lease (ms)',
  lockDelay: 'lease',
  sourceWords: {
    'durable-counter': {
      label: "The lock's generation number (sequencer)",
      explain: 'It grows each time the lock goes from free to held; a sequencer carries it to the server.',
    },
  },
  parties,
};
