// Plain-words narration of one step, built from the step's structured note. The UI shows it as
// the "why" line; the CLI prints it. Invariant: narration only describes, it never decides: every
// fact in a sentence is a field of the note or of the party's state after the step.

import type { Note, NoteOf } from '../core/party';
import type { KnownStrategyId } from '../core/defaults';
import { isSystemKind } from '../core/vocabulary';
import type { FieldValue, TokenValue } from '../core/trace';
import { formatToken, tokenField } from '../protocol/tokens';
import { narrateSystem } from './narrateSystems';
import { messageWords } from './messageWords';
import { CHECK_HELD_BACK } from '../machines/client';

export interface NarrationInput {
  /** The run's strategy: which system's words the step is told in. */
  system: KnownStrategyId;
  party: string;
  note: Note;
  stale: boolean;
  /** When the superseded writer's lease had not ended: the newer holder it shares the lock with. */
  alsoHolding?: string | null;
  /** Whether a store's verdict compared two random values, so that its order is luck. By default,
   * whether both tokens are text: the model's random values are text, its counters numbers. */
  luck?: boolean;
  fields: Record<string, FieldValue>;
}

const tok = (note: Note): string => formatToken(note.token ?? null);
/** A store's max_seen in a sentence: "empty" before it has seen any token, never "none". */
const seen = (value: TokenValue): string => (value === null ? 'empty' : formatToken(value));
const tokenInParens = (note: Note): string =>
  note.token === null || note.token === undefined ? '' : ` (token ${tok(note)})`;
const other = (note: Note): string => note.parties?.[0] ?? '';

// eslint-disable-next-line max-lines-per-function -- one case per step kind, exhaustive (a kind without words fails typecheck at unreachable()): a kind's sentence is found under its own name, in one place.
export function narrate({ system, party, note, stale, alsoHolding = null, luck, fields }: NarrationInput): string {
  const told = narrateSystem({ system, party, note, stale });
  if (told !== null) return told;
  // A system-only step its system did not word needs no more than its kind.
  if (isSystemKind(note)) return `${party}: ${note.kind}.`;
  const w = note.write;
  const chance =
    w &&
    w.maxSeenBefore !== null &&
    !w.comparison.includes(' = ') &&
    !w.comparison.includes(' != ') &&
    (luck ?? isText(w.token, w.maxSeenBefore))
      ? ' Both are random values, so the order is luck.'
      : '';
  switch (note.kind) {
    case 'lock.requested':
      return `${party} asks ${other(note)} for the lock.`;
    case 'lock.retried':
      return `${party} has had no grant yet and asks ${other(note)} again.`;
    case 'lock.granted':
      return note.token === null
        ? `${party} grants the lock to ${note.holder} as a plain lease (no token); it expires at ${note.detail?.expiresAtMs} ms on ${party}'s clock.`
        : `${party} grants the lock to ${note.holder} with token ${tok(note)}; the lease expires at ${note.detail?.expiresAtMs} ms on ${party}'s clock.${kept(note)}`;
    case 'lock.regranted':
      return `${party} repeats its grant to ${note.holder}${note.token === null ? ' (a plain lease, no token)' : tokenInParens(note)}.`;
    case 'lock.queued':
      if (note.holder !== undefined && note.holder === note.client)
        return `${party} queues ${note.client} behind its own earlier session, which still holds the lock.`;
      if (note.detail?.lockDelayUntilMs !== undefined)
        return `${party} queues ${note.client}: the lock is free, but held back by a lock-delay until ${note.detail.lockDelayUntilMs} ms.`;
      return `${party} queues ${note.client}: ${note.holder ?? 'someone'} holds the lock.`;
    case 'lock.waiting':
      if (note.detail?.lockDelayUntilMs !== undefined)
        return `${party} waits: the lock is free, but held back by a lock-delay until ${note.detail.lockDelayUntilMs} ms.`;
      if (note.holder === party)
        return `${party} waits behind its own earlier session, which still holds the lock until the server expires it.`;
      return note.holder ? `${party} waits: ${note.holder} holds the lock.` : `${party} waits its turn for the lock.`;
    case 'lock.acquired':
      // A holder that is never told (stop policy `never`) has no deadline of its own.
      if (note.detail?.believedUntilMs === undefined)
        return `${party} receives ${note.token === null ? 'a plain lease (no token)' : `token ${tok(note)}`} and will act as the holder until it releases the lock, whatever becomes of its lease: only a store that refuses its token can stop it.`;
      if (note.token === null)
        return `${party} receives a plain lease (no token) and believes it holds the lock until ${note.detail?.believedUntilMs} ms on its own clock.`;
      return `${party} receives token ${tok(note)} and believes it holds the lock until ${note.detail?.believedUntilMs} ms on its own clock.`;
    case 'lease.expired':
      if (note.holder && note.detail?.lockDelayMs !== undefined)
        return `The lease of ${note.holder}${tokenInParens(note)} is over on ${party}'s clock, but nobody may take the lock for the ${note.detail.lockDelayMs} ms lock-delay.`;
      return note.holder
        ? `The lease of ${note.holder}${tokenInParens(note)} is over on ${party}'s clock: the lock is free again, whatever ${note.holder} believes.`
        : `The lease is over on ${party}'s clock.`;
    case 'lease.none':
      return `${party} has no lease to expire.`;
    case 'lock.released':
      return `${party} frees the lock that ${note.holder} released.`;
    case 'release.ignored':
      return `${party} ignores a release from ${other(note)}: that grant is no longer the current one.`;
    case 'lock.releasing':
      return `${party} releases the lock${tokenInParens(note)}.`;
    case 'release.skipped':
      return `${party} holds no lock to release.`;
    case 'acquire.skipped':
      return `${party} already holds or is waiting for the lock.`;
    case 'lease.lapsed':
      if (note.detail?.cause !== undefined)
        return `${party} stops believing it holds the lock${tokenInParens(note)}: ${note.detail.cause}.`;
      return `${party}'s own clock says its lease${tokenInParens(note)} has run out, so it stops believing it holds the lock.`;
    case 'lease.lost':
      return `${party}'s lock library has lost the lock${tokenInParens(note)}: ${note.detail?.cause}. Its application does not act on that and goes on as the holder.`;
    case 'lease.checked': {
      const d = note.detail;
      if (!d) return `${party} checks its lease.`;
      const head = `${party} checks its lease before writing ${d.value}: its own clock reads ${d.ownClockMs} ms and, by that clock, the lease runs until ${d.untilMs} ms`;
      return d.goAhead
        ? `${head}, ${d.leftMs} ms left -> it goes ahead. The write leaves as the next step: nothing checks again in between.`
        : `${head}, over ${-d.leftMs} ms ago -> it holds the write back.`;
    }
    case 'renewal.refused':
      return `${party} refuses to renew ${note.client}'s lease: that lease is over, so ${note.client} no longer holds the lock.`;
    case 'lockDelay.ended':
      return `${party}'s lock-delay is over: the lock may be taken again.`;
    case 'write.sent':
      return note.token === null
        ? `${party} sends write(${note.parties?.join(', ')}, ${note.detail?.value}) with no token, believing it holds the lock.`
        : `${party} sends write(${note.parties?.join(', ')}, ${tok(note)}, ${note.detail?.value}), believing it holds the lock.`;
    case 'store.fenced': {
      const d = note.detail;
      if (!d) return `${party} is fenced by ${note.client}.`;
      return d.accepted
        ? `${note.client} has just taken the lock and fences ${party} with its token before writing anything: ${d.comparison}. From now on a write with an older token is refused, even one that arrives before ${note.client} has written.`
        : `${note.client} tries to fence ${party} with token ${tok(note)}, but ${party} already knows a newer holder: ${d.comparison}. ${note.client} lets the lock go.`;
    }
    case 'fence.acked': {
      const held = note.detail?.held ?? 0;
      const go =
        held === 0
          ? 'It may write from now on.'
          : `The ${held === 1 ? 'write' : `${held} writes`} it held back until now ${held === 1 ? 'goes' : 'go'}.`;
      return `${party} learns that ${note.parties?.[0] ?? 'the store'} took its token ${tok(note)}. ${go}`;
    }
    case 'write.queued':
      return `${party} will write ${note.detail?.value} as soon as it holds the lock.`;
    case 'write.skipped':
      // Held back by its own check of the lease: the write was never queued for the lock.
      if (note.detail?.cause === CHECK_HELD_BACK)
        return `${party} does not send ${note.detail.value}: ${note.detail.cause}.`;
      if (note.detail?.cause !== undefined)
        return `${party} drops the write ${note.detail.value} it was holding for the lock: ${note.detail.cause}.`;
      return `${party} does not believe it holds the lock, so it does not write ${note.detail?.value}.`;
    case 'write.accepted':
      if (!w) return `${party} accepts a write.`;
      if (note.detail?.blob === 'plain-put')
        return `${party} is a plain blob store: a PUT overwrites, so ${w.client}'s write ${w.value} is stored. ${w.token === null ? 'No token came with it, and' : `Token ${formatToken(w.token)} came with it, but`} with no conditional write nothing can compare it.${staleSentence(party, w.client, stale, alsoHolding)}`;
      if (note.detail?.blob === 'if-match')
        return `${party}'s front read version ${note.detail.ifMatch} (max_seen ${seen(w.maxSeenBefore)}) and checks ${w.client}'s write ${w.value}: ${w.comparison}. Unchanged since the read, the object is now version ${note.detail.version}, max_seen ${seen(w.maxSeenAfter)}.${staleSentence(party, w.client, stale, alsoHolding)}`;
      return `${party} checks ${w.client}'s write ${w.value}: ${w.comparison}${w.maxSeenAfter === null ? ' (it remembers no token)' : `, max_seen = ${formatToken(w.maxSeenAfter)}`}.${chance}${staleSentence(party, w.client, stale, alsoHolding)}`;
    case 'write.rejected':
      if (!w) return `${party} rejects a write.`;
      if (note.detail?.blob === 'if-match')
        return `${party}'s front read version ${note.detail.ifMatch} (max_seen ${seen(w.maxSeenBefore)}) and checks ${w.client}'s write ${w.value}: ${w.comparison} (${w.reason}). No put is sent.`;
      return `${party} checks ${w.client}'s write ${w.value}: ${w.comparison} (${w.reason}); max_seen stays ${seen(w.maxSeenAfter)}.${chance}`;
    case 'write.acked':
      return `${party} learns that ${other(note)} accepted its write ${note.detail?.value}.`;
    case 'write.refused': {
      // A recording's client hears the verdict, not the store's reason.
      const why = note.detail?.reason === undefined ? '' : ` (${note.detail.reason})`;
      return note.detail?.fenced
        ? `${party} learns that ${other(note)} refused its write ${note.detail?.value}${why}, so it stops believing it holds the lock.`
        : `${party} learns that ${other(note)} refused its write ${note.detail?.value}${why}.`;
    }
    case 'effect.sent':
      return stale
        ? `${party} sends the email for ${note.client}, whose grant had been superseded: nothing outside the fence checks its token.`
        : `${party} sends the email for ${note.client}; it checks no token.`;
    case 'client.paused':
      return `${party} freezes (a stop-the-world pause)${note.detail?.durationMs ? ` for ${note.detail?.durationMs} ms` : ''}: it processes nothing, its timers included.`;
    case 'client.resumed':
      return `${party} wakes, unaware that time has passed, and carries on with what it believed.`;
    case 'node.crashed':
      return note.holder
        ? `${party} crashes and forgets the lease of ${note.holder}.`
        : `${party} crashes: messages sent to it are lost until it restarts.`;
    case 'node.restarted':
      return restartText(party, note, fields);
    case 'network.partitioned':
      return `The network between ${party} and ${other(note)} is cut: messages between them are lost.`;
    case 'network.healed':
      return `The network between ${party} and ${other(note)} is healed.`;
    case 'network.delayArmed':
      return `The next message from ${party} to ${other(note)} will be held up for an extra ${note.detail?.extraMs} ms.`;
    case 'message.dropped':
      return `The network loses ${messageWords(note.detail?.type)} from ${other(note)} to ${party}.`;
    case 'message.lost':
      return `${capital(messageWords(note.detail?.type))} from ${other(note)} reaches ${party} while it is down and is lost.`;
    case 'clock.jumped': {
      const delta = Number(note.detail?.deltaMs);
      const stands =
        note.detail?.timerClock === 'monotonic'
          ? ` It times its leases on a monotonic clock, which the step does not move: nothing expires early or late.`
          : '';
      return `${party}'s clock jumps ${delta >= 0 ? 'forward' : 'back'} by ${Math.abs(delta)} ms.${stands}`;
    }
    case 'message.ignored':
      return ignoredText(party, note);
    default:
      return unreachable(note);
  }
}

/** A lease the service keeps longer than it promised (a grace factor), said after the grant. */
function kept(note: NoteOf<'lock.granted'>): string {
  const promised = note.detail?.promisedUntilMs;
  if (promised === undefined) return '';
  return ` It told ${note.holder} the lease ends at ${promised} ms, and keeps it longer, as Consul may.`;
}

/** A message a party had no use for; for a grant, why believing it would have been wrong. */
function ignoredText(party: string, note: NoteOf<'message.ignored'>): string {
  const d = note.detail;
  if (d?.type === 'lock.grant' && d.reason === 'older')
    return `${party} ignores a late grant${tokenInParens(note)} from ${other(note)}: it has had a newer grant since, so this one is stale news.`;
  if (d?.type === 'lock.grant' && d.reason === 'over')
    return `${party} ignores a grant${tokenInParens(note)} that came too late: timed from when it asked, that lease ended at ${d.believedUntilMs} ms on its own clock.`;
  if (d?.type === 'lock.renewFailed')
    return `${party} hears from ${other(note)} that its renewal was refused; its library already knew that lease was over.`;
  return `${party} ignores ${messageWords(d?.type)} from ${other(note)}: it has no use for it now.`;
}

const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** Every kind has a case above: a new kind without words is a type error here. */
function unreachable(note: never): never {
  throw new Error(`narrate: no words for a step of kind "${(note as Note).kind}"`);
}

/** Whether two tokens are both text: two random values, the model's only tokens that are. */
function isText(token: TokenValue, maxSeen: TokenValue): boolean {
  return typeof token === 'string' && typeof maxSeen === 'string';
}

/**
 * The sentence said after a superseded writer's write: a zombie's if its lease is over, two
 * holders' otherwise; '' for a write that is not stale. Starts with a space.
 */
export function staleSentence(party: string, client: string, stale: boolean, alsoHolding: string | null): string {
  if (!stale) return '';
  if (alsoHolding)
    return ` ${client} and ${alsoHolding} both hold the lock now (${client}'s lease has not ended); ${party} cannot tell them apart.`;
  return ` That write came from a zombie: ${client}'s grant had been superseded.`;
}

function restartText(party: string, note: NoteOf<'node.restarted'>, fields: Record<string, FieldValue>): string {
  const source = note.detail?.tokenSource;
  if (source === 'resetting-counter') {
    return `${party} restarts; its counter lived only in memory, so the next token is ${Number(fields.counter) + 1} again: old tokens will be reissued.`;
  }
  if (source === 'durable-counter')
    return `${party} restarts; its counter was persisted and is still ${fields.counter}.`;
  if (source !== undefined) return `${party} restarts with no lease held.`;
  if (note.detail?.maxSeenDurable === false) {
    return `${party} restarts; max_seen was kept only in memory and is gone (it was ${seen(note.detail?.maxSeenBefore ?? null)}).`;
  }
  if (note.detail?.maxSeenDurable === true)
    return `${party} restarts; max_seen was persisted and is still ${seen(tokenField(fields.maxSeen ?? null))}.`;
  return `${party} restarts.`;
}
