// What the lab says about Chubby's lock and sequencer (../chubby.ts defines it): apart from the definition, so a page
// that never shows these sentences (the embed) never loads them.

import type { StrategyAbout } from '../types';

export const chubbyAbout: StrategyAbout = {
  summary:
    "Each time the lock goes from free to held its generation number grows, and the holder's sequencer names the lock, the mode and that generation; a server that compares the generation with the newest it has seen refuses a zombie. For servers that do not check, Chubby holds a failed holder's lock free for a lock-delay, which helps only if the zombie's request lands before the delay ends.",
  timers:
    "The client's local lease runs on a monotonic clock; the master's session leases and the lock-delay run on the master's wall clock here (the paper does not say which clock it uses), so a clock step on the master can end a session early.",
  simplification:
    "The client sends only the sequencer's generation number and the server compares numbers (the paper's check against the most recent sequencer seen); asking the cell whether a sequencer is still valid (CheckSequencer, or the server's Chubby cache) is not modelled, the cell is one master (a crash and restart is a fail-over that gives every session a fresh lease), the lock-delay is as long as the session lease unless set on its own, a session in jeopardy is treated as lost unless the application is never told (no grace period), and opening the session rides on the first Acquire.",
  caveat:
    "A server that does not check sequencers has only the lock-delay, which rejects nothing: a zombie's request does harm if it lands after the lock-delay, once the next holder has the lock.",
  sourceWords: {
    'durable-counter': {
      label: "The lock's generation number (sequencer)",
      explain: 'It grows each time the lock goes from free to held; a sequencer carries it to the server.',
    },
  },
  keptAlive:
    "A Chubby client's KeepAlives extend its session, so a holder that is neither frozen nor cut off keeps its session, and the lock, until it lets go: rows whose leases are not renewed lose the lock at the lease's end instead.",
  recordedOn: null,
  sources: [
    {
      title: 'Burrows, “The Chubby lock service for loosely-coupled distributed systems”, OSDI 2006, §§2.3–2.9',
      url: 'https://research.google/pubs/the-chubby-lock-service-for-loosely-coupled-distributed-systems/',
    },
  ],
};
