// Words for the pitfall knobs: what each choice is and what it does to the fence.

import type { CheckMode, TokenSource } from '../../engine';

export const TOKEN_SOURCES: { value: TokenSource; label: string; explain: string }[] = [
  {
    value: 'durable-counter',
    label: 'Durable counter',
    explain: 'Each grant gets the next number, written down before the reply, so it keeps climbing across restarts.',
  },
  {
    value: 'resetting-counter',
    label: 'Counter kept in memory',
    explain: 'Counts up like the durable one, but a restart forgets it and old numbers are handed out again.',
  },
  {
    value: 'uuid',
    label: 'Random value (UUID-like)',
    explain: 'Unique, but random: a later grant is as likely to compare lower as higher.',
  },
  {
    value: 'wall-clock',
    label: "Lock service's clock",
    explain: 'The time of the grant in ms. A clock stepped back (NTP, a VM migration) issues smaller tokens later.',
  },
  { value: 'none', label: 'No token', explain: 'A plain lease: the client has nothing to show the resource.' },
];

type Words = { label: string; explain: string };

/**
 * What the token source choices mean in a real system's own terms: ZooKeeper's "durable counter"
 * is the lock node's czxid, etcd's is the key's create revision, and so on.
 */
const SYSTEM_SOURCES: Record<string, Partial<Record<TokenSource, Words>>> = {
  zookeeper: {
    'durable-counter': {
      label: "The lock node's czxid",
      explain:
        'The id of the transaction that created the lock node: it only grows, across restarts and recreated parents.',
    },
    'resetting-counter': {
      label: "The lock node's sequence suffix",
      explain:
        "The number ZooKeeper appends to a sequential node's name. It counts per parent and starts again at 0 once the empty parent is deleted and recreated.",
    },
  },
  etcd: {
    'durable-counter': {
      label: "The lock key's create revision",
      explain: 'The cluster-wide revision at which the lock key was created: it only grows.',
    },
    'resetting-counter': {
      label: 'Create revision, after a restore without --bump-revision',
      explain:
        'Restoring an old snapshot sets the revision back, so revisions already handed out are handed out again.',
    },
  },
  chubby: {
    'durable-counter': {
      label: "The lock's generation number (sequencer)",
      explain: 'It grows each time the lock goes from free to held; a sequencer carries it to the server.',
    },
  },
  qjm: {
    'durable-counter': {
      label: "The writer's epoch",
      explain: 'A quorum of journal nodes promises the new writer an epoch above any it has promised before.',
    },
  },
};

/** The token source choices, worded for the strategy when it has words of its own. */
export function tokenSourcesFor(strategyId: string): { value: TokenSource; label: string; explain: string }[] {
  const own = SYSTEM_SOURCES[strategyId] ?? {};
  return TOKEN_SOURCES.map((t) => ({ ...t, ...own[t.value] }));
}

export const CHECKS: { value: CheckMode; label: string; explain: string }[] = [
  {
    value: 'reject-le',
    label: 'reject token <= max_seen',
    explain:
      'The seed article’s rule, and the one that fences: a write is refused unless its token is larger than any accepted before. Equal counts as stale, so one token can never write for two holders.',
  },
  {
    value: 'reject-lt',
    label: 'reject token < max_seen',
    explain:
      'Equal tokens pass; only smaller ones are refused. Harmless while every grant gets a fresh number; if a number is ever issued twice, both holders can write.',
  },
  {
    value: 'token-seq',
    label: 'compare (token, seq) pairs',
    explain:
      'Each write carries its token and the client’s own write counter; pairs are compared in order, so one holder can write many times while an older token stays refused.',
  },
  {
    value: 'none',
    label: 'no check',
    explain: 'Tokens may be carried, but nothing compares them: a token nobody checks fences nothing.',
  },
];
