// The client as a plain reducer: the same transitions and effects as machines/client.ts.

import type { Knobs } from '../core/scenario';
import type { Effect, PartyLogic } from '../core/party';
import type { ClientContext } from '../machines/client';
import { clientFields, clientInput } from '../strategies/parties';
import { BELIEF_TIMER, RETRY_TIMER, note, plain, send, type Plain } from './plain';
import { judgeGrant } from '../protocol/belief';

export function client(knobs: Knobs): PartyLogic<Plain<ClientContext>> {
  const input = clientInput(knobs);
  const noGrant = { token: null, grantId: null, believedUntilMs: null, seq: 0 };
  const initial: ClientContext = {
    ...input,
    ...noGrant,
    ttlMs: 0,
    newestGrantId: 0,
    pendingWrites: [],
    lastValue: null,
  };
  return plain<ClientContext>(
    initial,
    'idle',
    (s, e) => {
      const c = s.context;
      const detail = (extra: Record<string, string | boolean>) => ({ value: e.value as string, ...extra });
      if (e.type === 'lock.grant') {
        const timing = { askedAtMs: e.askedAtMs as number, leaseEndsInMs: e.leaseEndsInMs as number };
        const judged = judgeGrant({ ...timing, grantId: e.grantId as number }, c.newestGrantId, e.env.nowMs);
        const { believedUntilMs } = judged;
        if (!judged.take) {
          const detail = { type: 'lock.grant', reason: judged.reason, believedUntilMs };
          return {
            state: s,
            effects: [note({ kind: 'message.ignored', parties: [c.lockService], token: e.token as number, detail })],
          };
        }
        const ttlMs = believedUntilMs - e.env.nowMs;
        const context = {
          ...c,
          token: e.token as number,
          grantId: e.grantId as number,
          ttlMs,
          newestGrantId: e.grantId as number,
          believedUntilMs,
          seq: 0,
          pendingWrites: [],
        };
        const leaving = s.value === 'holding' ? BELIEF_TIMER : s.value === 'acquiring' ? RETRY_TIMER : null;
        return {
          state: { value: 'holding', context },
          effects: [
            ...(leaving ? [{ type: 'cancel', id: leaving } as const] : []),
            note({
              kind: 'lock.acquired',
              parties: [c.lockService],
              token: e.token as number,
              grantId: e.grantId as number,
              detail: { believedUntilMs },
            }),
            ...c.pendingWrites.map((value): Effect => ({ type: 'self', event: { type: 'cmd.write', value } })),
            { type: 'arm', id: BELIEF_TIMER, delayMs: ttlMs, event: { type: BELIEF_TIMER } },
          ],
        };
      }
      const refusal = (fenced: boolean) =>
        note({
          kind: 'write.refused',
          parties: [e.from ?? ''],
          token: e.token as number,
          grantId: e.grantId as number,
          detail: { reason: e.reason as string, value: e.value as string, ...(fenced ? { fenced } : {}) },
        });
      if (s.value === 'holding') {
        if (e.type === BELIEF_TIMER) {
          return {
            state: { value: 'idle', context: { ...c, ...noGrant } },
            effects: [
              { type: 'cancel', id: BELIEF_TIMER },
              note({ kind: 'lease.lapsed', token: c.token, grantId: c.grantId ?? undefined }),
            ],
          };
        }
        if (e.type === 'cmd.write') {
          const seq = c.seq + 1;
          const payload = { token: c.token, grantId: c.grantId, seq, value: e.value };
          return {
            state: { value: 'holding', context: { ...c, seq, lastValue: e.value as string } },
            effects: [
              ...c.resources.map((r) => send(r, { type: 'write.request', ...payload })),
              ...(c.mailer ? [send(c.mailer, { type: 'effect.request', ...payload })] : []),
              note({
                kind: 'write.sent',
                parties: [...c.resources, ...(c.mailer ? [c.mailer] : [])],
                token: c.token,
                grantId: c.grantId ?? undefined,
                detail: { value: e.value as string, seq },
              }),
            ],
          };
        }
        if (e.type === 'cmd.release') {
          return {
            state: { value: 'idle', context: { ...c, ...noGrant } },
            effects: [
              { type: 'cancel', id: BELIEF_TIMER },
              send(c.lockService, { type: 'lock.release', grantId: c.grantId }),
              note({
                kind: 'lock.releasing',
                parties: [c.lockService],
                token: c.token,
                grantId: c.grantId ?? undefined,
              }),
            ],
          };
        }
        if (e.type === 'write.nack' && e.grantId === c.grantId) {
          return {
            state: { value: 'idle', context: { ...c, ...noGrant } },
            effects: [{ type: 'cancel', id: BELIEF_TIMER }, refusal(true)],
          };
        }
      }
      if (s.value === 'idle') {
        if (e.type === 'cmd.acquire') {
          return {
            state: { value: 'acquiring', context: c },
            effects: [
              send(c.lockService, { type: 'lock.request', sentAtMs: e.env.nowMs }),
              note({ kind: 'lock.requested', parties: [c.lockService] }),
              { type: 'arm', id: RETRY_TIMER, delayMs: c.retryMs, event: { type: RETRY_TIMER } },
            ],
          };
        }
        if (e.type === 'cmd.write') return { state: s, effects: [note({ kind: 'write.skipped', detail: detail({}) })] };
      }
      if (s.value === 'acquiring') {
        if (e.type === RETRY_TIMER) {
          return {
            state: s,
            effects: [
              { type: 'cancel', id: RETRY_TIMER },
              send(c.lockService, { type: 'lock.request', sentAtMs: e.env.nowMs }),
              note({ kind: 'lock.retried', parties: [c.lockService] }),
              { type: 'arm', id: RETRY_TIMER, delayMs: c.retryMs, event: { type: RETRY_TIMER } },
            ],
          };
        }
        if (e.type === 'lock.wait') {
          return {
            state: s,
            effects: [
              note({
                kind: 'lock.waiting',
                parties: [c.lockService],
                holder: (e.holder as string | null) ?? undefined,
              }),
            ],
          };
        }
        if (e.type === 'cmd.write') {
          return {
            state: { value: 'acquiring', context: { ...c, pendingWrites: [...c.pendingWrites, e.value as string] } },
            effects: [note({ kind: 'write.queued', detail: detail({}) })],
          };
        }
      }
      // What every state answers the same way (the machine's root-level transitions).
      if (e.type === 'write.ack') {
        return {
          state: s,
          effects: [
            note({
              kind: 'write.acked',
              parties: [e.from ?? ''],
              token: e.token as number,
              grantId: e.grantId as number,
              detail: detail({}),
            }),
          ],
        };
      }
      if (e.type === 'write.nack') return { state: s, effects: [refusal(false)] };
      if (e.type === 'cmd.acquire') return { state: s, effects: [note({ kind: 'acquire.skipped' })] };
      if (e.type === 'cmd.release') return { state: s, effects: [note({ kind: 'release.skipped' })] };
      return null;
    },
    clientFields,
  );
}
