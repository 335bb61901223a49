// An HDFS JournalNode: it promises epochs to NameNodes and appends their edits to its log.
// Checks, after Hadoop's Journal.java: newEpoch(e) is refused unless e > lastPromisedEpoch; any
// request with an epoch below the promise is refused, a higher one replaces the promise; and each
// request's IPC serial must exceed the last one of that epoch (catching reordered or replayed
// requests). The promise and the log are persisted; the IPC serial lives in memory.
// Invariant it protects: once it has promised epoch e it never appends an edit from an epoch
// below e, so a deposed writer cannot reach the quorum it needs to commit.

import { enqueueActions, setup } from 'xstate';
import type { Env } from '../../core/party';
import { effect, effectActions } from '../effects';
import { enqueueAccepted, enqueueRefused } from '../common/store';
import { assertMessage } from '../assertEvent';

interface JournalNodeInput {
  firstToken: number;
  /** False models journal nodes that do not check epochs (the "resource does not check" pitfall). */
  checks: boolean;
}

export interface JournalNodeContext extends JournalNodeInput {
  lastPromisedEpoch: number;
  lastWriterEpoch: number;
  ipcSerial: number;
  lastTxid: number;
  committedTxid: number;
  value: string | null;
  accepted: number;
  rejected: number;
}

type JournalEvent = { env: Env; from?: string } & (
  | { type: 'qjm.getState'; round: number }
  | { type: 'qjm.newEpoch'; round: number; epoch: number }
  | {
      type: 'qjm.journal';
      token: number;
      grantId: number;
      seq: number;
      txid: number;
      value: string;
      committedTxid: number;
    }
  | { type: 'lease.expireNow' }
  | { type: 'node.crash' }
  | { type: 'node.restart' }
);

/** The checks of one journal() call, written out like a store's comparison. */
function decideJournal(ctx: JournalNodeContext, epoch: number, serial: number) {
  const promised = ctx.lastPromisedEpoch;
  if (!ctx.checks)
    return { accept: true, reason: 'the journal does not check epochs', comparison: 'no check -> APPEND' };
  if (epoch < promised) {
    return {
      accept: false,
      reason: 'a newer writer has been promised',
      comparison: `epoch ${epoch} < promised ${promised} -> REJECT`,
    };
  }
  if (epoch === ctx.lastWriterEpoch && serial <= ctx.ipcSerial) {
    return {
      accept: false,
      reason: 'a repeated or reordered request',
      comparison: `(${epoch},${serial}) <= (${epoch},${ctx.ipcSerial}) -> REJECT`,
    };
  }
  return { accept: true, reason: 'the current epoch', comparison: `epoch ${epoch} >= promised ${promised} -> APPEND` };
}

type Journal = Extract<JournalEvent, { type: 'qjm.journal' }> & { from: string };
type NewEpoch = Extract<JournalEvent, { type: 'qjm.newEpoch' }> & { from: string };

/** One journal() call as its checks decide it, and what an append changes. */
function decideEdit(context: JournalNodeContext, event: Journal) {
  const { from, token: epoch, seq: serial } = event;
  const d = decideJournal(context, epoch, serial);
  const before = context.lastPromisedEpoch;
  const after = d.accept ? Math.max(before, epoch) : before;
  const w = {
    client: from,
    value: event.value,
    token: epoch,
    seq: serial,
    grantId: event.grantId,
    decision: d,
    maxSeenBefore: before,
    maxSeenAfter: after,
  };
  const applied = {
    lastPromisedEpoch: after,
    lastWriterEpoch: epoch,
    ipcSerial: serial,
    lastTxid: event.txid,
    committedTxid: Math.max(context.committedTxid, event.committedTxid),
  };
  return { w, applied };
}

/** The note on a newEpoch call, promised or refused. */
function epochNote(context: JournalNodeContext, { epoch, from }: NewEpoch) {
  const promised = context.lastPromisedEpoch;
  return effect.note({
    kind: epoch > promised ? 'epoch.promised' : 'epoch.refused',
    parties: [from],
    client: from,
    token: epoch,
    detail: { promisedBefore: promised },
  });
}

const journalNodeSetup = setup({
  types: { context: {} as JournalNodeContext, events: {} as JournalEvent, input: {} as JournalNodeInput },
  actions: effectActions,
  guards: {
    /** newEpoch(e) is promised only if e > lastPromisedEpoch: a promise never goes back. */
    isEpochNewer: ({ context, event }) => event.type === 'qjm.newEpoch' && event.epoch > context.lastPromisedEpoch,
    /**
     * The journal's fence (decideJournal): the edit's epoch is not below the promise, and its IPC
     * serial is new for that epoch. It protects the invariant that once epoch e is promised no
     * edit from an epoch below e is appended here.
     */
    isEditFresh: ({ context, event }) =>
      event.type === 'qjm.journal' && decideJournal(context, event.token, event.seq).accept,
  },
});

export const journalNodeMachine = journalNodeSetup
  .extend({
    actions: {
      getState: journalNodeSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertMessage(self, event, 'qjm.getState');
        const state = { lastPromisedEpoch: context.lastPromisedEpoch, lastTxid: context.lastTxid };
        enqueue(effect.send(event.from, { type: 'qjm.state', round: event.round, ...state }));
        enqueue(effect.note({ kind: 'journal.state', parties: [event.from], client: event.from, detail: state }));
      }),
      promiseEpoch: journalNodeSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertMessage(self, event, 'qjm.newEpoch');
        const { epoch, from, round } = event;
        enqueue.assign({ lastPromisedEpoch: epoch });
        enqueue(effect.send(from, { type: 'qjm.promised', round, epoch, lastTxid: context.lastTxid }));
        enqueue(epochNote(context, event));
      }),
      refuseEpoch: journalNodeSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertMessage(self, event, 'qjm.newEpoch');
        const { epoch, from, round } = event;
        enqueue(effect.send(from, { type: 'qjm.refused', round, epoch, lastPromisedEpoch: context.lastPromisedEpoch }));
        enqueue(epochNote(context, event));
      }),
      appendEdit: journalNodeSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertMessage(self, event, 'qjm.journal');
        const { w, applied } = decideEdit(context, event);
        enqueue.assign(applied);
        enqueueAccepted(enqueue, context, w, { txid: event.txid });
      }),
      rejectEdit: journalNodeSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertMessage(self, event, 'qjm.journal');
        enqueueRefused(enqueue, context, decideEdit(context, event).w, { txid: event.txid });
      }),
    },
  })
  .createMachine({
    id: 'journalNode',
    context: ({ input }) => ({
      ...input,
      lastPromisedEpoch: input.firstToken - 1,
      lastWriterEpoch: input.firstToken - 1,
      ipcSerial: 0,
      lastTxid: 0,
      committedTxid: 0,
      value: null,
      accepted: 0,
      rejected: 0,
    }),
    initial: 'up',
    states: {
      up: {
        on: {
          'qjm.getState': { actions: 'getState' },
          'qjm.newEpoch': [{ guard: 'isEpochNewer', actions: 'promiseEpoch' }, { actions: 'refuseEpoch' }],
          'qjm.journal': [{ guard: 'isEditFresh', actions: 'appendEdit' }, { actions: 'rejectEdit' }],
          // Epochs are not leases: nothing expires until a newer epoch is promised.
          'lease.expireNow': { actions: { type: 'note', params: { kind: 'lease.none' } } },
          'node.crash': { target: 'down', actions: { type: 'note', params: { kind: 'node.crashed' } } },
        },
      },
      down: {
        on: {
          'node.restart': {
            target: 'up',
            actions: [
              enqueueActions(({ enqueue }) => enqueue.assign({ ipcSerial: 0 })),
              {
                type: 'note',
                params: ({ context }) => ({
                  kind: 'node.restarted',
                  detail: { lastPromisedEpoch: context.lastPromisedEpoch },
                }),
              },
            ],
          },
        },
      },
    },
  });
