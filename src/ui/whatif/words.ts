// The what-if form's words: each fault, when Client1 stops, each time's label and hint, and what to
// expect of a fault, in plain words for a class that has never heard of fencing. Defined once here
// and read by the fields (./fields.tsx) and the story (./parts.tsx).

import { EXAMPLE_WHAT_IF, type WhatIfFault, type WhatIfStop } from '../../engine';

/** What goes wrong, and its length's label. */
export const FAULT_WORDS: Record<WhatIfFault, { choice: string; howLong: string }> = {
  // Short enough to read whole in the picker on a phone (about 36 characters).
  pause: { choice: 'Client1 freezes (a GC pause)', howLong: 'How long Client1 freezes' },
  'slow-network': { choice: 'Client1’s write is slow to arrive', howLong: 'How long the write is held up' },
  'client-clock-jump': { choice: 'Client1’s clock jumps', howLong: 'How far Client1’s clock jumps' },
  'server-clock-jump': { choice: 'The lock server’s clock jumps', howLong: 'How far its clock jumps' },
  partition: { choice: 'Client1 can’t reach the lock server', howLong: 'How long Client1 is cut off' },
};

/**
 * When Client2 asks, by default, for each fault: after Client1's own lease would have run out
 * (EXAMPLE_WHAT_IF: 11 s with a 10 s lease), except for a jump of the lock server's clock, which
 * does harm only to a grant still running: Client2 then asks at 2 s, while Client1 still believes.
 */
export const CLIENT2_ASKS_AT_MS: Record<WhatIfFault, number> = {
  pause: EXAMPLE_WHAT_IF.client2AsksAtMs,
  'slow-network': EXAMPLE_WHAT_IF.client2AsksAtMs,
  'client-clock-jump': EXAMPLE_WHAT_IF.client2AsksAtMs,
  'server-clock-jump': 2_000,
  partition: EXAMPLE_WHAT_IF.client2AsksAtMs,
};

/** Whether the lock library renews the lease by default for a fault: for a cut, so that the cut
 * is what stops the renewals (the engine's default, WhatIfParams.keepalive). */
export const KEEPALIVE_BY_DEFAULT = (fault: WhatIfFault): boolean => fault === 'partition';

/** What to expect of a fault, where the story needs it said; a clock's by the way it jumps. */
const FAULT_NOTES: Partial<Record<WhatIfFault | 'client-clock-back' | 'server-clock-back', string>> = {
  partition:
    ' Cut off from the lock server, Client1 writes again only if it still believes it holds the lock: pick “Never” for when it stops to see a client whose library never tells it.',
  'client-clock-jump':
    ' A client whose clock jumps ahead thinks its lease ends sooner than it does, and stops early: the safe direction. Expect no stale write to get in, under any design. A negative number jumps it back: the dangerous direction.',
  'client-clock-back':
    ' A client whose clock jumps back counts its lease out for that much longer where it times the lease by its wall clock (a plain lease, generic fencing, Redlock): it writes after the lock server has given the lock to Client2, and only a check at the store stops it. Under ZooKeeper, etcd and Chubby, Client1 keeps its session as before.',
  'server-clock-jump':
    ' A lock server that times leases by its wall clock (a plain lease, Redis) then thinks Client1’s lease is over long before Client1 does, and gives the lock to Client2 while Client1 still believes it holds it. ZooKeeper and etcd time leases on a clock that does not jump, and keep Client1’s. Client2 asks at 2 s by default, before Client1’s own count runs out.',
  'server-clock-back':
    ' A lock server that times leases by its wall clock (a plain lease, generic fencing, Redis) keeps Client1’s lease that much longer when the clock jumps back: the safe direction, at the cost of a lock nobody can take meanwhile. Under ZooKeeper, etcd and Chubby nothing changes.',
};

/** The story's note for the fault, and for a clock, the way it jumps (a negative number is back). */
export const noteFor = (fault: WhatIfFault, faultMs: number | null): string => {
  const back = faultMs !== null && faultMs < 0;
  if (back && fault === 'client-clock-jump') return FAULT_NOTES['client-clock-back']!;
  if (back && fault === 'server-clock-jump') return FAULT_NOTES['server-clock-back']!;
  return FAULT_NOTES[fault] ?? '';
};

/** When Client1's application stops acting (shared/domain.md, "When the application stops acting"). */
export const STOP_WORDS: Record<WhatIfStop, string> = {
  told: 'When its lock library tells it',
  never: 'Never: nothing tells it (a Redis watchdog)',
  'own-deadline': 'At its own deadline before the lease ends',
};

export const TIMES = ['faultMs', 'leaseTtlMs', 'client2AsksAtMs'] as const;
export type Time = (typeof TIMES)[number];

export const LABELS: Record<Exclude<Time, 'faultMs'>, string> = {
  leaseTtlMs: 'How long a lease lasts',
  client2AsksAtMs: 'When Client2 asks for the lock',
};
export const HINTS: Partial<Record<Time, string>> = {
  leaseTtlMs: 'How long the lock server lets a client keep the lock before it may give it to another.',
  client2AsksAtMs: 'Counted from the start of the run.',
};
