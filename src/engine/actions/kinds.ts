// Every kind of timed action, by its type: the one table the engine, the scenario format, the
// comparison's carry, random workloads and the lab's forms read a kind from. A kind is its own
// file (define.ts says what one holds); adding one is that file, its variant of the Action union
// (core/scenario.ts), its entry here, and the places docs/contributing.md lists, which
// kinds.test.ts and scripts/places.test.ts hold. Invariant: the table has a definition for every
// type of the union (typecheck fails otherwise), in the order the scenario format lists them.

import type { Action, ActionType, NewAction } from '../core/scenario';
import type { ActionKind, AtStep } from './define';
import type { ActionWorld } from './world';
import { acquire } from './acquire';
import { write } from './write';
import { release } from './release';
import { pause } from './pause';
import { resume } from './resume';
import { expireLease } from './expireLease';
import { crash } from './crash';
import { restart } from './restart';
import { partition } from './partition';
import { heal } from './heal';
import { delay } from './delay';
import { clockJump } from './clockJump';

type ActionKinds = { readonly [T in ActionType]: ActionKind<T> };

export const ACTION_KINDS: ActionKinds = {
  acquire,
  write,
  release,
  pause,
  resume,
  expireLease,
  crash,
  restart,
  partition,
  heal,
  delay,
  clockJump,
};

/** Every action type, in the scenario format's order. */
export const ACTION_TYPES = Object.keys(ACTION_KINDS) as ActionType[];

/** The definition of the kind `type`. */
export const kindOf = <T extends ActionType>(type: T): ActionKind<T> => ACTION_KINDS[type];

/**
 * Runs `action` on the run at `world.nowMs`: the scheduler's one way to perform a timed action.
 * @throws Error for a party the strategy does not have (an unvalidated scenario)
 */
export function runAction(world: ActionWorld, action: Action): void {
  kindOf(action.type).run(world, action);
}

/** `action` in a sentence ("Client2 pauses for 2000 ms"). */
export const describeAction = (action: NewAction): string => kindOf(action.type).describe(action);

/** How long `action` goes on after its atMs (ms): a pause's length, a crash's time down; else 0. */
export const actionLastsMs = (action: Action): number => kindOf(action.type).lastsMs?.(action) ?? 0;

/** Why adding `action` at the step `at` would change nothing (a sentence), or null. */
export const noEffectAt = (action: NewAction, at: AtStep): string | null =>
  kindOf(action.type).noEffect?.(action, at) ?? null;
