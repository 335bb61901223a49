// Where a what-if's fault and Client1's late write fall decides what it shows: a pause that starts
// just after a renewal is over before the lease is, the same pause started just before a renewal
// outlives it. So the what-if's answer is never one placement's luck: it runs the what-if with the
// fault starting just before and just after each renewal and lease end, and with Y written before
// and after Client1's lease has ended, and answers with the worst, naming where it was.
// Invariant: deterministic (the same params give the same runs and the same answer) and bounded
// (at most WHAT_IF_MAX_PLACEMENTS runs); ties keep the placement the params asked for.

import type { Scenario } from '../core/scenario';
import type { Trace } from '../core/trace';
import { heartbeatEveryMs } from '../core/defaults';
import { findStrategy } from '../strategies/registry';
import {
  WHAT_IF_FAULT_AT_MS,
  WHAT_IF_MIN_FAULT_AT_MS,
  buildWhatIf,
  keepaliveOf,
  type WhatIfFault,
  type WhatIfParams,
} from './whatIf';

/** How a run of the what-if ended, worst first: a stale write got in (or a safety rule broke);
 * the store turned a stale write away; a rightful write was refused; nothing stale reached a store. */
const WHAT_IF_OUTCOMES = ['unsafe', 'fenced', 'rightful-refused', 'held'] as const;
export type WhatIfOutcome = (typeof WHAT_IF_OUTCOMES)[number];

/** The most runs one answer takes: 1 + 2 × 6 fault starts, each with Y on time and late. */
export const WHAT_IF_MAX_PLACEMENTS = 26;

/** The most renewals (or thirds of a lease) whose either side a fault is tried at. */
const MAX_MARKS = 6;

/** One place to put the fault and Y: when the fault starts (ms), whether Y waits until Client1's
 * lease has ended, and where that is in words ("just before a renewal"; "" for the one asked). */
export interface WhatIfPlacement {
  faultAtMs: number;
  lateWrite: boolean;
  where: string;
}

export type WorstWhatIf =
  | {
      ok: true;
      /** The worst run's scenario; its description names the placement and how many were tried. */
      scenario: Scenario;
      /** The params that build it: the ones given, with the worst placement's faultAtMs and lateWrite. */
      params: WhatIfParams;
      outcome: WhatIfOutcome;
      /** The worst placement in words: "the pause starts at 9.9 s, just before a renewal". */
      placement: string;
      /** The answer in one sentence, naming the design, the outcome and the placement. */
      answer: string;
      /** How many placements were run. */
      tried: number;
    }
  | { ok: false; field: keyof WhatIfParams; error: string };

/** The placements worth trying, the one asked for first: the fault starting just before and just
 * after each renewal (every third of the lease; where nothing renews, the lease's end) up to a
 * lease after Client2 asks (at most MAX_MARKS of them), each with Y on time and late (not for
 * `slow-network`, whose Y is the held-up write). Starts before WHAT_IF_MIN_FAULT_AT_MS are left out. */
export function whatIfPlacements(p: WhatIfParams): WhatIfPlacement[] {
  const every = heartbeatEveryMs(p.leaseTtlMs);
  // 0.1 s either side, or a tenth of the renewal period for short leases.
  const off = Math.max(1, Math.min(100, Math.floor(every / 10)));
  const renews = keepaliveOf(p);
  const count = Math.min(MAX_MARKS, Math.max(3, Math.ceil((p.client2AsksAtMs + p.leaseTtlMs) / every)));
  const marks = renews
    ? Array.from({ length: count }, (_, i) => ({ atMs: (i + 1) * every, what: 'a renewal' }))
    : [{ atMs: p.leaseTtlMs, what: 'the lease ends' }];
  const asked = p.faultAtMs ?? WHAT_IF_FAULT_AT_MS;
  const starts = [{ atMs: asked, where: '' }];
  for (const mark of marks)
    for (const [atMs, side] of [
      [mark.atMs - off, 'before'],
      [mark.atMs + off, 'after'],
    ] as const)
      if (atMs >= WHAT_IF_MIN_FAULT_AT_MS && !starts.some((s) => s.atMs === atMs))
        starts.push({ atMs, where: `just ${side} ${mark.what}` });
  const lateFirst = p.lateWrite ?? false;
  const writes = p.fault === 'slow-network' ? [false] : [lateFirst, !lateFirst];
  return starts.flatMap((s) => writes.map((lateWrite) => ({ faultAtMs: s.atMs, lateWrite, where: s.where })));
}

/** How a run ended (WHAT_IF_OUTCOMES). */
export function outcomeOf(trace: Trace): WhatIfOutcome {
  const v = trace.verdict;
  if (!v.ok || v.staleWriteAccepted) return 'unsafe';
  if (v.staleWritesRejected > 0) return 'fenced';
  if (v.rightfulWritesRejected > 0) return 'rightful-refused';
  return 'held';
}

/** Who starts the fault, as the subject of "… at 9.9 s". */
const STARTS: Record<WhatIfFault, string> = {
  pause: 'the pause starts',
  'slow-network': "Client1's held-up write leaves",
  'client-clock-jump': "Client1's clock jumps",
  'server-clock-jump': "the lock service's clock jumps",
  partition: 'the cut starts',
};

/** "the pause starts at 9.9 s, just before a renewal, and Client1 writes Y after its lease has ended". */
function placementText(fault: WhatIfFault, placement: WhatIfPlacement): string {
  const at = `${STARTS[fault]} at ${String(placement.faultAtMs / 1000)} s`;
  const where = placement.where ? `, ${placement.where}` : '';
  return `${at}${where}${placement.lateWrite ? ', and Client1 writes Y after its lease has ended' : ''}`;
}

/** The answer's sentence for the worst outcome under `design`, at `where`, of `tried` placements. */
function answerOf(outcome: WhatIfOutcome, design: string, where: string, tried: number): string {
  const of = `(the worst of ${tried} placements tried)`;
  switch (outcome) {
    case 'unsafe':
      return `Unsafe under ${design} when ${where}: a stale write got in ${of}.`;
    case 'fenced':
      return `Safe under ${design} only because the store turned a stale write away; it came when ${where} ${of}.`;
    case 'rightful-refused':
      return `No stale write got in under ${design}, but a rightful write was refused when ${where} ${of}.`;
    case 'held':
      return `No stale write reached the store under ${design} in any of the ${tried} placements tried.`;
  }
}

/** The runs one answer needs: each placement worth trying that the builder accepts, with its scenario. */
export type WhatIfRuns =
  | { ok: true; params: WhatIfParams; runs: { placement: WhatIfPlacement; scenario: Scenario }[] }
  | { ok: false; field: keyof WhatIfParams; error: string };

/**
 * The scenarios worstWhatIf() runs, one per placement whatIfPlacements() gives that buildWhatIf()
 * accepts (at most WHAT_IF_MAX_PLACEMENTS), the one asked for first: for a caller that runs them
 * a few at a time (a page that must keep answering) and then asks worstOfRuns(). Errors: params
 * that buildWhatIf() refuses give its `{ ok: false, field, error }`.
 */
export function whatIfRuns(params: WhatIfParams): WhatIfRuns {
  const first = buildWhatIf(params);
  if (!first.ok) return first;
  const runs: { placement: WhatIfPlacement; scenario: Scenario }[] = [];
  for (const placement of whatIfPlacements(params)) {
    const built = buildWhatIf({ ...params, faultAtMs: placement.faultAtMs, lateWrite: placement.lateWrite });
    if (built.ok) runs.push({ placement, scenario: built.scenario });
  }
  return { ok: true, params, runs };
}

/**
 * The answer from the traces of whatIfRuns()' scenarios, given in the same order (`traces[i]` is
 * the run of `runs[i].scenario`). Shapes: see WorstWhatIf; the worst is the first run with the
 * worst outcome in WHAT_IF_OUTCOMES' order, the one asked for first, so a tie keeps it.
 * @throws Error when `traces` is not one trace per run
 */
export function worstOfRuns(planned: Extract<WhatIfRuns, { ok: true }>, traces: readonly Trace[]): WorstWhatIf {
  const { params, runs } = planned;
  if (traces.length !== runs.length)
    throw new Error(`The what-if needs one run per placement: ${runs.length} placements, ${traces.length} runs.`);
  let worst: { placement: WhatIfPlacement; outcome: WhatIfOutcome; rank: number } | null = null;
  runs.forEach(({ placement }, i) => {
    const outcome = outcomeOf(traces[i]!);
    const rank = WHAT_IF_OUTCOMES.indexOf(outcome);
    if (!worst || rank < worst.rank) worst = { placement, outcome, rank };
  });
  const asked = { faultAtMs: params.faultAtMs ?? WHAT_IF_FAULT_AT_MS, lateWrite: params.lateWrite ?? false, where: '' };
  const chosen: { placement: WhatIfPlacement; outcome: WhatIfOutcome } = worst ?? { placement: asked, outcome: 'held' };
  const worstParams: WhatIfParams = {
    ...params,
    faultAtMs: chosen.placement.faultAtMs,
    ...(chosen.placement.lateWrite || params.lateWrite !== undefined ? { lateWrite: chosen.placement.lateWrite } : {}),
  };
  const rebuilt = buildWhatIf(worstParams);
  if (!rebuilt.ok) return rebuilt;
  const scenario = rebuilt.scenario;
  const tried = runs.length;
  const placement = placementText(params.fault, chosen.placement);
  const design = findStrategy(scenario.strategy)?.name ?? scenario.strategy;
  const answer = answerOf(chosen.outcome, design, placement, tried);
  scenario.description = `${scenario.description} The what-if tried ${tried} placements of the fault and of Y; this is the worst under ${design}: ${placement}.`;
  return { ok: true, scenario, params: worstParams, outcome: chosen.outcome, placement, answer, tried };
}

/**
 * The what-if run at every placement whatIfPlacements() gives, under its own strategy, with the
 * worst run's scenario and the answer in words: whatIfRuns() then worstOfRuns(), all at once.
 * `simulate` runs a scenario (a Simulator's simulate); it is called once per placement, at most
 * WHAT_IF_MAX_PLACEMENTS times.
 *
 * Shapes: see WorstWhatIf. Errors: params that buildWhatIf() refuses give its
 * `{ ok: false, field, error }`; an exception from `simulate` propagates.
 */
export function worstWhatIf(params: WhatIfParams, simulate: (scenario: Scenario) => Trace): WorstWhatIf {
  const planned = whatIfRuns(params);
  if (!planned.ok) return planned;
  return worstOfRuns(
    planned,
    planned.runs.map((run) => simulate(run.scenario)),
  );
}
