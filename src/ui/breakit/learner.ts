// The learner's part of Break it: the faults a user added themselves, as the search's kinds, so
// the lab can search the same design for its shortest break and show it beside theirs.

import type { Action, PartyInfo, Scenario } from '../../engine';
import type { FaultKind, SearchInput } from '../../engine/surfaces/search';
import { MAX_FAULTS } from './design';

/** The search's kind of fault for `action`, or null for an action that is no fault (a write). */
function kindOf(action: Action, partyKind: (id: string) => PartyInfo['kind'] | undefined): FaultKind | null {
  switch (action.type) {
    case 'pause':
      return 'pause';
    case 'partition':
      return 'partition';
    case 'delay':
      return 'delay';
    case 'clockJump':
      return partyKind(action.party) === 'client' ? 'clock-jump-client' : 'clock-jump-server';
    case 'crash':
      return partyKind(action.party) === 'resource' ? 'store-crash' : 'lock-crash';
    default:
      return null;
  }
}

/**
 * The user's own faults in `scenario` (the actions after its own `ownActionCount`), as the
 * search's kinds (each once, in first-use order) and their count; `parties` tells a client's
 * clock from the lock service's and a store's crash from the lock service's.
 */
export function userFaults(
  scenario: Scenario,
  ownActionCount: number,
  parties: readonly PartyInfo[],
): { kinds: FaultKind[]; count: number } {
  const partyKind = (id: string) => parties.find((p) => p.id === id)?.kind;
  const kinds: FaultKind[] = [];
  let count = 0;
  for (const action of scenario.actions.slice(ownActionCount)) {
    const kind = kindOf(action, partyKind);
    if (!kind) continue;
    count += 1;
    if (!kinds.includes(kind)) kinds.push(kind);
  }
  return { kinds, count };
}

/** The search for the shortest break of the run's design with the kinds of fault the user used,
 * up to as many faults as they used (1 to 3); null when they added no fault. */
export function learnerSearch(
  scenario: Scenario,
  ownActionCount: number,
  parties: readonly PartyInfo[],
): SearchInput | null {
  const { kinds, count } = userFaults(scenario, ownActionCount, parties);
  if (count === 0) return null;
  const maxFaults = Math.min(MAX_FAULTS.max, Math.max(MAX_FAULTS.min, count));
  return { scenario, faults: kinds, maxFaults };
}
