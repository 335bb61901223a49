// HDFS-style epochs (the quorum journal manager): a NameNode becomes the writer by getting a
// quorum of journal nodes to promise it a new epoch, and every edit carries that epoch. The
// journal nodes are the fence: they refuse edits from any epoch below their promise.
// Invariant: quorums intersect, so a deposed writer can never again gather a quorum of edits.

import type { Knobs } from '../core/scenario';
import type { PartyInfo } from '../core/trace';
import type { StrategyDef } from './types';
import { storesAndMailer } from './systemParties';

export const JOURNALS = ['JN1', 'JN2', 'JN3'];

/** The journal nodes are the fence (the store): there is no separate Storage. */
function parties(knobs: Knobs, clients: string[]): PartyInfo[] {
  return [
    ...JOURNALS.map((id, i): PartyInfo => ({ id, kind: 'resource', label: `JournalNode ${i + 1}` })),
    ...clients.map((id): PartyInfo => ({ id, kind: 'client', label: `${id} (NameNode)` })),
    ...storesAndMailer(knobs, false).parties,
  ];
}

export const qjm: StrategyDef = {
  id: 'qjm',
  name: 'HDFS epochs (quorum journal)',
  summary:
    'A NameNode becomes the writer by asking the journal nodes for their promised epochs and getting a quorum of them to promise 1 + the largest; every edit carries its epoch. A journal node refuses any edit from an epoch below its promise, so once a newer writer holds a quorum of promises, the old writer cannot get an edit acknowledged by a quorum, and it aborts.',
  timers:
    "No lease expires anywhere: an epoch lasts until a newer one is promised. Only the writer's round timeout is a timer, on a monotonic clock, so a wall-clock step changes nothing.",
  simplification:
    'There is no failover controller deciding who tries to become the writer and no recovery of unfinished log segments; journal nodes accept an edit from any epoch at or above their promise, without the real rule that it equal the epoch of the writer that started the segment (lastWriterEpoch), and do not check that transaction ids are contiguous; a round of calls gives up after 200 ms.',
  defaults: { tokenSource: 'durable-counter', check: 'token-seq' },
  hasStopPolicy: false,
  choices: { tokenSource: ['durable-counter'], check: ['token-seq', 'none'] },
  lockAuthority: 'JN1',
  authorityParties: JOURNALS,
  // No lease: a writer holds its epoch until a newer one is promised.
  leaseKnob: null,
  sourceWords: {
    'durable-counter': {
      label: "The writer's epoch",
      explain: 'A quorum of journal nodes promises the new writer an epoch above any it has promised before.',
    },
  },
  parties,
};
