// The trace as text, one line per step, shaped like the article's step trace:
//   t6  Client1 write(Storage, 33, Y)  33 <= 34 -> REJECT   max_seen = 34
// Used by the CLI and by "copy as text". Invariant: pure formatting of trace fields.

import type { CutShort, EndedWaiting, Step, StepOf, Trace } from '../core/trace';
import { strategyIdOf, type KnownStrategyId } from '../core/defaults';
import { formatToken, tokenField, tokensFact } from '../protocol/tokens';
import { systemPhrase } from './narrateSystems';
import { messageNoun, messageWords } from './messageWords';
import { CHECK_HELD_BACK } from '../machines/client';
import { chanceSentence, refusedByChance } from './chance';
import { isSystemKind } from '../core/vocabulary';
import { editOutcome, uncommittedPhrase } from './edits';

/** Who acts and what they do, in the article's compact notation, in the words of `system` (the
 * run's strategy). */
// eslint-disable-next-line max-lines-per-function -- one case per step kind, exhaustive (a kind without a phrase fails typecheck at unphrased()): a kind's phrase is found under its own name, in one place.
export function stepPhrase(step: Step, system: KnownStrategyId): { actor: string; action: string } {
  const t = step.token === undefined ? '' : formatToken(step.token);
  const w = step.write;
  if (w) {
    const token = w.token === null ? '' : `${formatToken(w.token)}, `;
    return { actor: w.client, action: `write(${w.resource}, ${token}${w.value})  ${w.comparison}` };
  }
  const other = step.parties[1] ?? '';
  const own = systemPhrase(step, system);
  if (own) return own;
  // A system-only step its system did not phrase needs no more than its kind.
  if (isSystemKind(step)) return { actor: step.party, action: step.kind };
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
    case 'lease.expired': {
      const lease = step.token === null || step.token === undefined ? `lease(${other})` : `lease(${t})`;
      const delay = step.detail?.lockDelayMs;
      return { actor: step.party, action: `${lease} expires${delay !== undefined ? `; lock-delay ${delay} ms` : ''}` };
    }
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
    case 'lock.releasing':
      return { actor: step.party, action: step.token === null ? 'releases its lease' : `releases lock(${t})` };
    case 'lock.released':
      return { actor: step.party, action: step.token === null ? `frees the lock of ${other}` : `frees lock(${t})` };
    case 'release.ignored':
      return { actor: step.party, action: `ignores a stale release from ${other}` };
    case 'lock.queued':
      return { actor: step.party, action: `queue(${other})` };
    case 'lock.waiting':
      return { actor: step.party, action: 'waits for the lock' };
    case 'lock.retried':
      return { actor: step.party, action: `acquire(${other}) again` };
    case 'lock.regranted':
      return {
        actor: step.party,
        action: `repeats grant(${other}) -> ${step.token === null ? 'lease, no token' : `token ${t}`}`,
      };
    case 'write.queued':
      return { actor: step.party, action: `will write ${step.detail?.value} once it holds the lock` };
    case 'write.skipped':
      if (step.detail?.cause === CHECK_HELD_BACK)
        return { actor: step.party, action: `holds back write ${step.detail.value}: lease over by its clock` };
      return step.detail?.cause !== undefined
        ? { actor: step.party, action: `drops queued write ${step.detail.value}: ${step.detail.cause}` }
        : { actor: step.party, action: `holds no lock: skips write ${step.detail?.value}` };
    case 'effect.sent':
      return { actor: step.party, action: `sends the email for ${other}, checking no token` };
    case 'client.paused':
      return { actor: step.party, action: 'begins a long pause...' };
    case 'clock.jumped': {
      const deltaMs = Number(step.detail?.deltaMs);
      return { actor: step.party, action: `clock jumps ${deltaMs >= 0 ? '+' : '-'}${Math.abs(deltaMs)} ms` };
    }
    case 'network.partitioned':
      return { actor: step.party, action: `cut from ${other}` };
    case 'network.healed':
      return { actor: step.party, action: `network to ${other} healed` };
    case 'network.delayArmed':
      return { actor: step.party, action: `next message to ${other} held up +${step.detail?.extraMs} ms` };
    case 'message.dropped':
      return { actor: step.party, action: `loses ${messageWords(step.detail?.type)} from ${other}` };
    case 'message.lost':
      return { actor: step.party, action: `is down: ${messageWords(step.detail?.type)} from ${other} is lost` };
    case 'node.crashed':
      return { actor: step.party, action: 'crashes' };
    case 'node.restarted':
      return { actor: step.party, action: restartPhrase(step, system) };
    case 'lease.none':
      return { actor: step.party, action: 'has no lease to expire' };
    case 'lease.lost':
      return {
        actor: step.party,
        action: `library lost ${step.token === null ? 'its lease' : `lock(${t})`}; app carries on`,
      };
    case 'lease.checked': {
      const d = step.detail;
      if (!d) return { actor: step.party, action: 'checks its lease' };
      const verdict = d.goAhead ? `${d.leftMs} ms left by its clock -> goes ahead` : `over by its clock -> holds back`;
      return { actor: step.party, action: `checks its lease: ${verdict}` };
    }
    case 'renewal.refused':
      return { actor: step.party, action: `refuses to renew ${other}'s lease` };
    case 'store.fenced':
      return {
        actor: step.party,
        action: step.detail?.accepted === false ? `refuses ${other}'s fence ${t}` : `fenced by ${other} with ${t}`,
      };
    case 'fence.acked':
      return { actor: step.party, action: `learns ${other} took its token ${t}` };
    case 'lockDelay.ended':
      return { actor: step.party, action: 'lock-delay over' };
    case 'acquire.skipped':
      return { actor: step.party, action: 'already holds or waits for the lock' };
    case 'release.skipped':
      return { actor: step.party, action: 'holds no lock to release' };
    case 'message.ignored': {
      const why = { older: ' (older than its grant)', over: ' (its lease already over)' }[step.detail?.reason ?? ''];
      const token = step.token === undefined || step.token === null ? '' : ` ${t}`;
      return { actor: step.party, action: `ignores ${messageNoun(step.detail?.type)}${token}${why ?? ''}` };
    }
    // A store's verdict without a write record (none is made today) is told by its kind.
    case 'write.accepted':
    case 'write.rejected':
      return { actor: step.party, action: step.kind };
    default:
      return unphrased(step);
  }
}

/** Every kind has a case above: a new kind without a phrase is a type error here. */
function unphrased(step: never): never {
  throw new Error(`stepPhrase: no phrase for a step of kind "${(step as Step).kind}"`);
}

/** What a restart kept and what it lost, in a word or two: in the system's words for its lock
 * authority, and alike for every store (a store says what became of its max_seen). */
function restartPhrase(step: StepOf<'node.restarted'>, system: KnownStrategyId): string {
  const d = step.detail ?? {};
  if (d.maxSeenDurable !== undefined) return d.maxSeenDurable ? 'restarts (max_seen kept)' : 'restarts (max_seen lost)';
  switch (system) {
    case 'etcd':
      // A recorded restore (src/ui/recorded) knows it restored, not the revisions on either side.
      if (d.restored && d.revision === undefined) return 'restarts (snapshot restore)';
      return d.restored
        ? `restarts (snapshot restore: revision ${d.revisionBefore} -> ${d.revision})`
        : `new leader (revision ${d.revision} kept)`;
    case 'zookeeper':
      return `new leader (epoch ${d.epoch})`;
    case 'chubby':
      return `fails over (generation ${d.generation} kept)`;
    case 'qjm':
      return `restarts (promised epoch ${d.lastPromisedEpoch} kept)`;
    case 'redlock':
      return 'restarts empty (no fsync)';
    case 'redis-watchdog':
      return 'restarts empty (the lock key is gone)';
    case 'k8s-lease':
      return 'restarts (the Lease is kept in etcd)';
    case 'fencing':
    case 'lease-trust':
      if (d.tokenSource === 'resetting-counter') return 'restarts (counter reset)';
      if (d.tokenSource === 'durable-counter') return `restarts (counter ${d.counter} kept)`;
      return 'restarts';
  }
}

/** max_seen of every store that checks: one value, or each store's where there are several (a
 * journal node that missed an epoch must show). */
function maxSeenOf(step: Step): string {
  const stores = Object.entries(step.snapshots).filter(([, v]) => 'maxSeen' in v.fields && v.fields.check !== 'none');
  const seen = (v: (typeof stores)[number][1]) => formatToken(tokenField(v.fields.maxSeen ?? null));
  if (stores.length === 1) return `max_seen = ${seen(stores[0]![1])}`;
  return stores.length ? `max_seen ${stores.map(([id, v]) => `${id}=${seen(v)}`).join(' ')}` : '';
}

export function formatTraceText(trace: Trace): string {
  const lines: string[] = [];
  const s = trace.scenario;
  const system = strategyIdOf(s.strategy);
  lines.push(`${s.name} · strategy ${s.strategy} · seed ${s.seed}`);
  lines.push('');
  // The label column is as wide as the longest label, and the time column as the latest time.
  const labelWidth = trace.steps.reduce((w, st) => Math.max(w, st.label?.length ?? 0), 7);
  const timeWidth = Math.max(8, `${trace.steps[trace.steps.length - 1]?.timeMs ?? 0}ms`.length);
  for (const step of trace.steps) {
    const { actor, action } = stepPhrase(step, system);
    const label = (step.label ?? '').padEnd(labelWidth);
    const time = `${step.timeMs}ms`.padStart(timeWidth);
    lines.push(`${label} ${time}  ${actor.padEnd(12)} ${action.padEnd(46)} ${maxSeenOf(step)}`.trimEnd());
  }
  lines.push('');
  lines.push(...formatVerdict(trace));
  return lines.join('\n');
}

export function formatVerdict(trace: Trace): string[] {
  const v = trace.verdict;
  const stale = v.staleWriteAccepted;
  const journal = stale ? journalNote(trace, stale.step) : '';
  const out = [
    tokensFact(v),
    stale
      ? `Stale write accepted: yes, at step ${stale.step} (${stale.client} at ${stale.resource})${journal}`
      : `Stale write accepted: no (${v.staleWritesRejected} stale write${v.staleWritesRejected === 1 ? '' : 's'} rejected)`,
  ];
  const lucky = stale ? null : refusedByChance(trace);
  if (lucky) out.push(chanceSentence(lucky.write));
  if (v.rightfulWriteRejected) {
    const r = v.rightfulWriteRejected;
    out.push(
      `Current holder's writes refused: ${v.rightfulWritesRejected}, first at step ${r.step} (${r.client} at ${r.resource})`,
    );
  }
  // A stale write that broke no invariant reached its store before any newer holder's write had
  // (accepted-writes-in-grant-order): it overwrote nothing newer. Both lines are true, and side by
  // side they read as a contradiction without this (found by an engineer, on the early zombie).
  if (v.violations.length === 0)
    out.push(
      stale && !journal
        ? `Invariants: all held. Yet a stale write got in: it reached ${stale.resource} before any write of a newer holder's had, so it overwrote nothing newer, but it was written by a client that no longer held the lock.`
        : v.cutShort
          ? 'Invariants: all held, up to where the run was cut short'
          : v.endedWaiting
            ? 'Invariants: all held, but the run ended before every client was done'
            : 'Invariants: all held',
    );
  for (const violation of v.violations)
    out.push(`Broken at step ${violation.step} [${violation.invariant}]: ${violation.message}`);
  if (v.endedWaiting) out.push(endedWaitingSentence(v.endedWaiting));
  if (v.cutShort) out.push(cutShortSentence(v.cutShort));
  else if (trace.truncated) out.push('(stopped at the step limit before the run finished)');
  return out;
}

/**
 * What a run cut short by its event budget says wherever its verdict is shown (the CLI, the lab,
 * the comparison): where it stopped, and that nothing beyond is known.
 */
export function cutShortSentence(cut: CutShort): string {
  const n = (x: number) => x.toLocaleString('en-US');
  return `Cut short after ${n(cut.events)} events at ${n(cut.atMs)} ms, of the ${n(cut.horizonMs)} ms the run was to last: no verdict beyond that point. Every message, timer and heartbeat is an event; short sessions over a long run make millions of them.`;
}

/**
 * What a run that ended with clients still trying for the lock says wherever its verdict is shown
 * (the CLI, the lab, the comparison): who was still waiting, and which writes never left.
 */
export function endedWaitingSentence(waiting: readonly EndedWaiting[]): string {
  const each = waiting.map(({ client, queuedWrites: w }) =>
    w.length === 0
      ? `${client} was still waiting for the lock`
      : `${client} was still waiting for the lock, and its ${w.length === 1 ? `write ${w[0]} was` : `writes ${w.join(', ')} were`} never sent`,
  );
  return `When the run ended, ${each.join('; ')}.`;
}

/** For a journal edit accepted locally: that it never committed, and that its writer aborted. */
function journalNote(trace: Trace, step: number): string {
  const outcome = trace.steps[step] ? editOutcome(trace, trace.steps[step]) : null;
  const phrase = outcome ? uncommittedPhrase(outcome) : null;
  if (!outcome || !phrase) return '';
  return `: accepted ${phrase}${outcome.aborted ? `; ${trace.steps[step]!.write!.client} aborted` : ''}`;
}
