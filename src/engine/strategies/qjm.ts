// HDFS-style epochs (the quorum journal manager): a NameNode becomes the writer by getting a
// quorum of journal nodes to promise it a new epoch, and every edit carries that epoch. The
// journal nodes are the fence: they refuse edits from any epoch below their promise.
// Invariant: quorums intersect, so a deposed writer can never again gather a quorum of edits.

import type { Knobs } from '../core/scenario';
import type { PartySpec, StrategyDef } from './types';
import { fromMachine } from '../machines/fromMachine';
import { journalNodeMachine } from '../machines/qjm/journalNode';
import { qjmWriterMachine } from '../machines/qjm/writer';
import { erase, storesAndMailer, writerFields } from './systemParties';

export const JOURNALS = ['JN1', 'JN2', 'JN3'];

function build(knobs: Knobs, clients: string[]): PartySpec[] {
  const { resources, mailer, parties } = storesAndMailer(knobs, false);
  const checks = knobs.check !== 'none';
  const journals = JOURNALS.map((id, i) => ({
    info: { id, kind: 'resource' as const, label: `JournalNode ${i + 1}` },
    logic: erase(
      fromMachine(journalNodeMachine, { firstToken: knobs.firstToken, checks }, ({ context: c }) => ({
        // The promised epoch is this store's max_seen: nothing older is appended.
        maxSeen: c.lastPromisedEpoch,
        check: c.checks ? 'epoch' : 'none',
        lastWriterEpoch: c.lastWriterEpoch,
        ipcSerial: c.ipcSerial,
        lastTxid: c.lastTxid,
        committedTxid: c.committedTxid,
        value: c.value,
        accepted: c.accepted,
        rejected: c.rejected,
      })),
    ),
  }));
  const writers = clients.map((id) => ({
    info: { id, kind: 'client' as const, label: `${id} (NameNode)` },
    timerClock: 'monotonic' as const,
    logic: erase(
      fromMachine(
        qjmWriterMachine,
        { self: id, journals: JOURNALS, resources, mailer, roundTimeoutMs: 200 },
        ({ context: c }) => ({ epoch: c.token, txid: c.txid, committedTxid: c.committedTxid, ...writerFields(c) }),
      ),
    ),
  }));
  return [...journals, ...writers, ...parties];
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
  build,
};
