// The trace as text, one line per step, shaped like the seed's step trace:
//   t6  Client1 write(Storage, 33, Y)  33 <= 34 -> REJECT   max_seen = 34
// Used by the CLI and by "copy as text". Invariant: pure formatting of trace fields.

import type { Step, Trace } from './types';
import type { ComparisonRow } from './compare';
import { formatToken } from '../protocol/tokens';
import { systemPhrase } from './narrateSystems';

/** Who acts and what they do, in the seed's compact notation. */
export function stepPhrase(step: Step): { actor: string; action: string } {
  const t = step.token === undefined ? '' : formatToken(step.token);
  const w = step.write;
  if (w) {
    const token = w.token === null ? '' : `${formatToken(w.token)}, `;
    return { actor: w.client, action: `write(${w.resource}, ${token}${w.value})  ${w.comparison}` };
  }
  const other = step.parties[1] ?? '';
  const system = systemPhrase(step);
  if (system) return system;
  switch (step.kind) {
    case 'lock.requested':
      return { actor: step.party, action: `acquire(${other})` };
    case 'lock.granted':
      return {
        actor: step.party,
        action: `grant(${other}) -> ${step.token === null ? 'lease, no token' : `token ${t}`}`,
      };
    case 'lock.acquired':
      return { actor: step.party, action: step.token === null ? 'holds a lease' : `holds token ${t}` };
    case 'lease.expired':
      return {
        actor: step.party,
        action: step.token === null || step.token === undefined ? `lease(${other}) expires` : `lease(${t}) expires`,
      };
    case 'client.paused':
      return { actor: step.party, action: 'begins a long pause...' };
    case 'client.resumed':
      return { actor: step.party, action: 'wakes, unaware' };
    case 'write.sent':
      return {
        actor: step.party,
        action: `sends write(${step.parties.slice(1).join(' + ')}, ${step.token === null ? '' : `${t}, `}${step.detail?.value})`,
      };
    case 'write.acked':
      return { actor: step.party, action: `learns write ${step.detail?.value} was accepted` };
    case 'write.refused':
      return { actor: step.party, action: `learns write ${step.detail?.value} was refused` };
    case 'lease.lapsed':
      return {
        actor: step.party,
        action: step.token === null ? 'believes its lease is over' : `believes lease(${t}) is over`,
      };
    default:
      return { actor: step.party, action: step.kind };
  }
}

function maxSeenOf(step: Step): string {
  const storage = Object.entries(step.snapshots).find(([, v]) => 'maxSeen' in v.fields && v.fields.check !== 'none');
  return storage ? `max_seen = ${formatToken(storage[1].fields.maxSeen as never)}` : '';
}

export function formatTraceText(trace: Trace): string {
  const lines: string[] = [];
  const s = trace.scenario;
  lines.push(`${s.name} · strategy ${s.strategy} · seed ${s.seed}`);
  lines.push('');
  for (const step of trace.steps) {
    const { actor, action } = stepPhrase(step);
    const label = (step.label ?? '').padEnd(7);
    const time = `${step.timeMs}ms`.padStart(8);
    lines.push(`${label} ${time}  ${actor.padEnd(12)} ${action.padEnd(46)} ${maxSeenOf(step)}`.trimEnd());
  }
  lines.push('');
  lines.push(...formatVerdict(trace));
  return lines.join('\n');
}

export function formatVerdict(trace: Trace): string[] {
  const v = trace.verdict;
  const tokens = v.tokensIssued.map(formatToken).join(', ') || 'none';
  const out = [
    `Tokens issued: ${tokens} (${v.tokensMonotonic ? 'strictly increasing' : 'not a strictly increasing sequence'})`,
    v.staleWriteAccepted
      ? `Stale write accepted: yes, at step ${v.staleWriteAccepted.step} (${v.staleWriteAccepted.client} at ${v.staleWriteAccepted.resource})`
      : `Stale write accepted: no (${v.staleWritesRejected} stale write${v.staleWritesRejected === 1 ? '' : 's'} rejected)`,
  ];
  if (v.violations.length === 0) out.push('Invariants: all held');
  for (const violation of v.violations)
    out.push(`Broken at step ${violation.step} [${violation.invariant}]: ${violation.message}`);
  if (trace.truncated) out.push('(stopped at the step limit before the run finished)');
  return out;
}

export function formatComparisonText(rows: ComparisonRow[]): string {
  const yes = (b: boolean) => (b ? 'Yes' : 'No');
  const header = ['Approach', 'Monotonic token?', 'Stale write blocked?', 'Why (from the run)'];
  const body = rows.map((r) => [r.name, yes(r.monotonicToken), yes(r.staleWriteBlocked), r.reason]);
  const widths = [0, 1, 2].map((i) => Math.max(header[i]!.length, ...body.map((row) => row[i]!.length)));
  const fmt = (row: string[]) => row.map((cell, i) => (i < 3 ? cell.padEnd(widths[i]!) : cell)).join('  ');
  return [fmt(header), ...body.map(fmt)].join('\n');
}
