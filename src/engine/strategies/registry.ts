// Every strategy a scenario can name. Invariant: ids are unique and stable (they are stored in
// scenario files and shared links).

import type { CheckMode, Knobs, TokenSource } from '../scenario/types';
import type { StrategyDef } from './types';
import { fencing } from './fencing';
import { leaseTrust } from './leaseTrust';
import { redlock } from './redlock';
import { zookeeper } from './zookeeper';
import { etcd } from './etcd';
import { chubby } from './chubby';
import { qjm } from './qjm';

export const STRATEGIES: readonly StrategyDef[] = [leaseTrust, redlock, zookeeper, etcd, fencing, chubby, qjm];

export function findStrategy(id: string): StrategyDef | undefined {
  return STRATEGIES.find((s) => s.id === id);
}

/** Knobs every strategy shares, before the strategy's own defaults and the scenario's overrides. */
export const BASE_KNOBS: Omit<Knobs, 'tokenSource' | 'check'> = {
  leaseTtlMs: 1000,
  firstToken: 33,
  initialMaxSeen: 32,
  maxSeenDurable: true,
  secondResource: 'none',
  sideEffect: 'none',
};

/** What a strategy without its own `choices` can model: every source, every check but 'validity'. */
export const GENERIC_CHOICES: { tokenSource: readonly TokenSource[]; check: readonly CheckMode[] } = {
  tokenSource: ['durable-counter', 'resetting-counter', 'uuid', 'wall-clock', 'none'],
  check: ['reject-le', 'reject-lt', 'token-seq', 'none'],
};

export function choicesOf(strategy: StrategyDef): typeof GENERIC_CHOICES {
  return { ...GENERIC_CHOICES, ...strategy.choices };
}

export function effectiveKnobs(strategy: StrategyDef, overrides: Partial<Knobs>): Knobs {
  return { ...BASE_KNOBS, ...strategy.defaults, ...overrides };
}
