// HDFS-style epochs (the quorum journal manager): a NameNode becomes the writer by getting a
// quorum of journal nodes to promise it a new epoch, and every edit carries that epoch. The
// journal nodes are the fence: they refuse edits from any epoch below their promise.
// Invariant: quorums intersect, so a deposed writer can never again gather a quorum of edits.

import type { Knobs } from '../core/scenario';
import type { PartyInfo } from '../core/trace';
import type { StrategyDef } from './types';
import { storesAndMailer } from './systemParties';

export const JOURNALS = ['JN1', 'JN2', 'JN3'];

/** How long a round of calls to the journal nodes (getJournalState, newEpoch) may take (ms). */
export const QJM_ROUND_TIMEOUT_MS = 200;

/**
 * How long a writer waits for a quorum to acknowledge an edit before it stands down (ms): Hadoop's
 * dfs.qjournal.write-txns.timeout.ms, 20,000 by default (hdfs-default.xml); the NameNode then
 * aborts, as it does when a quorum refuses.
 */
export const QJM_WRITE_TIMEOUT_MS = 20_000;

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
  ownTimersMs: () => ({ rounds: 2 * QJM_ROUND_TIMEOUT_MS, writeTimeout: QJM_WRITE_TIMEOUT_MS }),
  parties,
};
