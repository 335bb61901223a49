// The seed's comparison table, computed: the same scenario run under every strategy, each row
// read off its own trace. Invariant: no row is written by hand; a row says "blocked" only if the
// run rejected every write from a superseded holder and accepted none.

import type { Scenario } from '../scenario/types';
import type { Trace } from './types';
import { simulate } from '../sim/simulate';
import { STRATEGIES, findStrategy } from '../strategies/registry';
import { formatToken } from '../protocol/tokens';

export interface ComparisonRow {
  strategy: string;
  name: string;
  monotonicToken: boolean;
  staleWriteBlocked: boolean;
  reason: string;
  simplification: string;
  trace: Trace;
}

/** The same scenario under another strategy: the strategy's own token source and check apply. */
export function withStrategy(scenario: Scenario, strategy: string): Scenario {
  if (!findStrategy(strategy)) throw new Error(`unknown strategy "${strategy}"`);
  const { tokenSource: _t, check: _c, ...shared } = scenario.knobs;
  return { ...scenario, strategy, knobs: scenario.strategy === strategy ? scenario.knobs : shared };
}

export function compareStrategies(scenario: Scenario): ComparisonRow[] {
  return STRATEGIES.map((strategy) => {
    const trace = simulate(withStrategy(scenario, strategy.id));
    const v = trace.verdict;
    const blocked = v.staleWritesAccepted === 0 && v.staleWritesRejected > 0;
    return {
      strategy: strategy.id,
      name: strategy.name,
      monotonicToken: v.tokensMonotonic,
      staleWriteBlocked: blocked,
      reason: reasonFrom(trace),
      simplification: strategy.simplification,
      trace,
    };
  });
}

function reasonFrom(trace: Trace): string {
  const v = trace.verdict;
  if (v.staleWriteAccepted) {
    const step = trace.steps[v.staleWriteAccepted.step]!;
    const w = step.write!;
    return `${w.resource} accepted ${w.client}'s stale write ${w.value} (${w.comparison}).`;
  }
  const rejected = trace.steps.find((s) => s.write?.stale && s.write.verdict === 'rejected');
  if (rejected?.write) {
    const w = rejected.write;
    return `${w.resource} rejected ${w.client}'s stale write ${w.value}: ${w.comparison}.`;
  }
  const skipped = trace.steps.find((s) => s.kind === 'write.skipped' || s.kind === 'lease.lapsed');
  if (skipped) return `No stale write reached a store: ${skipped.text}`;
  const tokens = v.tokensIssued.map(formatToken).join(', ');
  return `No stale write was attempted in this run (tokens issued: ${tokens || 'none'}).`;
}
