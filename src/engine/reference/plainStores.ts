// The store and the mailer as plain reducers: the same transitions and effects as
// machines/resource.ts and machines/mailer.ts.

import type { Knobs } from '../core/scenario';
import type { PartyLogic } from '../core/party';
import { type ResourceContext, fenceNote } from '../machines/resource';
import type { TokenValue } from '../core/trace';
import { decideFence, decideStoreWrite, writeNote } from '../protocol/check';
import { mailerFields, resourceFields, resourceInput } from '../strategies/parties';
import { note, plain, send, type Plain } from './plain';

export function resource(knobs: Knobs, checks: boolean): PartyLogic<Plain<ResourceContext>> {
  const input = resourceInput(knobs, checks);
  const initial: ResourceContext = {
    ...input,
    maxSeen: input.initialMaxSeen,
    maxSeq: 0,
    version: 1,
    value: null,
    accepted: 0,
    rejected: 0,
  };
  return plain<ResourceContext>(
    initial,
    'up',
    (s, e) => {
      const c = s.context;
      if (s.value === 'down') {
        if (e.type !== 'node.restart') return null;
        const context = c.maxSeenDurable ? c : { ...c, maxSeen: null, maxSeq: 0 };
        return {
          state: { value: 'up', context },
          effects: [
            note({ kind: 'node.restarted', detail: { maxSeenDurable: c.maxSeenDurable, maxSeenBefore: c.maxSeen } }),
          ],
        };
      }
      if (e.type === 'node.crash')
        return { state: { value: 'down', context: c }, effects: [note({ kind: 'node.crashed' })] };
      if (e.type === 'fence.request' && e.from) {
        const f = decideFence(c.check, c.maxSeen, c.maxSeq, e.token as TokenValue);
        return {
          state: { value: 'up', context: { ...c, maxSeen: f.maxSeenAfter, maxSeq: f.maxSeqAfter } },
          effects: [
            send(e.from, { type: 'fence.ack', grantId: e.grantId, accepted: f.accept }),
            note(fenceNote(e.from, e.token as TokenValue, e.grantId as number, c.maxSeen, f)),
          ],
        };
      }
      if (e.type !== 'write.request' || !e.from) return null;
      const token = e.token as number;
      const d = decideStoreWrite(c.blobStore, c.check, c, token, e.seq as number);
      const reply = { token, grantId: e.grantId, value: e.value };
      const context = d.accept
        ? {
            ...c,
            maxSeen: d.maxSeenAfter,
            maxSeq: d.maxSeqAfter,
            version: d.versionAfter,
            value: e.value as string,
            accepted: c.accepted + 1,
          }
        : { ...c, rejected: c.rejected + 1 };
      return {
        state: { value: 'up', context },
        effects: [
          send(e.from, d.accept ? { type: 'write.ack', ...reply } : { type: 'write.nack', ...reply, reason: d.reason }),
          note(
            writeNote({
              client: e.from,
              value: e.value as string,
              token,
              seq: e.seq as number,
              grantId: e.grantId as number,
              decision: d,
              maxSeenBefore: c.maxSeen,
              maxSeenAfter: d.maxSeenAfter,
              ...(d.detail ? { detail: d.detail } : {}),
            }),
          ),
        ],
      };
    },
    resourceFields,
  );
}

export function mailer(): PartyLogic<Plain<{ sent: number; lastValue: string | null }>> {
  return plain(
    { sent: 0, lastValue: null as string | null },
    'up',
    (s, e) => {
      if (s.value === 'down')
        return e.type === 'node.restart'
          ? { state: { ...s, value: 'up' }, effects: [note({ kind: 'node.restarted' })] }
          : null;
      if (e.type === 'node.crash') return { state: { ...s, value: 'down' }, effects: [note({ kind: 'node.crashed' })] };
      if (e.type !== 'effect.request') return null;
      const value = e.value as string;
      return {
        state: { value: 'up', context: { sent: s.context.sent + 1, lastValue: value } },
        effects: [
          note({
            kind: 'effect.sent',
            parties: [e.from ?? ''],
            client: e.from,
            token: e.token as number,
            grantId: e.grantId as number,
            detail: { value },
          }),
        ],
      };
    },
    mailerFields,
  );
}
