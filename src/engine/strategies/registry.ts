// Every strategy a scenario can name. Invariant: ids are unique and stable (they are stored in
// scenario files and shared links).

import type { CheckMode, Knobs, TokenSource } from '../core/scenario';
import type { Model, Models, StrategyDef } from './types';
import {
  BASE_KNOBS,
  CHECK_MODES,
  TOKEN_SOURCES,
  lockDelayMsOf,
  retryPolicyOf,
  type RetryPolicy,
} from '../core/defaults';
import { fencing } from './fencing';
import { leaseTrust } from './leaseTrust';
import { redlock } from './redlock';
import { zookeeper } from './zookeeper';
import { etcd } from './etcd';
import { chubby } from './chubby';
import { qjm } from './qjm';
import { redisWatchdog } from './redisWatchdog';
import { k8sLease } from './k8sLease';

export const STRATEGIES: readonly StrategyDef[] = [
  leaseTrust,
  redlock,
  zookeeper,
  etcd,
  fencing,
  chubby,
  qjm,
  // Last, so the golden random schedules keep each earlier strategy's sampler seed (its index).
  redisWatchdog,
  k8sLease,
];

export function findStrategy(id: string): StrategyDef | undefined {
  return STRATEGIES.find((s) => s.id === id);
}

/**
 * The model of the strategy `strategyId` among `models` (what a simulator was given).
 * @throws Error naming the strategy, and the strategies `models` has, when it has none for it
 */
export function modelOf(models: Models, strategyId: string): Model {
  const model = Object.hasOwn(models, strategyId)
    ? (models as Record<string, Model | undefined>)[strategyId]
    : undefined;
  if (!model)
    throw new Error(
      `the simulator was not given the model of the strategy "${strategyId}" (it has ${Object.keys(models).join(', ') || 'none'})`,
    );
  return model;
}

/**
 * Whether a strategy's grant is an epoch rather than a lease: no clock ends it, a newer one
 * supersedes it (HDFS: a writer holds its epoch until the journal nodes promise a newer one; its
 * `leaseKnob` is null). False for an unknown id.
 */
export function grantsEpochs(id: string): boolean {
  return findStrategy(id)?.leaseKnob === null;
}

/** Every party that together is the strategy's lock authority (LockService, the five Redis masters,
 * the three journal nodes): a what-if that names "the lock service" reaches each of them. */
export const authoritiesOf = (s: StrategyDef): readonly string[] =>
  s.authorityParties ?? s.lockAuthorities ?? [s.lockAuthority];

/** What a strategy without its own `choices` can model: every source, every check but 'validity'. */
export const GENERIC_CHOICES: { tokenSource: readonly TokenSource[]; check: readonly CheckMode[] } = {
  tokenSource: TOKEN_SOURCES,
  check: CHECK_MODES.filter((c) => c !== 'validity'),
};

export function choicesOf(strategy: StrategyDef): typeof GENERIC_CHOICES {
  return { ...GENERIC_CHOICES, ...strategy.choices };
}

export function effectiveKnobs(strategy: StrategyDef, overrides: Partial<Knobs>): Knobs {
  return { ...BASE_KNOBS, ...strategy.defaults, ...overrides };
}

/** The lock-delay (ms) a run of `strategy` has: the knob, or what leaving it out means there. */
export function lockDelayOf(strategy: StrategyDef, knobs: Knobs): number {
  return strategy.lockDelay ? lockDelayMsOf(knobs, strategy.lockDelay) : 0;
}

/** The retry policy a run of `strategy` has (the knobs, or its defaults where they are left out),
 * or null where its clients never give up on their own. */
export function retryPolicyFor(strategy: StrategyDef, knobs: Partial<Knobs>): RetryPolicy | null {
  return strategy.retry ? retryPolicyOf(knobs, strategy.retry.defaults) : null;
}
