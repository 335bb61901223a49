// The quorum journal's model: the journal nodes (promised epochs, edits) and the NameNode writers,
// as XState machines; the parties are those ../strategies/qjm.ts lists.

import type { Model } from '../strategies/types';
import { JOURNALS, QJM_ROUND_TIMEOUT_MS, QJM_WRITE_TIMEOUT_MS, qjm } from '../strategies/qjm';
import { storesAndMailer, writerFields } from '../strategies/systemParties';
import { fromMachine } from '../machines/fromMachine';
import { journalNodeMachine } from '../machines/qjm/journalNode';
import { qjmWriterMachine } from '../machines/qjm/writer';
import { erase, withLogic } from './logic';
import { sharedLogic } from './generic';

export const model: Model = (knobs, clients) => {
  const { resources, mailer } = storesAndMailer(knobs, false);
  const checks = knobs.check !== 'none';
  return withLogic(qjm.parties(knobs, clients), (info) => {
    if (JOURNALS.includes(info.id))
      return {
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
      };
    if (info.kind === 'client')
      return {
        timerClock: 'monotonic',
        logic: erase(
          fromMachine(
            qjmWriterMachine,
            {
              self: info.id,
              journals: JOURNALS,
              resources,
              mailer,
              roundTimeoutMs: QJM_ROUND_TIMEOUT_MS,
              writeTimeoutMs: QJM_WRITE_TIMEOUT_MS,
            },
            ({ context: c }) => ({ epoch: c.token, txid: c.txid, committedTxid: c.committedTxid, ...writerFields(c) }),
          ),
        ),
      };
    return sharedLogic(info, knobs);
  });
};
