// The named actions every machine shares. They do nothing when XState "runs" them: the engine
// drives machines with the pure transition() and reads these actions back as effect data
// (machines/fromMachine.ts), so sending, self-events, notes and timers all happen in the scheduler.
// Invariant: an effect's shape is written here once; every machine enqueues these objects.

import type { Env, Message, Note } from '../core/party';

export const effectActions = {
  send: (_: unknown, _params: { to: string; msg: Message }) => {},
  self: (_: unknown, _params: { event: Message }) => {},
  note: (_: unknown, _params: Note) => {},
};

/** The named actions above as objects, to enqueue inside a machine's enqueueActions(). */
export type EffectAction =
  | { type: 'send'; params: { to: string; msg: Message } }
  | { type: 'self'; params: { event: Message } }
  | { type: 'note'; params: Note };

export const effect = {
  send: (to: string, msg: Message): EffectAction => ({ type: 'send', params: { to, msg } }),
  self: (event: Message): EffectAction => ({ type: 'self', params: { event } }),
  note: (note: Note): EffectAction => ({ type: 'note', params: note }),
};

/**
 * What the shared helpers (machines/common/) need of enqueueActions()' `enqueue`, for a machine
 * whose context has the fields `C`: the effects above, a patch of those fields, and a cancel.
 * Each machine's own `enqueue` is one of these for every `C` its context extends.
 */
export interface Enqueue<C> {
  (action: EffectAction): void;
  assign(patch: Partial<C>): void;
  cancel(timer: string): void;
}

/**
 * The argument of an enqueueActions() body of the setup `S`. A named action that takes params is
 * written with XState's plain `enqueueActions` and this annotation: XState cannot infer an
 * action's params while it infers the setup the action extends, but it can check the body.
 */
export type EnqueueArgs<S extends { enqueueActions: (collect: never) => unknown }> = Parameters<
  Parameters<S['enqueueActions']>[0]
>[0];

/** An event without what the scheduler stamps on it when it delivers it. */
type Unstamped<E> = E extends unknown ? Omit<E, 'env' | 'from'> : never;

/**
 * A timer's event, as a machine raises it with a delay. The scheduler stamps `env` on every event
 * when it delivers it (simulate.ts), a timer's when it fires; XState types the raised event as the
 * event the machine will receive, stamp included, so this is the one place that says the stamp
 * comes later.
 */
export function timerEvent<E extends { type: string; env: Env }>(event: Unstamped<E>): E {
  return event as E;
}
