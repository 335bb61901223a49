// The article's comparison table, computed: the same scenario run under every strategy, each row
// read off its own trace. Invariant: no row is written by hand; a row says "blocked" only if the
// run rejected every write from a superseded holder and accepted none.

import type { Scenario } from '../core/scenario';
import type { CutShort, LeaseRecord, Step, Trace } from '../core/trace';
import type { Simulator } from '../simulate/simulator';
import { STRATEGIES, choicesOf, effectiveKnobs, findStrategy, retryPolicyFor } from '../strategies/registry';
import { retryPolicyWords } from '../strategies/retry';
import type { StrategyAbout, StrategyDef } from '../strategies/types';
import { aboutStrategy } from '../strategies/about/catalog';
import { formatToken, tokenList } from '../protocol/tokens';
import { renewEveryMsOf } from '../core/defaults';
import { editOutcome, staleEditsUncommitted, uncommittedPhrase } from '../trace/edits';
import { cutShortSentence } from '../trace/text';
import { chanceSentence, refusedByChance } from '../trace/chance';
import { carryTo, type Carried } from './carry';

export interface ComparisonRow {
  strategy: string;
  name: string;
  /** Whether every token the run issued was higher than the one before; null where the row's
   * design issues none (a plain lease's token source is `none`: there is nothing to grow). */
  monotonicToken: boolean | null;
  /** Null when no superseded holder wrote at all: there was nothing to block (see `warnings`). */
  staleWriteBlocked: boolean | null;
  /**
   * Where the row's run was cut short by its event budget (its verdict's cutShort), or null for a
   * run that reached its end: a cut run's blocked column is its own outcome, never "Yes" or "not
   * tested" (text.ts, blockedWord), since nothing beyond the cut is known.
   */
  cutShort: CutShort | null;
  /**
   * The first write of the lock's latest holder that a store refused, or null: the store's rule
   * turned away the rightful holder (its own second write under the bare `<=`, a token reissued
   * lower by a counter that reset). A verdict of its own, whatever the blocked column says.
   * `count`: how many such writes the run refused.
   */
  holderRefused: HolderRefused | null;
  reason: string;
  /**
   * What a reader must not miss, whatever the blocked column says: a write sent after its
   * writer's lease or validity was over, a second holder that never came and why. Sentences.
   */
  warnings: string[];
  /** What the what-if became under this strategy, where its parties had no one-for-one
   * counterpart (comparison/carry.ts). */
  carried: string[];
  /** Whether the stale write is still blocked when the store does not check (null: not asked). */
  blockedWithoutCheck: boolean | null;
  simplification: string;
  /** A limit of the design a reader of the row must not miss, whatever this run showed
   * (StrategyAbout.caveat), or ''. A sentence, apart from `reason`: presenting leaves it in the lab. */
  caveat: string;
  /** The real server this system's runs were recorded on, or null (StrategyAbout.recordedOn). */
  recordedOn: string | null;
  /** Where the model's behaviour comes from (StrategyAbout.sources). */
  sources: StrategyAbout['sources'];
  /** What the system's authors answer to the model's verdict (StrategyAbout.disputed). */
  disputed?: string;
  /** Null when the row could not run: `error` says why. */
  trace: Trace | null;
  error: string | null;
}

/** A refused write of the rightful holder: who, which write, where, the comparison written out. */
interface HolderRefused {
  client: string;
  value: string;
  resource: string;
  comparison: string;
  count: number;
}

/** The same scenario under another strategy, its parties carried by role (comparison/carry.ts):
 * the strategy's own token source and check apply. */
export function withStrategy(scenario: Scenario, strategy: string): Scenario {
  return carryTo(scenario, strategy).scenario;
}

/** A row for each strategy, in STRATEGIES' order, run by `simulator` (given every model). */
export function compareStrategies(scenario: Scenario, simulator: Simulator): ComparisonRow[] {
  return STRATEGIES.map((strategy) => compareUnder(scenario, strategy, simulator));
}

/**
 * One row: `scenario` carried to `strategy` and run by `simulator`. A row that cannot run (the
 * scenario does not carry, or `simulator` has no model of the strategy) says why in `error`.
 */
export function compareUnder(scenario: Scenario, strategy: StrategyDef, simulator: Simulator): ComparisonRow {
  const about = aboutStrategy(strategy.id);
  const base = {
    strategy: strategy.id,
    name: strategy.name,
    simplification: about?.simplification ?? '',
    caveat: about?.caveat ?? '',
    recordedOn: about?.recordedOn ?? null,
    sources: about?.sources ?? [],
    ...(about?.disputed ? { disputed: about.disputed } : {}),
  };
  let carried: Carried;
  let trace: Trace;
  try {
    carried = carryTo(scenario, strategy.id);
    trace = simulator.simulate(carried.scenario);
  } catch (e) {
    return {
      ...base,
      monotonicToken: false,
      staleWriteBlocked: null,
      cutShort: null,
      holderRefused: null,
      reason: '',
      warnings: [],
      carried: [],
      blockedWithoutCheck: null,
      trace: null,
      error: `This what-if could not be run under ${strategy.name}: ${(e as Error).message}`,
    };
  }
  const v = trace.verdict;
  const attempted = v.staleWritesAccepted + v.staleWritesRejected > 0;
  const blocked = isBlocked(trace);
  // Where the store's check is what blocks the zombie, say what happens without it (seed: "Yes,
  // if the resource checks it"), from a second run rather than from a sentence written by hand.
  const unchecked = blocked ? withoutCheck(carried.scenario, strategy, simulator) : null;
  const uncheckedReason = unchecked ? uncheckedSentence(unchecked) : '';
  const refused = holderRefusedIn(trace);
  return {
    ...base,
    // From the row's design (its token source), not from what this run happened to grant.
    monotonicToken:
      (carried.scenario.knobs.tokenSource ?? strategy.defaults.tokenSource) === 'none' ? null : v.tokensMonotonic,
    staleWriteBlocked: attempted ? blocked : null,
    cutShort: v.cutShort ?? null,
    holderRefused: refused,
    reason: [
      refused ? holderRefusedSentence(refused) : '',
      reasonFrom(trace, keptAliveWords(trace, strategy)),
      handover(trace),
      uncheckedReason,
    ]
      .filter(Boolean)
      .join(' '),
    warnings: warningsFrom(trace),
    carried: carried.notes,
    // That run stops at the first stale write a store accepts: whether a journal edit it logged
    // would have committed is not in it (the other journal nodes, not checking either, would log
    // it too), so any accept counts as getting in.
    blockedWithoutCheck: unchecked ? unchecked.verdict.staleWritesAccepted === 0 && isBlocked(unchecked) : null,
    trace,
    error: null,
  };
}

/** The run's first refused write of the lock's latest holder (Verdict.rightfulWriteRejected), or null. */
function holderRefusedIn(trace: Trace): HolderRefused | null {
  const first = trace.verdict.rightfulWriteRejected;
  const w = first ? trace.steps[first.step]?.write : undefined;
  if (!first || !w) return null;
  return {
    client: w.client,
    value: w.value,
    resource: first.resource,
    comparison: w.comparison,
    count: trace.verdict.rightfulWritesRejected,
  };
}

/** "Storage refused Client1's own write B, though nobody newer had the lock: 33 <= 33 -> REJECT."
 * and how many more it refused. */
function holderRefusedSentence(r: HolderRefused): string {
  const more = r.count > 1 ? ` It refused ${r.count} writes of the lock's rightful holder in all.` : '';
  return `${r.resource} refused ${r.client}'s own write ${r.value}, though nobody newer had the lock: ${r.comparison}.${more}`;
}

/**
 * Whether the stale holder's writes were kept from taking effect: every one refused, or (a quorum
 * journal) logged only by journal nodes too few to commit it, which recovery then repairs (QJM:
 * shared/domain.md, "A JN that missed newEpoch accepts NN1's write locally. It stays uncommitted").
 */
function isBlocked(trace: Trace): boolean {
  const v = trace.verdict;
  if (v.staleWritesAccepted === 0) return v.staleWritesRejected > 0;
  return staleEditsUncommitted(trace) !== null;
}

function withoutCheck(carried: Scenario, strategy: StrategyDef, simulator: Simulator): Trace | null {
  if (strategy.defaults.check === 'none' || !choicesOf(strategy).check.includes('none')) return null;
  // Only "does a stale write get in?" is asked of this run: it can stop at the first that does.
  return simulator.simulate(
    { ...carried, knobs: { ...carried.knobs, check: 'none' } },
    { untilStaleWriteAccepted: true },
  );
}

/**
 * Dangers the blocked column cannot show: a write accepted after its writer's grant had ended
 * (by the lock authority's reckoning), with nobody newer to overwrite; and a client that asked
 * for the lock and never got it, with why: still waiting, or gave up after its retries, named with
 * the retry policy that decided it and the grant it gave up against. A client that gives up while
 * the zombie's key is still held makes "no second holder" look safe; the policy is the reason.
 */
export function warningsFrom(trace: Trace): string[] {
  // A run cut short by its event budget says so before anything it found.
  const warnings: string[] = trace.verdict.cutShort ? [cutShortSentence(trace.verdict.cutShort)] : [];
  const seen = new Set<string>();
  // One pass: each write's latest send so far, and each grant by holder and token (a long run
  // has tens of thousands of steps; nothing here searches the trace again per write).
  const sends = new Map<string, Step>();
  const grants = new Map<string, LeaseRecord[]>();
  for (const l of trace.leases) {
    const key = `${l.holder}|${String(l.token)}`;
    const list = grants.get(key);
    if (list) list.push(l);
    else grants.set(key, [l]);
  }
  for (const step of trace.steps) {
    if (step.kind === 'write.sent') sends.set(`${step.party}|${step.detail?.value}`, step);
    const w = step.write;
    if (!w || w.verdict !== 'accepted' || w.stale) continue;
    const key = `${w.client}|${w.value}`;
    const sent = sends.get(key);
    if (!sent || seen.has(key)) continue;
    // The grant it was sent under: the holder's latest with that token granted by then.
    const lease = grants
      .get(`${w.client}|${String(w.token)}`)
      ?.filter((l) => l.grantedMs <= sent.timeMs)
      .at(-1);
    if (!lease || lease.endedMs === null || lease.endedMs > sent.timeMs) continue;
    seen.add(key);
    warnings.push(
      `${w.client} sent ${w.value} at ${fmt(sent.timeMs)} ms, after its grant had ${ENDED[lease.endReason ?? ''] ?? 'ended'} at ${fmt(lease.endedMs)} ms, and ${w.resource} accepted it. Nobody newer had written, so nothing was overwritten, but the lock no longer protected that write.`,
    );
  }
  const strategy = findStrategy(trace.scenario.strategy);
  for (const { client, failed, gaveUp } of neverGranted(trace)) {
    const last = failed[failed.length - 1];
    if (!gaveUp || !last) {
      // Waiting behind a grant still live at the end is the lock doing its job (the reason says
      // so: waitingBehind); waiting for a lock nobody held is something stuck.
      if (!heldAgainst(trace, client, trace.endMs))
        warnings.push(
          `${client} asked for the lock and never got it: it was still waiting when the run ended.${unsentWrites(trace, client)}`,
        );
      continue;
    }
    const policy = strategy ? retryPolicyFor(strategy, trace.knobs) : null;
    const limit = policy ? `its retry limit: ${retryPolicyWords(policy)}` : 'its retry limit';
    const tries = failed.length === 1 ? '1 try' : `${failed.length} tries`;
    warnings.push(
      `${client} asked for the lock and never got it: it gave up after ${tries} at ${fmt(last.timeMs)} ms (${limit})${heldAgainst(trace, client, last.timeMs)}, so no second holder ever wrote.`,
    );
  }
  return warnings;
}

/** ", while Client1's grant still ran until 9,898 ms": the grant `client` gave up against at
 * `atMs`, if one was live then (empty if none was: the lock was free and the tries failed anyway). */
function heldAgainst(trace: Trace, client: string, atMs: number): string {
  const live = trace.leases.find(
    (l) => l.holder !== client && l.grantedMs <= atMs && (l.endedMs === null || l.endedMs > atMs),
  );
  if (!live) return '';
  return live.endedMs === null
    ? `, while ${live.holder} still held the lock`
    : `, while ${live.holder}'s grant still ran until ${fmt(live.endedMs)} ms`;
}

/** How a grant ended (LeaseRecord.endReason), after "its grant had". */
const ENDED: Record<string, string> = {
  expired: 'expired',
  released: 'been released',
  'lock service crashed': 'been lost in a crash of the lock service',
  'lost in a restore': 'been lost in a restore',
  superseded: 'been superseded',
  'validity over': 'run out of validity',
};

const fmt = (ms: number): string => ms.toLocaleString('en-US');

function uncheckedSentence(trace: Trace): string {
  const first = trace.verdict.staleWriteAccepted;
  if (!first) return 'Even a store that does not check is safe in this run.';
  const w = trace.steps[first.step]!.write!;
  return `Without the check, ${w.resource} accepts ${w.client}'s stale write ${w.value}.`;
}

/**
 * When the lock changed hands, and how long after the first holder's grant ended: "Client2 got the
 * lock at 2,005 ms, 1,000 ms after Client1's grant ended." The wait is the system's (a Chubby
 * lock-delay shows here) and the client's (how often it asks again). The first grant to a client
 * other than the first holder, against that holder's grant before it; '' where the lock never
 * changed hands (the warnings say why a client never got it).
 */
function handover(trace: Trace): string {
  const first = trace.leases[0];
  const next = first && trace.leases.find((l) => l.holder !== first.holder);
  if (!first || !next) return '';
  // The first holder's latest grant before the hand-over (it may have renewed or re-acquired).
  const before = trace.leases.filter((l) => l.holder === first.holder && l.grantedMs <= next.grantedMs).at(-1)!;
  const ended = before.endedMs !== null && before.endedMs <= next.grantedMs ? before.endedMs : null;
  const gap =
    ended === null
      ? `, while ${before.holder}'s grant had not ended`
      : ended === next.grantedMs
        ? `, as ${before.holder}'s grant ended`
        : `, ${fmt(next.grantedMs - ended)} ms after ${before.holder}'s grant ended`;
  return `${next.holder} got the lock at ${fmt(next.grantedMs)} ms${gap}.`;
}

/** `keptAlive`: why a holder still held the lock, said where the race never formed (keptAliveWords). */
function reasonFrom(trace: Trace, keptAlive = ''): string {
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
      return `Journal nodes ${[...edit.refused].sort().join(', ')} refused epoch ${formatToken(w.token)} (they had promised ${formatToken(w.maxSeenAfter)}): too few journal nodes logged the edit to commit it${edit.aborted ? `, and ${w.client} aborts` : ''}.`;
    const lucky = refusedByChance(trace);
    return `${w.resource} rejected ${w.client}'s stale write ${w.value}: ${w.comparison}.${lucky ? ` ${chanceSentence(lucky.write)}` : ''}`;
  }
  // A stale write the network lost never met a store's check: attempted, but nothing to block.
  const lost = lostStaleWrite(trace);
  if (lost) return lost;
  // A write its own client held back (it no longer believed it held the lock) is why none reached a store.
  const skipped = trace.steps.find((s) => s.kind === 'write.skipped');
  if (skipped) return `No stale write reached a store: ${skipped.text}`;
  const tokens = tokenList(v.tokensIssued);
  return `No stale write was attempted in this run: no holder wrote once a newer one had the lock (${tokens ? `tokens issued: ${tokens}` : 'no token was issued'}).${waitingBehind(trace, keptAlive)}`;
}

/**
 * Why a holder still held the lock when the run ended, where its client keeps its lease alive: the
 * real systems' clients always do (StrategyAbout.keptAlive), the generic ones with the keepalive
 * knob on. Said only where the race never formed (waitingBehind): without it, such a row read as
 * weaker than one whose lease ran out.
 */
function keptAliveWords(trace: Trace, strategy: StrategyDef): string {
  const words = aboutStrategy(strategy.id)?.keptAlive;
  const knobs = effectiveKnobs(strategy, trace.scenario.knobs);
  if (!words || (strategy.hasRenewalKnobs && knobs.keepalive !== true)) return '';
  return typeof words === 'string' ? words : words(periodWords(renewEveryMsOf(knobs)));
}

/** "333 ms" under a second, "10 s", "1.5 s", "300 s" from there: a renewal period in words. */
function periodWords(ms: number): string {
  return ms < 1000 ? `${fmt(ms)} ms` : `${(ms / 1000).toLocaleString('en-US', { maximumFractionDigits: 3 })} s`;
}

/**
 * "Client1's stale write Y, sent at 1,500 ms, after Client2 had been granted the lock, was dropped
 * by the network: no store saw it, so there was nothing to block." for the first write sent by a
 * holder already superseded whose message was dropped (a cut, or the network's own losses) or
 * lost (it arrived at a store that was down); null if there is none.
 */
function lostStaleWrite(trace: Trace): string | null {
  for (const message of trace.messages) {
    if (message.status !== 'dropped' && message.status !== 'lost') continue;
    const step = trace.steps[message.sentStep];
    if (step?.kind !== 'write.sent' || message.from !== step.party) continue;
    const client = step.party;
    const own = trace.leases.filter((l) => l.holder === client && l.grantedMs <= step.timeMs).at(-1);
    if (!own) continue;
    const newer = trace.leases.find(
      (l) => l.holder !== client && l.grantedMs > own.grantedMs && l.grantedMs <= step.timeMs,
    );
    if (!newer) continue;
    const value = step.detail?.value;
    const fate = message.status === 'dropped' ? 'was dropped by the network' : `arrived while ${message.to} was down`;
    return `${client}'s stale write${value ? ` ${value}` : ''}, sent at ${fmt(step.timeMs)} ms, after ${newer.holder} had been granted the lock, ${fate}: no store saw it, so there was nothing to block.`;
  }
  return null;
}

/**
 * " The race never formed: Client2 was still waiting for the lock when the run ended, while
 * Client1 still held it." for each client that asked, never got it and was still waiting behind a
 * grant live at the run's end (warningsFrom warns of a client waiting for a lock nobody held).
 */
function waitingBehind(trace: Trace, keptAlive = ''): string {
  const behind = neverGranted(trace)
    .filter(({ gaveUp }) => !gaveUp)
    .flatMap(({ client }) => {
      const holder = heldAgainst(trace, client, trace.endMs);
      return holder ? [{ client, holder }] : [];
    });
  const waiting = behind.map(
    ({ client, holder }) => `${client} was still waiting for the lock when the run ended${holder}`,
  );
  const unsent = behind.map(({ client }) => unsentWrites(trace, client)).join('');
  return waiting.length
    ? ` The race never formed: ${waiting.join('; ')}.${unsent}${keptAlive ? ` ${keptAlive}` : ''}`
    : '';
}

/** " Client2's write X was never sent.": the writes `client` queued for a lock it was still
 * waiting for when the run ended (the verdict's endedWaiting), or nothing. */
function unsentWrites(trace: Trace, client: string): string {
  const queued = trace.verdict.endedWaiting?.find((w) => w.client === client)?.queuedWrites ?? [];
  if (queued.length === 0) return '';
  return ` ${client}'s ${queued.length === 1 ? `write ${queued[0]} was` : `writes ${queued.join(', ')} were`} never sent.`;
}

/**
 * Each client that asked for the lock and was never granted it, with its failed tries and whether
 * it gave up (its last try named no retry): the rest were still waiting when the run ended.
 */
function neverGranted(trace: Trace): { client: string; failed: Step[]; gaveUp: boolean }[] {
  const granted = new Set(trace.leases.map((l) => l.holder));
  const asked = new Set(trace.scenario.actions.flatMap((a) => (a.type === 'acquire' ? [a.client] : [])));
  return [...asked]
    .filter((client) => !granted.has(client))
    .map((client) => {
      const failed = trace.steps.filter((s) => s.kind === 'lock.failed' && s.party === client);
      const last = failed.at(-1);
      return { client, failed, gaveUp: last?.kind === 'lock.failed' && last.detail?.retryInMs === undefined };
    });
}
