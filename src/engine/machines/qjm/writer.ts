// A NameNode becoming the quorum journal's writer (Hadoop's QuorumJournalManager): it reads the
// journal nodes' last promised epochs from a quorum, proposes 1 + the largest as its epoch with
// newEpoch, and writes once a quorum has promised. Each edit goes to every journal node with the
// epoch and the next IPC serial; it commits when a quorum acknowledges it. If a quorum refuses an
// edit, the writer has been deposed and aborts, as a NameNode does.
// Invariant it relies on: two quorums of three journal nodes always share one, so an epoch below
// the newest promised one can never again gather a quorum.

import { enqueueActions, setup } from 'xstate';
import { type EnqueueArgs, effect, effectActions, timerEvent } from '../effects';
import { assertEvent, assertMessage } from '../assertEvent';
import * as W from '../common/writer';
import * as G from '../common/grant';
import * as Q from './rounds';
import { lateReply, quorumOf as majorityOf } from '../common/quorum';

interface QjmWriterInput {
  /** This writer's own party id: it names itself the holder of the epoch it wins. */
  self: string;
  journals: string[];
  /** Stores outside the journal (an unchecked Storage2) and a mailer, if the scenario has them. */
  resources: string[];
  mailer: string | null;
  /** How long a round of calls may take before the writer gives up (Hadoop: many seconds). */
  roundTimeoutMs: number;
  /** How long an edit may wait for a quorum's acknowledgement before the writer stands down
   * (Hadoop's dfs.qjournal.write-txns.timeout.ms). */
  writeTimeoutMs: number;
}

interface QjmWriterContext extends QjmWriterInput, W.WriterFields {
  round: Q.Round | null;
  rounds: number;
  txid: number;
  committedTxid: number;
  acks: Record<number, Q.Acks>;
}

type QjmWriterEvent = W.ClientEvent<
  | { type: 'qjm.state'; round: number; lastPromisedEpoch: number; lastTxid: number }
  | { type: 'qjm.promised'; round: number; epoch: number; lastTxid: number }
  | { type: 'qjm.refused'; round: number; epoch: number; lastPromisedEpoch: number }
  | { type: 'timer.round'; round: number }
  | { type: 'timer.write'; txid: number; grantId: number | null }
  | { type: 'round.won'; round: number }
  | { type: 'round.lost'; round: number },
  W.WriteReply & { txid?: number }
>;

const quorumOf = (ctx: QjmWriterContext): number => majorityOf(ctx.journals.length);
/** Refusals of one edit (or round) after which no quorum can say yes. */
const refusalsToDepose = (ctx: QjmWriterContext): number => Q.refusalsToLose(ctx.journals.length);

/** A journal node's answer to an edit is tallied; any other store's is only noted. */
const storeReply = [{ guard: 'isJournalReply', actions: 'journalReply' }, { actions: W.noteReply }] as const;

/**
 * A round in progress: won, it moves on to `target` with `action`; at its timeout, a quorum that
 * already said yes still counts (the timeout was noticed late, after a pause), else it failed.
 * Writes asked for meanwhile wait for the outcome.
 */
const roundOn = <T extends string, A extends string>(target: T, action: A) =>
  ({
    'round.won': { guard: 'isThisRound', target, actions: action },
    'timer.round': [
      { guard: 'hasQuorum', target, actions: action },
      { guard: 'isThisRound', target: 'idle', actions: 'failRound' },
    ],
    'cmd.write': { actions: 'queueWrite' },
  }) as const;

const qjmWriterSetup = setup({
  types: { context: {} as QjmWriterContext, events: {} as QjmWriterEvent, input: {} as QjmWriterInput },
  actions: effectActions,
  guards: {
    isThisRound: ({ context, event }) => 'round' in event && event.round === context.round?.id,
    /** A quorum already answered yes: a timeout noticed late (after a pause) does not undo it. */
    hasQuorum: ({ context, event }) =>
      'round' in event && event.round === context.round?.id && context.round.yes.length >= quorumOf(context),
    isJournalReply: ({ event }) => 'txid' in event && typeof event.txid === 'number',
    /** This refusal leaves the current edit short of any quorum: a newer writer holds the promises. */
    isDeposing: ({ context, event }) =>
      event.type === 'write.nack' &&
      typeof event.txid === 'number' &&
      event.grantId === context.grantId &&
      (context.acks[event.txid]?.no.length ?? 0) + 1 === refusalsToDepose(context),
    /** An edit of the epoch held now had no quorum's acknowledgement within the write timeout. */
    isUnanswered: ({ context, event }) =>
      event.type === 'timer.write' &&
      event.grantId === context.grantId &&
      (context.acks[event.txid]?.yes.length ?? 0) < quorumOf(context),
  },
});

type WriterArgs = EnqueueArgs<typeof qjmWriterSetup>;

/** A round of `kind` calls to every journal node, with a timeout. */
function enqueueRound({ context, enqueue }: WriterArgs, kind: Q.Round['kind'], epoch: number): void {
  const id = context.rounds + 1;
  const round = Q.newRound(id, kind, epoch);
  enqueue.assign({ round, rounds: id });
  const type = kind === 'getJournalState' ? 'qjm.getState' : 'qjm.newEpoch';
  for (const jn of context.journals) enqueue(effect.send(jn, { type, round: id, epoch }));
  enqueue.raise(timerEvent({ type: 'timer.round', round: id }), { id: 'round', delay: context.roundTimeoutMs });
}

export const qjmWriterMachine = qjmWriterSetup
  .extend({
    actions: {
      /** A round of calls to every journal node, with a timeout. */
      startRound: enqueueActions((args: WriterArgs, params: { kind: Q.Round['kind']; epoch: number }) =>
        enqueueRound(args, params.kind, params.epoch),
      ),
      /** One answer of the current round; the quorum decides what happens next. */
      tally: qjmWriterSetup.enqueueActions(({ context, event, enqueue, self }) => {
        const r = context.round;
        assertMessage(self, event, ['qjm.state', 'qjm.promised', 'qjm.refused']);
        if (!r) throw new Error(`qjmWriter: a '${event.type}' answer with no round in progress (isThisRound)`);
        const yes = event.type !== 'qjm.refused';
        const promised = 'lastPromisedEpoch' in event ? event.lastPromisedEpoch : 0;
        const next = Q.tally(r, event.from, yes, promised, 'lastTxid' in event ? event.lastTxid : 0);
        enqueue.assign({ round: next });
        const quorum = quorumOf(context);
        enqueue(
          effect.note({
            kind: 'quorum.reply',
            parties: [event.from],
            token: r.kind === 'newEpoch' ? r.epoch : undefined,
            detail: {
              round: r.kind,
              ok: yes,
              yes: next.yes.length,
              quorum,
              ...(yes ? {} : { promised: next.maxPromised }),
            },
          }),
        );
        if (next.yes.length === quorum) enqueue(effect.self({ type: 'round.won', round: r.id }));
        if (next.no.length === refusalsToDepose(context)) enqueue(effect.self({ type: 'round.lost', round: r.id }));
      }),
      failRound: qjmWriterSetup.enqueueActions(({ context, enqueue }) => {
        enqueue.cancel('round');
        const r = context.round;
        enqueue(
          effect.note({
            kind: 'lock.failed',
            parties: context.journals,
            detail: {
              round: r?.kind ?? '',
              yes: r?.yes.length ?? 0,
              quorum: quorumOf(context),
              promised: r?.maxPromised ?? 0,
            },
          }),
        );
        const cause = `no quorum promised it an epoch (${r?.yes.length ?? 0} of ${quorumOf(context)} answered yes)`;
        for (const note of W.dropQueuedWrites(context, cause)) enqueue(effect.note(note));
        enqueue.assign({ round: null, pendingWrites: [] });
      }),
      /** The journal nodes' state is in: propose one more than the newest epoch a quorum promised. */
      proposeEpoch: qjmWriterSetup.enqueueActions((args) =>
        enqueueRound(args, 'newEpoch', args.context.round!.maxPromised + 1),
      ),
      /** A quorum promised our epoch: we are the writer, unless a newer epoch was granted meanwhile. */
      becomeWriter: qjmWriterSetup.enqueueActions(({ context, event, enqueue }) => {
        const r = context.round!;
        enqueue.cancel('round');
        const epoch = r.epoch;
        // Ghost: grants are numbered by epoch. A writer that learns of its quorum only after a newer
        // epoch was granted (it was paused) was deposed before it knew: that is not a new grant.
        const late = epoch < event.env.nextGrantId - 1;
        const detail = { quorum: r.yes.join(', ') };
        if (!late) {
          enqueue(
            effect.note({
              kind: 'lock.granted',
              parties: r.yes,
              holder: context.self,
              token: epoch,
              grantId: epoch,
              detail,
              // The quorum's promise is what deposes every older epoch: no lease runs out.
              supersedes: true,
            }),
          );
        }
        const g = W.takeGrant(epoch, epoch, null, r.yes, { ...detail, ...(late ? { late: true } : {}) });
        W.enqueueGrant(enqueue, context, g, { round: null, txid: r.maxTxid, committedTxid: r.maxTxid, acks: {} });
      }),
      write: qjmWriterSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertEvent(self, event, 'cmd.write');
        const txid = context.txid + 1;
        const fields = { txid, committedTxid: context.committedTxid };
        const edits = context.journals.map((to) => ({ to, type: 'qjm.journal', fields }));
        const out = W.writeOut(context, event.value, edits);
        for (const e of out.effects) enqueue(e);
        enqueue.assign({ ...out.patch, txid, acks: { ...context.acks, [txid]: { yes: [], no: [] } } });
        enqueue.raise(timerEvent({ type: 'timer.write', txid, grantId: context.grantId }), {
          id: `write:${txid}`,
          delay: context.writeTimeoutMs,
        });
      }),
      /** No quorum acknowledged an edit in time: the writer cannot know its log is safe, and aborts. */
      standDown: qjmWriterSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertEvent(self, event, 'timer.write');
        const acks = context.acks[event.txid] ?? { yes: [], no: [] };
        const answered = acks.yes.length + acks.no.length;
        const cause =
          `no quorum of ${quorumOf(context)} journal nodes acknowledged edit ${event.txid} within its write timeout of ` +
          `${context.writeTimeoutMs.toLocaleString('en-US')} ms (${answered === 0 ? 'none answered' : `${acks.yes.length} did`})`;
        for (const txid of Object.keys(context.acks)) enqueue.cancel(`write:${txid}`);
        const lapse = W.lapse(context, cause);
        enqueue(
          effect.note({ ...lapse, detail: { ...lapse.detail, aborted: true, writeTimeoutMs: context.writeTimeoutMs } }),
        );
        enqueue.assign(W.noGrant);
      }),
      noteLateReply: qjmWriterSetup.enqueueActions(({ event, enqueue }) =>
        enqueue(effect.note(lateReply(event.from, event.type !== 'qjm.refused'))),
      ),
      queueWrite: qjmWriterSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertEvent(self, event, 'cmd.write');
        W.enqueueQueuedWrite(enqueue, context, event.value);
      }),
      /** A NameNode that lets go only stops writing: it sends the journal nodes nothing. */
      release: qjmWriterSetup.enqueueActions(({ context, enqueue }) =>
        G.enqueueRelease(enqueue, context, context.journals, null, W.noGrant),
      ),
      forgetGrant: qjmWriterSetup.enqueueActions(({ enqueue }) => enqueue.assign(W.noGrant)),
      journalReply: qjmWriterSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertMessage(self, event, ['write.ack', 'write.nack']);
        // isJournalReply (or isDeposing) let only a journal node's answer, which names its edit, through.
        if (event.txid === undefined)
          throw new Error(`qjmWriter: a journal '${event.type}' from ${event.from} without a txid`);
        const ok = event.type === 'write.ack';
        const next = Q.ack(context.acks[event.txid], event.from, ok);
        enqueue.assign({ acks: { ...context.acks, [event.txid]: next } });
        const quorum = quorumOf(context);
        const current = event.grantId === context.grantId;
        const committed = ok && next.yes.length === quorum;
        const deposed = !ok && current && next.no.length === refusalsToDepose(context);
        if (committed && current) {
          enqueue.assign({ committedTxid: Math.max(context.committedTxid, event.txid) });
          enqueue.cancel(`write:${event.txid}`);
        }
        const note = W.replyNote(event, deposed);
        enqueue(
          effect.note({
            ...note,
            detail: { ...note.detail, txid: event.txid, yes: next.yes.length, no: next.no.length, quorum, committed },
          }),
        );
        // No quorum can log this edit any more: a newer epoch holds the promises. A NameNode aborts.
        if (deposed) {
          const cause = `${next.no.join(', ')} refused epoch ${context.token}, so no quorum of ${quorum} can log its edits`;
          const lapse = W.lapse(context, cause);
          enqueue(effect.note({ ...lapse, detail: { ...lapse.detail, aborted: true } }));
        }
      }),
    },
  })
  .createMachine({
    id: 'qjmWriter',
    context: ({ input }) => ({
      ...input,
      ...W.writerDefaults,
      // A writer has no lease to lose: it acts until a journal node refuses its epoch, so the
      // stop policies do not apply (it is as if each were `lost`).
      stopActing: 'lost' as const,
      round: null,
      rounds: 0,
      txid: 0,
      committedTxid: 0,
      acks: {},
    }),
    initial: 'idle',
    on: {
      'write.ack': storeReply,
      'write.nack': storeReply,
      // An answer to a round already decided (or abandoned) changes nothing.
      'qjm.state': { actions: 'noteLateReply' },
      'qjm.promised': { actions: 'noteLateReply' },
      'qjm.refused': { actions: 'noteLateReply' },
      ...W.skipOn,
      'cmd.write': { actions: W.noteSkippedWrite },
    },
    states: {
      idle: {
        on: {
          'cmd.acquire': {
            target: 'reading',
            actions: [
              { type: 'note', params: ({ context }) => ({ kind: 'lock.requested', parties: context.journals }) },
              { type: 'startRound', params: { kind: 'getJournalState', epoch: 0 } },
            ],
          },
        },
      },
      reading: {
        on: {
          'qjm.state': { guard: 'isThisRound', actions: 'tally' },
          ...roundOn('proposing', 'proposeEpoch'),
        },
      },
      proposing: {
        on: {
          'qjm.promised': { guard: 'isThisRound', actions: 'tally' },
          'qjm.refused': { guard: 'isThisRound', actions: 'tally' },
          'round.lost': { guard: 'isThisRound', target: 'idle', actions: 'failRound' },
          ...roundOn('holding', 'becomeWriter'),
        },
      },
      holding: {
        on: {
          ...G.holdingOn,
          // A quorum refused an edit: a newer writer holds the promises. A NameNode aborts here.
          'write.nack': {
            guard: 'isDeposing',
            target: 'idle',
            actions: ['journalReply', 'forgetGrant'],
          },
          'timer.write': { guard: 'isUnanswered', target: 'idle', actions: 'standDown' },
        },
      },
    },
  });
