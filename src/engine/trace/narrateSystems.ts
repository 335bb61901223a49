// Narration for the real systems' steps (sessions, quorums, znodes, revisions, sequencers, epochs):
// the plain-words sentence and the article-style compact phrase. narrate() and stepPhrase() ask
// here first and fall back to the generic wording when this returns null.
// Invariant: like narrate(), it only describes; every fact is a field of the note or the step. The
// system is the run's strategy, never guessed from which fields a detail has; a field is read only
// for what it says (which of a system's parties, which phase).

import type { KnownStrategyId } from '../core/defaults';
import type { Step } from '../core/trace';
import { formatToken } from '../protocol/tokens';
import type { NarrationInput } from './narrate';
import { narrateK8s, phraseK8s } from './narrateK8s';

/** What a system's words need of the step: no more than the generic narration is given. */
type Input = Pick<NarrationInput, 'system' | 'party' | 'note' | 'stale'>;

/** " (zxid 5)", or '' where the fact is not known (a recording does not see every field). */
const known = (before: string, value: unknown, after = ''): string =>
  value === undefined || value === null ? '' : `${before}${String(value)}${after}`;
const list = (parties: string[] | undefined): string => (parties ?? []).filter(Boolean).join(', ');
const span = (parties: string[]): string =>
  parties.length > 3 ? `${parties[0]}..${parties[parties.length - 1]}` : parties.join(', ');
/** "session 0x1" (ZooKeeper), "lease 7" (etcd) or "session" (Chubby). */
const sessionName = (d: { session?: string | null; lease?: string } | undefined): string =>
  d?.session !== undefined ? `session ${d.session}` : d?.lease !== undefined ? `lease ${d.lease}` : 'session';

/** The sentence for a system step, or null to use the generic narration. */
// eslint-disable-next-line max-lines-per-function -- one case per step kind, each holding every system's sentence for it side by side; a kind no system words differently falls to the generic narration.
export function narrateSystem({ system, party, note, stale }: Input): string | null {
  if (system === 'k8s-lease') {
    const own = narrateK8s(party, note);
    if (own) return own;
  }
  const other = note.parties?.[0] ?? '';
  const t = formatToken(note.token ?? null);
  switch (note.kind) {
    case 'lock.requested':
      if ((note.parties?.length ?? 0) < 2) return null;
      return system === 'redlock'
        ? `${party} asks ${list(note.parties)} to SET its random value${known(' ', note.detail?.value)} (NX, PX) and starts its clock.`
        : `${party} asks ${list(note.parties)} for their promised epochs.`;
    case 'session.opened':
      return system === 'zookeeper'
        ? `${party} opens session ${note.detail?.session} for ${note.client}${known(' (zxid ', note.detail?.zxid, ')')}; it expires if ${note.client} is silent for ${note.detail?.timeoutMs} ms on ${party}'s clock.`
        : `${party} grants ${note.client} lease ${note.detail?.lease} with a TTL of ${note.detail?.timeoutMs} ms on ${party}'s clock.`;
    case 'session.ready':
      return `${party} has ${sessionName(note.detail)}; it starts its heartbeats and asks for the lock.`;
    case 'session.unknown':
      if (system === 'etcd')
        return note.detail?.cause === 'restore'
          ? `${party} answers ${note.client} with LeaseNotFound: lease ${note.detail.lease} was wiped when ${party} was restored from an old snapshot.`
          : `${party} answers ${note.client} with LeaseNotFound: lease ${note.detail?.lease} expired, and its keys went with it.`;
      if (system === 'zookeeper')
        return `${party} answers ${note.client} with SESSION_EXPIRED: session ${note.detail?.session} expired, and its ephemeral nodes went with it.`;
      return `${party} tells ${note.client} its session has expired.`;
    case 'session.expired': {
      const deleted = note.detail?.node || note.detail?.key;
      return `${party} expires ${note.client}'s ${sessionName(note.detail)}${deleted ? ` and deletes ${deleted}` : ''}; ${note.client} was only waiting for the lock.`;
    }
    case 'session.suspended':
      return `${party} has heard nothing from ${other} for 2/3 of its session timeout: SUSPENDED. Curator advises treating that as having lost the lock; this client waits for LOST, so it still believes it holds what it held.`;
    case 'session.reconnected':
      return `${party} hears from ${other} again: RECONNECTED, session ${note.detail?.session} is alive.`;
    case 'session.lost':
      if (note.detail?.already)
        return `${party} hears that its session is gone (${note.detail.cause}); it had already stopped relying on it.`;
      return `${party} gives up its ${sessionName(note.detail)}: ${note.detail?.cause}.`;
    case 'key.set':
      return `${party} sets the key to ${note.holder}'s value ${t}${known('; it expires at ', note.detail?.expiresAtMs, ` ms on ${party}'s own clock`)}.`;
    case 'key.busy':
      return `${party} refuses ${note.client}'s SET NX: the key still holds ${note.holder}'s value ${t} until ${note.detail?.expiresAtMs} ms on its clock.`;
    case 'key.deleted':
      return `${party} deletes the key: it still held ${note.holder}'s value ${t} (compare-and-delete).`;
    case 'quorum.reply': {
      const d = note.detail;
      const answer = d?.ok ? 'yes' : 'no';
      if (d?.late) return `${party} hears ${answer} from ${other}, too late to matter.`;
      if (Number(d?.yes) > Number(d?.quorum))
        return `${party} hears ${answer} from ${other} to ${d?.round}; it already has its majority.`;
      return `${party} hears ${answer} from ${other} to ${d?.round}: ${d?.yes} yes so far, ${d?.quorum} needed.`;
    }
    case 'lock.failed': {
      const d = note.detail;
      return `${party} has ${d?.yes} yes of the ${d?.quorum} it needs${d?.validityMs !== undefined ? ` (validity left: ${d.validityMs} ms)` : ''}: no lock.${d?.retryInMs !== undefined ? ` It unlocks everywhere and retries in ${d.retryInMs} ms.` : ''}`;
    }
    case 'lock.granted': {
      const d = note.detail;
      switch (system) {
        case 'redlock':
          return `${party} holds the lock: ${d?.quorum} set its value ${t}, a majority, and ${d?.validityMs} ms of validity remain after the round and the drift allowance.`;
        case 'qjm':
          return `A quorum (${d?.quorum}) has promised epoch ${t}: ${party} is the writer, and no journal node that promised will take an older epoch.`;
        case 'zookeeper': {
          // The node's name ends in a number too (its sequence suffix), which a class takes for the
          // token when it differs from the czxid: it is said once which is which.
          const suffix = /(\d+)$/.exec(String(d?.node ?? ''))?.[1];
          const other =
            suffix !== undefined && Number(suffix) !== Number(note.token)
              ? ` (the ${Number(suffix)} in the node's name is another counter, this lock's own)`
              : '';
          const token =
            d?.czxid === note.token
              ? `its czxid, ${t}, is the token: the number of the change that created the node, in ZooKeeper's one history of changes${other}`
              : `its sequence suffix ${t} is the token (its czxid would be ${d?.czxid})`;
          return d?.watchFired !== undefined
            ? `${d.watchFired} is gone, so ${note.holder}'s watch on it fires: its node ${d.node} is now the lowest, so ${note.holder} holds the lock, and ${token}.`
            : `${note.holder}'s node ${d?.node} is the lowest, so ${note.holder} holds the lock, and ${token}.`;
        }
        case 'etcd':
          return `${party} gives the lock to ${note.holder}: its key ${d?.key} has the lowest create revision, ${t}, which is the token.`;
        case 'chubby':
          return `${party} grants the lock to ${note.holder}: generation ${t}, sequencer ${d?.sequencer}${d?.lockDelayMs !== undefined ? `, now that the ${d.lockDelayMs} ms lock-delay is over` : ''}.`;
        default:
          return null;
      }
    }
    case 'lock.acquired':
      if (system === 'qjm')
        return note.detail?.late
          ? `${party} learns a quorum promised epoch ${t}, unaware that a newer epoch was promised since: it believes it is the writer.`
          : `${party} is the writer with epoch ${t}.`;
      if (system === 'zookeeper')
        return `${party} learns its node ${note.detail?.node} is the lowest: it holds the lock with token ${t} for as long as its session lives.`;
      return null;
    case 'lock.queued':
      if (system === 'zookeeper')
        return `${party} creates ${note.client}'s node ${note.detail?.node} (czxid ${note.detail?.czxid}); it is not the lowest, so it watches ${note.detail?.watching}.`;
      if (system === 'etcd')
        return `${party} puts ${note.client}'s key ${note.detail?.key} at revision ${note.detail?.revision}; ${note.holder}'s key is older, so ${note.client} waits for it to be deleted.`;
      // Chubby queues a client behind a holder as the generic service does; only the lock-delay is its own.
      if (system === 'chubby' && note.detail?.lockDelayUntilMs !== undefined)
        return `${party} queues ${note.client}: the lock is free but held back by the lock-delay until ${note.detail.lockDelayUntilMs} ms.`;
      return null;
    case 'lock.waiting':
      if (system === 'zookeeper') return `${party} waits, watching ${note.detail?.watching}.`;
      if (system === 'chubby' && note.detail?.lockDelayUntilMs !== undefined)
        return `${party} waits for the lock-delay to end.`;
      return null;
    case 'lease.expired':
      switch (system) {
        case 'redlock':
          // Only one master's copy of the key expires here; the grant's validity is the client's.
          return note.detail?.scope === 'master'
            ? `${party}'s copy of the key (${note.holder}'s value ${t}) expires on ${party}'s own clock.`
            : null;
        case 'chubby':
          return `${note.holder}'s session is over on ${party}'s clock: the lock (generation ${t}) is free, but nobody may take it for the ${note.detail?.lockDelayMs} ms lock-delay.`;
        case 'zookeeper':
        case 'etcd':
          return `${party} expires ${note.holder}'s ${sessionName(note.detail)} on its own clock and deletes ${note.detail?.node || note.detail?.key} (token ${t}): the lock is free, whatever ${note.holder} believes.`;
        default:
          return null;
      }
    case 'lease.lapsed':
      if (note.detail?.aborted)
        return `${party} aborts, as a NameNode does when it loses its quorum: ${note.detail.cause}.`;
      if (note.detail?.cause === undefined) return null;
      return `${party} stops believing it holds the lock${note.token === null || note.token === undefined ? '' : ` (token ${t})`}: ${note.detail.cause}.`;
    case 'container.deleted':
      return `${party} deletes the lock's parent: a container that has had children and now has none. Recreated, its sequence numbers start again from 0.`;
    case 'journal.state':
      return `${party} tells ${note.client} its promised epoch is ${note.detail?.lastPromisedEpoch}.`;
    case 'epoch.promised':
      return `${party} promises epoch ${t} to ${note.client} (it had promised ${note.detail?.promisedBefore}): from now on it refuses older epochs.`;
    case 'epoch.refused':
      return `${party} refuses epoch ${t} from ${note.client}: it has already promised ${note.detail?.promisedBefore}.`;
    case 'release.ignored':
      return note.detail?.reason === 'value'
        ? `${party} deletes nothing: its key does not hold ${other}'s value ${t} (compare-and-delete).`
        : null;
    case 'lock.releasing':
      return note.detail?.unwanted
        ? `${party} is granted a lock it no longer waits for (token ${t}) and hands it straight back.`
        : null;
    case 'write.refused': {
      // A QJM writer hears each journal node; other clients hear their stores, told generically.
      const d = note.detail;
      if (system !== 'qjm' || d?.quorum === undefined) return null;
      return d.fenced
        ? `${party} learns ${other} refused its edit ${d.value} (${d.reason}): with ${d.no} refusals, no quorum of ${d.quorum} can log it.`
        : `${party} learns ${other} refused its edit ${d.value} (${d.reason}); ${d.yes} logged it, ${d.quorum} needed.`;
    }
    case 'write.acked': {
      const d = note.detail;
      if (system !== 'qjm' || d?.quorum === undefined) return null;
      return `${party} learns ${other} logged its edit ${d.value} (${d.yes} have, ${d.quorum} needed)${d.committed ? ': it is committed' : ''}.`;
    }
    case 'write.accepted':
    case 'write.rejected': {
      const w = note.write;
      const d = note.detail;
      if (!w) return null;
      // etcd's own guarded txn (check 'validity') and a QJM journal node tell their writes their
      // own way; the stores beside them are told generically. The txn's comparison, which the
      // narration's chip shows beside the sentence, is not said again: the guard already names it.
      if (system === 'etcd' && d?.guard !== undefined)
        return note.kind === 'write.accepted'
          ? `${party} runs ${w.client}'s transaction: put ${w.value} only if ${d.guard}. The condition holds (${w.reason}), so ${w.value} is written${known(' at revision ', d.revision)}.`
          : `${party} runs ${w.client}'s transaction: put ${w.value} only if ${d.guard}. The condition fails, so nothing is written: ${w.reason}.`;
      if (system !== 'qjm' || d?.txid === undefined) return null;
      return note.kind === 'write.accepted'
        ? `${party} logs ${w.client}'s edit ${w.value} (txn ${d.txid}): ${w.comparison}.${stale ? ` It came from a deposed writer: it stays uncommitted unless a quorum logs it.` : ''}`
        : `${party} refuses ${w.client}'s edit ${w.value} (txn ${d.txid}): ${w.comparison} (${w.reason}).`;
    }
    case 'node.restarted': {
      // Each system's lock authority restarts its own way; a store beside it restarts generically.
      const d = note.detail;
      if (system === 'zookeeper' && d?.epoch !== undefined)
        // A zxid is the leader's epoch in its high 32 bits and a counter in its low 32 (ZooKeeper's
        // ZxidUtils): the jump to 4294967296 and more is the epoch, not a burst of changes.
        return `${party} elects a new leader: epoch ${d.epoch}. ZooKeeper puts the leader's epoch at the front of every zxid, so a new leader's zxids start far above the last one's: from ${d.zxid} now. They stay larger than any before, so tokens still increase. Sessions and their nodes survive; their timeouts start again.`;
      if (system === 'etcd' && d?.restored === true)
        return `${party} is restored from an old snapshot without --bump-revision: the revision goes back from ${d.revisionBefore} to ${d.revision}, and every lease and key is gone.`;
      if (system === 'etcd' && d?.revision !== undefined)
        return `${party} restarts with its revisions intact (${d.revision}); the new leader extends every lease.`;
      if (system === 'chubby' && d?.generation !== undefined)
        return `${party} fails over to a new master; lock generation ${d.generation} is kept, and every session gets a fresh lease.`;
      if (system === 'qjm' && d?.lastPromisedEpoch !== undefined)
        return `${party} restarts with its promise (epoch ${d.lastPromisedEpoch}) and its log intact.`;
      if (system === 'redlock' && d?.persistence !== undefined)
        return `${party} restarts empty: it kept its keys only in memory (no fsync).`;
      return null;
    }
    default:
      return null;
  }
}

/** The article-style compact phrase for a system step, or null for the generic one. */
// eslint-disable-next-line max-lines-per-function -- one case per step kind, each holding every system's phrase for it side by side; a kind no system phrases differently falls to stepPhrase.
export function systemPhrase(step: Step, system: KnownStrategyId): { actor: string; action: string } | null {
  if (system === 'k8s-lease') {
    const own = phraseK8s(step);
    if (own) return own;
  }
  const p = step.party;
  const others = step.parties.slice(1);
  const t = formatToken(step.token ?? null);
  const at = (action: string) => ({ actor: p, action });
  switch (step.kind) {
    case 'lock.requested':
      return others.length > 1 ? at(`acquire(${span(others)})`) : null;
    case 'lock.granted': {
      const d = step.detail;
      if (system === 'redlock') return at(`holds a majority (${others.length} of ${d?.masters}) -> token ${t}`);
      if (system === 'qjm') return at(`quorum(${others.join(', ')}) -> epoch ${t}`);
      if (system === 'zookeeper')
        return at(
          `${d?.watchFired !== undefined ? `watch on ${d.watchFired} fires: ` : ''}${others[0]}'s node lowest -> token ${t}`,
        );
      return null;
    }
    case 'lock.acquired':
      return system === 'qjm' ? at(`is the writer (epoch ${t})`) : null;
    case 'session.opened':
      return at(
        `open ${system === 'zookeeper' ? `session ${step.detail?.session} (zxid ${step.detail?.zxid})` : `lease ${step.detail?.lease}`} for ${others[0]}`,
      );
    case 'session.ready':
      return at(`has ${system === 'zookeeper' ? `session ${step.detail?.session}` : `lease ${step.detail?.lease}`}`);
    case 'session.unknown':
      if (system === 'etcd')
        return at(
          `LeaseNotFound -> ${others[0]} (lease ${step.detail?.lease} ${step.detail?.cause === 'restore' ? 'wiped by the restore' : 'expired'})`,
        );
      if (system === 'zookeeper') return at(`SESSION_EXPIRED -> ${others[0]} (session ${step.detail?.session})`);
      return at(`session expired -> ${others[0]}`);
    case 'session.expired': {
      const d = step.detail;
      const name =
        d?.lease !== undefined ? `lease ${d.lease}` : d?.session !== undefined ? `session ${d.session}` : 'session';
      const deleted = d?.node || d?.key;
      return at(`${name} of ${others[0]} expires${deleted ? `, deletes ${deleted}` : ''}`);
    }
    case 'session.suspended':
      return at('SUSPENDED (no answer for 2/3 timeout)');
    case 'session.reconnected':
      return at('RECONNECTED');
    case 'session.lost':
      // A confirmation of a loss the client had already acted on is not a second loss.
      return step.detail?.already
        ? at(`already let go; hears ${step.detail.cause}`)
        : at(`session lost (${step.detail?.cause})`);
    case 'key.set':
      return at(`SET lock ${t} NX PX -> OK`);
    case 'key.busy':
      return at(`SET NX for ${others[0]} -> busy (${t})`);
    case 'key.deleted':
      return at(`DEL if ${t} -> deleted`);
    case 'quorum.reply': {
      const d = step.detail;
      const count = d?.late ? ' (late)' : Number(d?.yes) > Number(d?.quorum) ? '' : ` (${d?.yes}/${d?.quorum})`;
      // The round is named, so QJM's two phases (getJournalState, then newEpoch) read apart.
      return at(`${d?.ok ? 'yes' : 'no'} from ${others[0]}${d?.round !== undefined ? ` to ${d.round}` : ''}${count}`);
    }
    case 'lock.failed':
      return at(
        `no quorum (${step.detail?.yes}/${step.detail?.quorum})${step.detail?.retryInMs !== undefined ? ' -> unlock, retry' : ''}`,
      );
    case 'container.deleted':
      return at('deletes empty lock parent');
    case 'journal.state':
      return at(`getJournalState -> promised ${step.detail?.lastPromisedEpoch}`);
    case 'epoch.promised':
      return at(`newEpoch(${t}) -> promised`);
    case 'epoch.refused':
      return at(`newEpoch(${t}) -> refused (promised ${step.detail?.promisedBefore})`);
    case 'lock.queued':
      return at(
        `queue(${others[0]})${system === 'zookeeper' && step.detail?.watching !== undefined ? ` watching ${step.detail.watching}` : ''}`,
      );
    case 'lock.waiting':
      return at(
        system === 'chubby' && step.detail?.lockDelayUntilMs !== undefined
          ? 'waits for the lock-delay'
          : 'waits for the lock',
      );
    case 'write.queued':
      return at(`will write ${step.detail?.value} once it holds the lock`);
    case 'write.acked': {
      const d = step.detail;
      if (system !== 'qjm' || d?.quorum === undefined) return null;
      // Past the quorum a count says nothing more ("3/2"): the edit had already committed.
      if (Number(d.yes) > d.quorum) return at(`learns ${others[0]} logged edit ${d.value} too (after the quorum)`);
      return at(
        `learns ${others[0]} logged edit ${d.value} (${d.yes}/${d.quorum})${d.committed ? ' -> committed' : ''}`,
      );
    }
    case 'write.refused': {
      const d = step.detail;
      if (system !== 'qjm' || d?.quorum === undefined) return null;
      return at(`learns ${others[0]} refused edit ${d.value}${d.fenced ? ` -> no quorum (${d.no} refused)` : ''}`);
    }
    case 'lease.expired': {
      const d = step.detail;
      if (system === 'redlock') return d?.scope === 'master' ? at(`key(${t}) expires`) : null;
      if (system === 'chubby') return at(`session of ${others[0]} expires; lock-delay ${d?.lockDelayMs} ms`);
      if (system === 'zookeeper') return at(`session ${d?.session} expires, deletes ${d?.node}`);
      if (system === 'etcd') return at(`lease ${d?.lease} expires, deletes ${d?.key}`);
      return null;
    }
    case 'lease.lapsed':
      if (step.detail?.writeTimeoutMs !== undefined)
        return at(`aborts: no quorum answered within ${step.detail.writeTimeoutMs} ms`);
      if (step.detail?.aborted) return at(`aborts: epoch ${t} can get no quorum`);
      if (step.detail?.cause === undefined) return null;
      return at(
        `gives up ${step.token === null || step.token === undefined ? 'its lease' : `token ${t}`}: ${step.detail.cause}`,
      );
    case 'release.ignored':
      return step.detail?.reason === 'value' ? at(`DEL if ${t} -> not its value`) : null;
    default:
      return null;
  }
}
