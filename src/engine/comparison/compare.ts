// The article's comparison table, computed: the same scenario run under every strategy, each row
// read off its own trace. Invariant: no row is written by hand; a row says "blocked" only if the
// run rejected every write from a superseded holder and accepted none.

import type { Scenario } from '../core/scenario';
import type { Trace } from '../core/trace';
import { simulate } from '../simulate/simulate';
import { STRATEGIES, choicesOf, findStrategy } from '../strategies/registry';
import type { StrategyDef } from '../strategies/types';
import { formatToken } from '../protocol/tokens';
import { editOutcome, uncommittedPhrase } from '../trace/edits';

export interface ComparisonRow {
  strategy: string;
  name: string;
  monotonicToken: boolean;
  /** Null when no superseded holder wrote at all: there was nothing to block. */
  staleWriteBlocked: boolean | null;
  reason: string;
  /** Whether the stale write is still blocked when the store does not check (null: not asked). */
  blockedWithoutCheck: boolean | null;
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
    const attempted = v.staleWritesAccepted + v.staleWritesRejected > 0;
    const blocked = isBlocked(trace);
    // Where the store's check is what blocks the zombie, say what happens without it (seed: "Yes,
    // if the resource checks it"), from a second run rather than from a sentence written by hand.
    const unchecked = blocked ? withoutCheck(scenario, strategy) : null;
    const uncheckedReason = unchecked ? uncheckedSentence(unchecked) : '';
    return {
      strategy: strategy.id,
      name: strategy.name,
      monotonicToken: v.tokensMonotonic,
      staleWriteBlocked: attempted ? blocked : null,
      reason: [reasonFrom(trace), uncheckedReason, strategy.caveat ?? ''].filter(Boolean).join(' '),
      blockedWithoutCheck: unchecked ? isBlocked(unchecked) : null,
      simplification: strategy.simplification,
      trace,
    };
  });
}

const isBlocked = (trace: Trace): boolean =>
  trace.verdict.staleWritesAccepted === 0 && trace.verdict.staleWritesRejected > 0;

function withoutCheck(scenario: Scenario, strategy: StrategyDef): Trace | null {
  if (strategy.defaults.check === 'none' || !choicesOf(strategy).check.includes('none')) return null;
  const base = withStrategy(scenario, strategy.id);
  return simulate({ ...base, knobs: { ...base.knobs, check: 'none' } });
}

function uncheckedSentence(trace: Trace): string {
  const first = trace.verdict.staleWriteAccepted;
  if (!first) return 'Even a store that does not check is safe in this run.';
  const w = trace.steps[first.step]!.write!;
  return `Without the check, ${w.resource} accepts ${w.client}'s stale write ${w.value}.`;
}

function reasonFrom(trace: Trace): string {
  const v = trace.verdict;
  if (v.staleWriteAccepted) {
    const step = trace.steps[v.staleWriteAccepted.step]!;
    const w = step.write!;
    const unordered = v.violations.find((x) => x.invariant === 'issued-tokens-increase' && !v.tokensMonotonic);
    const edit = editOutcome(trace, step);
    const uncommitted = edit ? uncommittedPhrase(edit) : null;
    if (edit && uncommitted)
      return `${w.resource} logged ${w.client}'s stale edit ${w.value} (${w.comparison}), but ${uncommitted}${edit.aborted ? `: ${w.client} aborts` : ''}.`;
    // Lead with why no store could have refused it: the token itself carries no order.
    if (unordered && typeof w.token === 'string')
      return `There is no order to check. ${unordered.message} ${w.resource} accepted ${w.client}'s stale write ${w.value}.`;
    return `${w.resource} accepted ${w.client}'s stale write ${w.value} (${w.comparison}).${unordered ? ` ${unordered.message}` : ''}`;
  }
  const rejected = trace.steps.find((s) => s.write?.stale && s.write.verdict === 'rejected');
  if (rejected?.write) {
    const w = rejected.write;
    // A quorum journal is not blocked by one node's refusal but by the missing quorum.
    const edit = editOutcome(trace, rejected);
    if (edit && !edit.committed)
      return `${[...edit.refused].sort().join(', ')} refused epoch ${formatToken(w.token)} (promised ${formatToken(w.maxSeenAfter)}): no quorum${edit.aborted ? `, ${w.client} aborts` : ''}.`;
    return `${w.resource} rejected ${w.client}'s stale write ${w.value}: ${w.comparison}.`;
  }
  const skipped = trace.steps.find((s) => s.kind === 'write.skipped' || s.kind === 'lease.lapsed');
  if (skipped) return `No stale write reached a store: ${skipped.text}`;
  const tokens = v.tokensIssued.map(formatToken).join(', ');
  return `No stale write was attempted in this run (tokens issued: ${tokens || 'none'}).`;
}
