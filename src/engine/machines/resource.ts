// A protected resource (a store). It remembers max_seen, the newest token it has accepted, and
// decides every write with the chosen check (protocol/check.ts).
// Invariant it protects under 'reject-le': max_seen only ever climbs, and no token at or below
// it is ever applied, so a zombie's write is dead once a newer holder's write has landed.

import { enqueueActions, setup } from 'xstate';
import type { BlobStore, CheckMode } from '../core/scenario';
import type { TokenValue } from '../core/trace';
import type { Env, NoteOf } from '../core/party';
import { effect, effectActions } from './effects';
import { type FenceDecision, decideFence, decideStoreWrite } from '../protocol/check';
import { enqueueAccepted, enqueueRefused } from './common/store';
import { assertMessage } from './assertEvent';

export interface ResourceInput {
  check: CheckMode;
  initialMaxSeen: TokenValue;
  maxSeenDurable: boolean;
  /** A blob store's kind (Knobs.blobStore); null: a store that checks tokens itself. */
  blobStore: BlobStore | null;
}

export interface ResourceContext extends ResourceInput {
  maxSeen: TokenValue;
  maxSeq: number;
  /** The object's version (a blob store's ETag): 1, an object already written, then one up per accepted put. */
  version: number;
  value: string | null;
  accepted: number;
  rejected: number;
}

type ResourceEvent = { env: Env; from?: string } & (
  | { type: 'write.request'; token: TokenValue; grantId: number; seq: number; value: string }
  | { type: 'fence.request'; token: TokenValue; grantId: number }
  | { type: 'node.crash' }
  | { type: 'node.restart' }
);

type WriteRequest = Extract<ResourceEvent, { type: 'write.request' }>;

/** The write as the resource's check decides it (protocol/check.ts), with max_seen before and after. */
function decide(context: ResourceContext, event: WriteRequest & { from: string }) {
  const d = decideStoreWrite(context.blobStore, context.check, context, event.token, event.seq);
  const { from: client, value, token, seq, grantId } = event;
  const w = {
    client,
    value,
    token,
    seq,
    grantId,
    decision: d,
    maxSeenBefore: context.maxSeen,
    maxSeenAfter: d.maxSeenAfter,
    ...(d.detail ? { detail: d.detail } : {}),
  };
  return { d, w };
}

/** The trace note for a fence at takeover by `client`, decided as `f` from `maxSeenBefore`. */
export function fenceNote(
  client: string,
  token: TokenValue,
  grantId: number,
  maxSeenBefore: TokenValue,
  f: FenceDecision,
): NoteOf<'store.fenced'> {
  return {
    kind: 'store.fenced',
    parties: [client],
    client,
    token,
    grantId,
    detail: { accepted: f.accept, comparison: f.comparison, maxSeenBefore, maxSeenAfter: f.maxSeenAfter },
  };
}

const resourceSetup = setup({
  types: {
    context: {} as ResourceContext,
    events: {} as ResourceEvent,
    input: {} as ResourceInput,
  },
  actions: effectActions,
  guards: {
    /**
     * The fence: the write's token (and seq) is newer than anything this resource has accepted, by
     * its check (protocol/check.ts decides; 'none' lets every token through). Under 'reject-le' it
     * protects the lab's invariant: max_seen only climbs, and no token at or below it is applied.
     */
    isTokenFresh: ({ context, event }) =>
      event.type === 'write.request' &&
      decideStoreWrite(context.blobStore, context.check, context, event.token, event.seq).accept,
  },
});

export const resourceMachine = resourceSetup
  .extend({
    actions: {
      /** Compare passed: store the write and raise max_seen, atomically with the comparison. */
      acceptWrite: resourceSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertMessage(self, event, 'write.request');
        const { d, w } = decide(context, event);
        enqueue.assign({ maxSeen: d.maxSeenAfter, maxSeq: d.maxSeqAfter, version: d.versionAfter });
        enqueueAccepted(enqueue, context, w);
      }),
      /** A new holder fences the store at takeover: max_seen rises to its token (or, under
       * `equal`, becomes the current token) before any write of its own, and the holder hears. */
      takeFence: resourceSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertMessage(self, event, 'fence.request');
        const f = decideFence(context.check, context.maxSeen, context.maxSeq, event.token);
        enqueue.assign({ maxSeen: f.maxSeenAfter, maxSeq: f.maxSeqAfter });
        enqueue(effect.send(event.from, { type: 'fence.ack', grantId: event.grantId, accepted: f.accept }));
        enqueue(effect.note(fenceNote(event.from, event.token, event.grantId, context.maxSeen, f)));
      }),
      /** Compare failed: the write is refused and max_seen stays where it is. */
      rejectWrite: resourceSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertMessage(self, event, 'write.request');
        enqueueRefused(enqueue, context, decide(context, event).w);
      }),
    },
  })
  .createMachine({
    id: 'resource',
    context: ({ input }) => ({
      ...input,
      maxSeen: input.initialMaxSeen,
      maxSeq: 0,
      version: 1,
      value: null,
      accepted: 0,
      rejected: 0,
    }),
    initial: 'up',
    states: {
      up: {
        on: {
          'write.request': [{ guard: 'isTokenFresh', actions: 'acceptWrite' }, { actions: 'rejectWrite' }],
          'fence.request': { actions: 'takeFence' },
          'node.crash': { target: 'down', actions: { type: 'note', params: { kind: 'node.crashed' } } },
        },
      },
      down: {
        on: {
          'node.restart': {
            target: 'up',
            actions: enqueueActions(({ context, enqueue }) => {
              // A max_seen kept only in memory is gone: the resource no longer knows what it has seen.
              if (!context.maxSeenDurable) enqueue.assign({ maxSeen: null, maxSeq: 0 });
              enqueue(
                effect.note({
                  kind: 'node.restarted',
                  detail: { maxSeenDurable: context.maxSeenDurable, maxSeenBefore: context.maxSeen },
                }),
              );
            }),
          },
        },
      },
    },
  });
