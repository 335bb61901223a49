// The event table's rows as text, and the window of rows worth rendering. Invariant: pure; the
// table renders only the window, so a 10,000-step trace costs the same as a 20-step one.

import { formatToken, stepPhrase, tokenField, type KnownStrategyId, type Step, type Trace } from '../../engine';
import { formatNumber } from '../format/number';

export interface EventRow {
  index: number;
  label: string;
  time: string;
  parties: string;
  event: string;
  token: string;
  verdict: '' | 'ACCEPT' | 'REJECT';
  maxSeen: string;
}

/** The resources whose max_seen the table shows: every one that checks tokens (a journal node
 * that missed an epoch must show beside the others), else the first. */
export function tableResources(trace: Trace): string[] {
  const first = trace.steps[0];
  if (!first) return [];
  const resources = trace.parties.filter((p) => p.kind === 'resource');
  const checking = resources.filter((r) => first.snapshots[r.id]?.fields.check !== 'none');
  return (checking.length ? checking : resources.slice(0, 1)).map((r) => r.id);
}

/** A step as a table row, in the words of `system` (the run's strategy). */
export function eventRow(step: Step, resources: readonly string[], system: KnownStrategyId): EventRow {
  const { actor, action } = stepPhrase(step, system);
  const maxSeen = resources.map((r) => step.snapshots[r]?.fields.maxSeen).filter((v) => v !== undefined);
  const token = step.write ? step.write.token : step.token;
  return {
    index: step.index,
    label: step.label ?? '',
    time: `${formatNumber(step.timeMs)} ms`,
    // The party that acted first, then the others the step concerns: a list, not an arrow. An
    // arrow read as a message: "LockService → Client1" at a lease's expiry, which no one is told
    // of, and "Client1 → LockService" as Client1 took in the lock service's grant.
    parties: step.parties.join(', '),
    // The verdict has its own column: keep the comparison, drop its "-> ACCEPT" tail.
    event: `${actor} ${action}`.replace(/ -> (ACCEPT|REJECT)$/, ''),
    // A write without a token says "none"; a step that carries no token at all (a crash) says nothing.
    token: token === undefined || (token === null && !step.write) ? '' : formatToken(token),
    verdict: step.write ? (step.write.verdict === 'accepted' ? 'ACCEPT' : 'REJECT') : '',
    maxSeen: maxSeen.map((v) => formatToken(tokenField(v))).join(' · '),
  };
}

export interface RowWindow {
  first: number;
  /** One past the last row to render. */
  end: number;
  padTopPx: number;
  padBottomPx: number;
}

export function rowWindow(
  scrollTopPx: number,
  viewportPx: number,
  rowPx: number,
  count: number,
  overscan = 3,
): RowWindow {
  const first = Math.max(0, Math.floor(scrollTopPx / rowPx) - overscan);
  const end = Math.min(count, Math.ceil((scrollTopPx + viewportPx) / rowPx) + overscan);
  return { first, end: Math.max(first, end), padTopPx: first * rowPx, padBottomPx: Math.max(0, count - end) * rowPx };
}

/** The scrollTop that brings row `index` into view, or null if it is already fully visible. */
export function scrollToShow(
  index: number,
  scrollTopPx: number,
  viewportPx: number,
  rowPx: number,
  headerPx: number,
): number | null {
  const top = index * rowPx;
  const visibleTop = scrollTopPx;
  const visibleBottom = scrollTopPx + viewportPx - headerPx;
  if (top >= visibleTop && top + rowPx <= visibleBottom) return null;
  return Math.max(0, top - (viewportPx - headerPx) / 2);
}
