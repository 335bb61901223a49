// Whether the open scenario is a preset carried to another strategy and changed in nothing else,
// and the names the header gives it: the intro and the scenario picker say so in the same words.

import { findStrategy } from '../../engine';
import { useLab } from '../store/context';
import { carriedToOf } from '../store/code/presetOf';

/** A strategy's name as the lab shows it ("etcd lock + revision"); the id where it has none. */
export const strategyName = (id: string): string => findStrategy(id)?.name ?? id;

/**
 * The strategy the open preset was carried to, or null (not a preset, its own strategy, or changed
 * in more than that). Compared once per scenario (carriedToOf), not on every change of the cursor.
 */
export const useCarriedTo = (): string | null => useLab(carriedToOf);
