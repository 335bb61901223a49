// Why the run on screen broke, when it is an answer of the search opened on the timeline: the
// rule and the chain of sentences, kept for that run only (the scenario, field for field), so a
// changed run loses them and undo back to it finds them again.

import { createStore } from 'zustand/vanilla';
import type { Scenario } from '../../engine';

/** The answer opened last: the scenario it opened as, its rule in words and its chain. */
export interface Why {
  scenario: Scenario;
  ruleWords: string;
  chain: readonly string[];
}

/** The page's one record of the answer opened last (null before any). */
export const WHY = createStore<{ why: Why | null; text: string; reveal: boolean }>()(() => ({
  why: null,
  text: '',
  reveal: false,
}));

/** Keeps `why` for its run, replacing the answer opened before; `reveal` asks the panel to
 * scroll itself (and the timeline under it) into view once. */
export function rememberWhy(why: Why): void {
  WHY.setState({ why, text: JSON.stringify(why.scenario), reveal: true });
}

/** The chain for `scenario` if it is the answer opened last (the same fields), else null. */
export function whyOf(scenario: Scenario, state: { why: Why | null; text: string }): Why | null {
  const { why, text } = state;
  if (!why) return null;
  return why.scenario === scenario || text === JSON.stringify(scenario) ? why : null;
}
