// Narration for the real systems' steps (sessions, quorums, znodes, revisions, sequencers, epochs):
// the plain-words sentence and the seed-style compact phrase. narrate() and stepPhrase() ask here
// first and fall back to the generic wording when this returns null.
// Invariant: like narrate(), it only describes; every fact is a field of the note or the step.

import type { Note } from '../core/party';
import type { FieldValue, Step } from '../core/trace';
import { formatToken } from '../protocol/tokens';

interface Input {
  party: string;
  note: Note;
  stale: boolean;
  fields: Record<string, FieldValue>;
}

const d = (note: { detail?: Record<string, FieldValue> }, key: string): FieldValue | undefined => note.detail?.[key];
const has = (note: { detail?: Record<string, FieldValue> }, key: string): boolean => note.detail?.[key] !== undefined;
const tok = (t: unknown): string => formatToken((t ?? null) as never);
const list = (parties: string[] | undefined): string => (parties ?? []).filter(Boolean).join(', ');
const span = (parties: string[]): string =>
  parties.length > 3 ? `${parties[0]}..${parties[parties.length - 1]}` : parties.join(', ');
const sessionName = (note: Note): string =>
  has(note, 'session') ? `session ${d(note, 'session')}` : has(note, 'lease') ? `lease ${d(note, 'lease')}` : 'session';

/** The sentence for a system step, or null to use the generic narration. */
export function narrateSystem({ party, note, stale }: Input): string | null {
  const other = note.parties?.[0] ?? '';
  const t = tok(note.token);
  switch (note.kind) {
    case 'lock.requested':
      if ((note.parties?.length ?? 0) < 2) return null;
      return has(note, 'value')
        ? `${party} asks ${list(note.parties)} to SET its random value ${d(note, 'value')} (NX, PX) and starts its clock.`
        : `${party} asks ${list(note.parties)} for their promised epochs.`;
    case 'session.opened':
      return has(note, 'zxid')
        ? `${party} opens session ${d(note, 'session')} for ${note.client} (zxid ${d(note, 'zxid')}); it expires if ${note.client} is silent for ${d(note, 'timeoutMs')} ms on ${party}'s clock.`
        : `${party} grants ${note.client} lease ${d(note, 'lease')} with a TTL of ${d(note, 'timeoutMs')} ms on ${party}'s clock.`;
    case 'session.ready':
      return `${party} has ${sessionName(note)}; it starts its heartbeats and asks for the lock.`;
    case 'session.unknown':
      if (has(note, 'lease'))
        return d(note, 'cause') === 'restore'
          ? `${party} answers ${note.client} with LeaseNotFound: lease ${d(note, 'lease')} was wiped when ${party} was restored from an old snapshot.`
          : `${party} answers ${note.client} with LeaseNotFound: lease ${d(note, 'lease')} expired, and its keys went with it.`;
      if (has(note, 'session'))
        return `${party} answers ${note.client} with SESSION_EXPIRED: session ${d(note, 'session')} expired, and its ephemeral nodes went with it.`;
      return `${party} tells ${note.client} its session has expired.`;
    case 'session.expired':
      return `${party} expires ${note.client}'s ${sessionName(note)}${d(note, 'node') || d(note, 'key') ? ` and deletes ${d(note, 'node') || d(note, 'key')}` : ''}; ${note.client} was only waiting for the lock.`;
    case 'session.suspended':
      return `${party} has heard nothing from ${other} for 2/3 of its session timeout: SUSPENDED. Curator advises treating that as having lost the lock; this client waits for LOST, so it still believes it holds what it held.`;
    case 'session.reconnected':
      return `${party} hears from ${other} again: RECONNECTED, session ${d(note, 'session')} is alive.`;
    case 'session.lost':
      if (d(note, 'already'))
        return `${party} hears that its session is gone (${d(note, 'cause')}); it had already stopped relying on it.`;
      return `${party} gives up its ${sessionName(note)}: ${d(note, 'cause')}.`;
    case 'key.set':
      return `${party} sets the key to ${note.holder}'s value ${t}; it expires at ${d(note, 'expiresAtMs')} ms on ${party}'s own clock.`;
    case 'key.busy':
      return `${party} refuses ${note.client}'s SET NX: the key still holds ${note.holder}'s value ${t} until ${d(note, 'expiresAtMs')} ms on its clock.`;
    case 'key.deleted':
      return `${party} deletes the key: it still held ${note.holder}'s value ${t} (compare-and-delete).`;
    case 'quorum.reply':
      if (d(note, 'late')) return `${party} hears ${d(note, 'ok') ? 'yes' : 'no'} from ${other}, too late to matter.`;
      if (Number(d(note, 'yes')) > Number(d(note, 'quorum')))
        return `${party} hears ${d(note, 'ok') ? 'yes' : 'no'} from ${other} to ${d(note, 'round')}; it already has its majority.`;
      return `${party} hears ${d(note, 'ok') ? 'yes' : 'no'} from ${other} to ${d(note, 'round')}: ${d(note, 'yes')} yes so far, ${d(note, 'quorum')} needed.`;
    case 'lock.failed':
      return `${party} has ${d(note, 'yes')} yes of the ${d(note, 'quorum')} it needs${has(note, 'validityMs') ? ` (validity left: ${d(note, 'validityMs')} ms)` : ''}: no lock.${has(note, 'retryInMs') ? ` It unlocks everywhere and retries in ${d(note, 'retryInMs')} ms.` : ''}`;
    case 'lock.granted':
      if (has(note, 'validityMs'))
        return `${party} holds the lock: ${d(note, 'quorum')} set its value ${t}, a majority, and ${d(note, 'validityMs')} ms of validity remain after the round and the drift allowance.`;
      if (has(note, 'quorum'))
        return `A quorum (${d(note, 'quorum')}) has promised epoch ${t}: ${party} is the writer, and no journal node that promised will take an older epoch.`;
      if (has(note, 'node')) {
        const token =
          d(note, 'czxid') === note.token
            ? `its czxid ${t} is the token`
            : `its sequence suffix ${t} is the token (its czxid would be ${d(note, 'czxid')})`;
        return has(note, 'watchFired')
          ? `${d(note, 'watchFired')} is gone, so ${note.holder}'s watch on it fires: its node ${d(note, 'node')} is now the lowest, so ${note.holder} holds the lock, and ${token}.`
          : `${note.holder}'s node ${d(note, 'node')} is the lowest, so ${note.holder} holds the lock, and ${token}.`;
      }
      if (has(note, 'key'))
        return `${party} gives the lock to ${note.holder}: its key ${d(note, 'key')} has the lowest create revision, ${t}, which is the token.`;
      if (has(note, 'sequencer'))
        return `${party} grants the lock to ${note.holder}: generation ${t}, sequencer ${d(note, 'sequencer')}${has(note, 'lockDelayMs') ? `, now that the ${d(note, 'lockDelayMs')} ms lock-delay is over` : ''}.`;
      return null;
    case 'lock.acquired':
      if (d(note, 'late'))
        return `${party} learns a quorum promised epoch ${t}, unaware that a newer epoch was promised since: it believes it is the writer.`;
      if (has(note, 'quorum') && !has(note, 'validityMs')) return `${party} is the writer with epoch ${t}.`;
      if (has(note, 'node'))
        return `${party} learns its node ${d(note, 'node')} is the lowest: it holds the lock with token ${t} for as long as its session lives.`;
      return null;
    case 'lock.queued':
      if (has(note, 'watching'))
        return `${party} creates ${note.client}'s node ${d(note, 'node')} (czxid ${d(note, 'czxid')}); it is not the lowest, so it watches ${d(note, 'watching')}.`;
      if (has(note, 'key'))
        return `${party} puts ${note.client}'s key ${d(note, 'key')} at revision ${d(note, 'revision')}; ${note.holder}'s key is older, so ${note.client} waits for it to be deleted.`;
      if (has(note, 'lockDelayUntilMs'))
        return `${party} queues ${note.client}: the lock is free but held back by the lock-delay until ${d(note, 'lockDelayUntilMs')} ms.`;
      return null;
    case 'lock.waiting':
      if (has(note, 'watching')) return `${party} waits, watching ${d(note, 'watching')}.`;
      if (has(note, 'lockDelayUntilMs')) return `${party} waits for the lock-delay to end.`;
      return null;
    case 'lease.expired':
      if (d(note, 'scope') === 'master')
        return `${party}'s copy of the key (${note.holder}'s value ${t}) expires on ${party}'s own clock.`;
      if (has(note, 'lockDelayMs'))
        return `${note.holder}'s session is over on ${party}'s clock: the lock (generation ${t}) is free, but nobody may take it for the ${d(note, 'lockDelayMs')} ms lock-delay.`;
      if (has(note, 'session') || has(note, 'lease'))
        return `${party} expires ${note.holder}'s ${sessionName(note)} on its own clock and deletes ${d(note, 'node') || d(note, 'key')} (token ${t}): the lock is free, whatever ${note.holder} believes.`;
      return null;
    case 'lease.lapsed':
      if (d(note, 'aborted'))
        return `${party} aborts, as a NameNode does when it loses its quorum: ${d(note, 'cause')}.`;
      if (!has(note, 'cause')) return null;
      return `${party} stops believing it holds the lock (token ${t}): ${d(note, 'cause')}.`;
    case 'container.deleted':
      return `${party} deletes the lock's parent: a container that has had children and now has none. Recreated, its sequence numbers start again from 0.`;
    case 'journal.state':
      return `${party} tells ${note.client} its promised epoch is ${d(note, 'lastPromisedEpoch')}.`;
    case 'epoch.promised':
      return `${party} promises epoch ${t} to ${note.client} (it had promised ${d(note, 'promisedBefore')}): from now on it refuses older epochs.`;
    case 'epoch.refused':
      return `${party} refuses epoch ${t} from ${note.client}: it has already promised ${d(note, 'promisedBefore')}.`;
    case 'lockDelay.ended':
      return `${party}'s lock-delay is over: the lock may be taken again.`;
    case 'release.ignored':
      return d(note, 'reason') === 'value'
        ? `${party} deletes nothing: its key does not hold ${other}'s value ${t} (compare-and-delete).`
        : null;
    case 'lock.releasing':
      return d(note, 'unwanted')
        ? `${party} is granted a lock it no longer waits for (token ${t}) and hands it straight back.`
        : null;
    case 'write.refused':
      if (!has(note, 'quorum')) return null;
      return d(note, 'fenced')
        ? `${party} learns ${other} refused its edit ${d(note, 'value')} (${d(note, 'reason')}): with ${d(note, 'no')} refusals, no quorum of ${d(note, 'quorum')} can log it.`
        : `${party} learns ${other} refused its edit ${d(note, 'value')} (${d(note, 'reason')}); ${d(note, 'yes')} logged it, ${d(note, 'quorum')} needed.`;
    case 'write.acked':
      if (!has(note, 'quorum')) return null;
      return `${party} learns ${other} logged its edit ${d(note, 'value')} (${d(note, 'yes')} have, ${d(note, 'quorum')} needed)${d(note, 'committed') ? ': it is committed' : ''}.`;
    case 'write.accepted':
    case 'write.rejected': {
      const w = note.write;
      if (!w) return null;
      if (has(note, 'guard'))
        return note.kind === 'write.accepted'
          ? `${party} runs ${w.client}'s txn If ${d(note, 'guard')} Then Put(${w.value}): ${w.comparison}, written at revision ${d(note, 'revision')}.`
          : `${party} runs ${w.client}'s txn If ${d(note, 'guard')} Then Put(${w.value}): ${w.comparison}, nothing is written (${w.reason}).`;
      if (!has(note, 'txid')) return null;
      return note.kind === 'write.accepted'
        ? `${party} logs ${w.client}'s edit ${w.value} (txn ${d(note, 'txid')}): ${w.comparison}.${stale ? ` It came from a deposed writer: it stays uncommitted unless a quorum logs it.` : ''}`
        : `${party} refuses ${w.client}'s edit ${w.value} (txn ${d(note, 'txid')}): ${w.comparison} (${w.reason}).`;
    }
    case 'node.restarted':
      if (has(note, 'epoch'))
        return `${party} elects a new leader: epoch ${d(note, 'epoch')}, so zxids go on from ${d(note, 'zxid')}. Sessions and their nodes survive; their timeouts start again.`;
      if (d(note, 'restored') === true)
        return `${party} is restored from an old snapshot without --bump-revision: the revision goes back from ${d(note, 'revisionBefore')} to ${d(note, 'revision')}, and every lease and key is gone.`;
      if (has(note, 'revision'))
        return `${party} restarts with its revisions intact (${d(note, 'revision')}); the new leader extends every lease.`;
      if (has(note, 'generation'))
        return `${party} fails over to a new master; lock generation ${d(note, 'generation')} is kept, and every session gets a fresh lease.`;
      if (has(note, 'lastPromisedEpoch'))
        return `${party} restarts with its promise (epoch ${d(note, 'lastPromisedEpoch')}) and its log intact.`;
      if (has(note, 'persistence')) return `${party} restarts empty: it kept its keys only in memory (no fsync).`;
      return null;
    default:
      return null;
  }
}

/** The seed-style compact phrase for a system step, or null for the generic one. */
export function systemPhrase(step: Step): { actor: string; action: string } | null {
  const p = step.party;
  const others = step.parties.slice(1);
  const t = tok(step.token);
  const at = (action: string) => ({ actor: p, action });
  switch (step.kind) {
    case 'lock.requested':
      return others.length > 1 ? at(`acquire(${span(others)})`) : null;
    case 'lock.granted':
      if (has(step, 'validityMs'))
        return at(`holds a majority (${others.length} of ${d(step, 'masters')}) -> token ${t}`);
      if (has(step, 'quorum')) return at(`quorum(${others.join(', ')}) -> epoch ${t}`);
      if (has(step, 'node'))
        return at(
          `${has(step, 'watchFired') ? `watch on ${d(step, 'watchFired')} fires: ` : ''}${others[0]}'s node lowest -> token ${t}`,
        );
      return null;
    case 'lock.acquired':
      return has(step, 'quorum') && !has(step, 'validityMs') ? at(`is the writer (epoch ${t})`) : null;
    case 'session.opened':
      return at(
        `open ${has(step, 'zxid') ? `session ${d(step, 'session')} (zxid ${d(step, 'zxid')})` : `lease ${d(step, 'lease')}`} for ${others[0]}`,
      );
    case 'session.ready':
      return at(`has ${has(step, 'session') ? `session ${d(step, 'session')}` : `lease ${d(step, 'lease')}`}`);
    case 'session.unknown':
      if (has(step, 'lease'))
        return at(
          `LeaseNotFound -> ${others[0]} (lease ${d(step, 'lease')} ${d(step, 'cause') === 'restore' ? 'wiped by the restore' : 'expired'})`,
        );
      if (has(step, 'session')) return at(`SESSION_EXPIRED -> ${others[0]} (session ${d(step, 'session')})`);
      return at(`session expired -> ${others[0]}`);
    case 'session.expired':
      return at(
        `${has(step, 'lease') ? `lease ${d(step, 'lease')}` : has(step, 'session') ? `session ${d(step, 'session')}` : 'session'} of ${others[0]} expires${d(step, 'node') || d(step, 'key') ? `, deletes ${d(step, 'node') || d(step, 'key')}` : ''}`,
      );
    case 'session.suspended':
      return at('SUSPENDED (no answer for 2/3 timeout)');
    case 'session.reconnected':
      return at('RECONNECTED');
    case 'session.lost':
      return at(`session lost (${d(step, 'cause')})`);
    case 'key.set':
      return at(`SET lock ${t} NX PX -> OK`);
    case 'key.busy':
      return at(`SET NX for ${others[0]} -> busy (${t})`);
    case 'key.deleted':
      return at(`DEL if ${t} -> deleted`);
    case 'quorum.reply':
      return at(
        `${d(step, 'ok') ? 'yes' : 'no'} from ${others[0]}${d(step, 'late') ? ' (late)' : Number(d(step, 'yes')) > Number(d(step, 'quorum')) ? '' : ` (${d(step, 'yes')}/${d(step, 'quorum')})`}`,
      );
    case 'lock.failed':
      return at(
        `no quorum (${d(step, 'yes')}/${d(step, 'quorum')})${has(step, 'retryInMs') ? ' -> unlock, retry' : ''}`,
      );
    case 'container.deleted':
      return at('deletes empty lock parent');
    case 'journal.state':
      return at(`getJournalState -> promised ${d(step, 'lastPromisedEpoch')}`);
    case 'epoch.promised':
      return at(`newEpoch(${t}) -> promised`);
    case 'epoch.refused':
      return at(`newEpoch(${t}) -> refused (promised ${d(step, 'promisedBefore')})`);
    case 'lockDelay.ended':
      return at('lock-delay over');
    case 'lock.queued':
      return at(`queue(${others[0]})${has(step, 'watching') ? ` watching ${d(step, 'watching')}` : ''}`);
    case 'lock.waiting':
      return at(has(step, 'lockDelayUntilMs') ? 'waits for the lock-delay' : 'waits for the lock');
    case 'write.queued':
      return at(`will write ${d(step, 'value')} once it holds the lock`);
    case 'write.acked':
      if (!has(step, 'quorum')) return null;
      return at(
        `learns ${others[0]} logged edit ${d(step, 'value')} (${d(step, 'yes')}/${d(step, 'quorum')})${d(step, 'committed') ? ' -> committed' : ''}`,
      );
    case 'write.refused':
      if (!has(step, 'quorum')) return null;
      return at(
        `learns ${others[0]} refused edit ${d(step, 'value')}${d(step, 'fenced') ? ` -> no quorum (${d(step, 'no')} refused)` : ''}`,
      );
    case 'lease.expired':
      if (d(step, 'scope') === 'master') return at(`key(${t}) expires`);
      if (has(step, 'lockDelayMs'))
        return at(`session of ${others[0]} expires; lock-delay ${d(step, 'lockDelayMs')} ms`);
      if (has(step, 'session')) return at(`session ${d(step, 'session')} expires, deletes ${d(step, 'node')}`);
      if (has(step, 'lease')) return at(`lease ${d(step, 'lease')} expires, deletes ${d(step, 'key')}`);
      return null;
    case 'lease.lapsed':
      if (d(step, 'aborted')) return at(`aborts: epoch ${t} can get no quorum`);
      return has(step, 'cause') ? at(`gives up token ${t}: ${d(step, 'cause')}`) : null;
    case 'release.ignored':
      return d(step, 'reason') === 'value' ? at(`DEL if ${t} -> not its value`) : null;
    default:
      return null;
  }
}
