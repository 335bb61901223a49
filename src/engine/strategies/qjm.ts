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
  defaults: { tokenSource: 'durable-counter', check: 'token-seq' },
  hasStopPolicy: false,
  choices: { tokenSource: ['durable-counter'], check: ['token-seq', 'none'] },
  lockAuthority: 'JN1',
  authorityParties: JOURNALS,
  // No lease: a writer holds its epoch until a newer one is promised.
  leaseKnob: null,
  parties,
};
