// The named actions every machine shares. They do nothing when XState "runs" them: the engine
// drives machines with the pure transition() and reads these actions back as effect data
// (sim/fromMachine.ts), so sending, self-events and notes all happen in the scheduler.

import type { Message, Note } from '../core/party';

export const effectActions = {
  send: (_: unknown, _params: { to: string; msg: Message }) => {},
  self: (_: unknown, _params: { event: Message }) => {},
  note: (_: unknown, _params: Note) => {},
};

/**
 * The same actions as objects to enqueue inside enqueueActions(). XState cannot type a named
 * action referenced from another action of the same setup, so these return `never` on purpose:
 * the shapes are checked here, once, instead of at every call.
 */
export const effect = {
  send: (to: string, msg: Message): never => ({ type: 'send', params: { to, msg } }) as never,
  self: (event: Message): never => ({ type: 'self', params: { event } }) as never,
  note: (note: Note): never => ({ type: 'note', params: note }) as never,
};

/**
 * What enqueueActions() hands an action, as far as the shared helpers (machines/common/) need it.
 * Each machine's setup types its own enqueue; the patches and effects the helpers build are
 * checked against their own field types and the effect helpers above instead.
 */
export interface Enqueue {
  (action: never): void;
  assign(patch: never): void;
  cancel(timer: string): void;
}
