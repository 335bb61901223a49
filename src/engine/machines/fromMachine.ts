// Adapts an XState v5 machine to PartyLogic using only the pure initialTransition/transition
// functions: XState computes the next snapshot and the actions; the scheduler runs them.
// Invariant: nothing here executes an action; named actions become Effect data, and `after`
// delays (xstate.raise with a delay) become timers the scheduler arms on the party's own clock.

import {
  createActor,
  initialTransition,
  type ActorScope,
  type AnyStateMachine,
  type EventFromLogic,
  type InputFrom,
  type SnapshotFrom,
} from 'xstate';
import type { FieldValue } from '../core/trace';
import { stateName } from './assertEvent';
import type { Effect, Message, Note, PartyEvent, PartyLogic } from '../core/party';

interface ActionLike {
  type: string;
  params?: unknown;
}

function toEffects(actions: readonly ActionLike[]): Effect[] {
  const effects: Effect[] = [];
  for (const action of actions) {
    const params = (action.params ?? {}) as Record<string, unknown>;
    switch (action.type) {
      case 'send':
        effects.push({ type: 'send', to: params.to as string, msg: params.msg as Message });
        break;
      case 'self':
        effects.push({ type: 'self', event: params.event as Message });
        break;
      case 'note':
        effects.push({ type: 'note', note: params as unknown as Note });
        break;
      case 'xstate.raise':
        if (typeof params.delay === 'number') {
          effects.push({
            type: 'arm',
            id: params.id as string,
            delayMs: params.delay,
            event: params.event as Message,
          });
        }
        break;
      case 'xstate.cancel':
        effects.push({ type: 'cancel', id: params.sendId as string });
        break;
      default:
        // assign and other built-ins are already applied to the snapshot.
        break;
    }
  }
  return effects;
}

/** Wraps a machine whose snapshot value is a flat state name (or one level of nesting). */
export function fromMachine<M extends AnyStateMachine>(
  machine: M,
  input: InputFrom<M>,
  view: (snapshot: SnapshotFrom<M>) => Record<string, FieldValue>,
): PartyLogic<SnapshotFrom<M>> {
  // xstate's own transition() builds a throwaway actor (and the machine's initial state) on every
  // call, which was over half of the engine's time. One scope per party, made once, does the same
  // work: the machine still only computes; its actions are collected here, never executed. It is
  // made on the party's first step, not here: building the actor computes the machine's initial
  // state, which a caller that builds the parties but never steps them never needs.
  let collected: ActionLike[] = [];
  let scope: ActorScope<SnapshotFrom<M>, EventFromLogic<M>> | null = null;
  const scopeOf = (): ActorScope<SnapshotFrom<M>, EventFromLogic<M>> => {
    if (scope) return scope;
    const self = createActor(machine, { input } as never);
    scope = {
      self,
      id: '',
      sessionId: '',
      system: self.system,
      defer: () => {},
      logger: () => {},
      emit: () => {},
      stopChild: () => {},
      actionExecutor: (action: ActionLike) => {
        collected.push(action);
      },
    } as unknown as ActorScope<SnapshotFrom<M>, EventFromLogic<M>>;
    return scope;
  };
  return {
    init() {
      const [snapshot, actions] = initialTransition(machine, input);
      return { state: snapshot, effects: toEffects(actions as ActionLike[]) };
    },
    step(snapshot, event: PartyEvent) {
      // The scheduler hands a party only the messages sent to it and the timers it armed, which its
      // machine's event type lists; what is not in the chart is the machine's to refuse.
      collected = [];
      const next = machine.transition(snapshot, event as EventFromLogic<M>, scopeOf()) as SnapshotFrom<M>;
      return { state: next, effects: toEffects(collected) };
    },
    view(snapshot) {
      return { state: stateName((snapshot as { value: unknown }).value), fields: view(snapshot) };
    },
  };
}
