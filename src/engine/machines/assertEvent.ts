// Asserts what the chart already promises: XState routes each event to the actions of its own
// transitions, so an action reached by any other event, or a message that arrives without its
// sender, is a bug in the machine, never a case to handle quietly. (XState's own assertEvent
// names only the event; ours names the machine and the state too, which is what a trace needs.)
// Invariant: an action runs only for the events its transitions name; anything else throws.

import type { AnyActorRef, EventObject } from 'xstate';

/** A snapshot's state as one name: `holding`, or `serving.waiting` for a nested state. */
export function stateName(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const [key, inner] = Object.entries(value as Record<string, unknown>)[0] ?? ['?', null];
    return inner ? `${key}.${stateName(inner)}` : key;
  }
  return String(value);
}

/** The machine and the state an event arrived in, from the actor XState hands every action. */
function whereIs(self: AnyActorRef): string {
  const snapshot = self.getSnapshot() as { value?: unknown; machine?: { id?: string } } | undefined;
  return `machine '${snapshot?.machine?.id ?? self.id}' in state '${stateName(snapshot?.value)}'`;
}

/** Throws unless `event` is one of `types`: an action reached by an event its transitions do not name. */
export function assertEvent<E extends EventObject, T extends E['type']>(
  self: AnyActorRef,
  event: E,
  types: T | readonly T[],
): asserts event is Extract<E, { type: T }> {
  const expected: readonly string[] = typeof types === 'string' ? [types] : types;
  if (!expected.includes(event.type)) {
    throw new Error(
      `Unexpected event '${event.type}' for ${whereIs(self)}: this action handles only ${expected.map((t) => `'${t}'`).join(', ')}`,
    );
  }
}

/** As assertEvent, and the message names its sender: every message is stamped with `from`. */
export function assertMessage<E extends EventObject & { from?: string }, T extends E['type']>(
  self: AnyActorRef,
  event: E,
  types: T | readonly T[],
): asserts event is Extract<E, { type: T }> & { from: string } {
  assertEvent(self, event, types);
  if (typeof event.from !== 'string') {
    throw new Error(`Message '${event.type}' without a sender (from) for ${whereIs(self)}`);
  }
}
