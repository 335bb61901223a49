// The lock service as a plain reducer: the same transitions and effects as machines/lockService.ts.

import type { Knobs } from '../core/scenario';
import type { Effect, PartyEvent, PartyLogic } from '../core/party';
import type { LockServiceContext } from '../machines/lockService';
import { counterAfterRestart, issueToken } from '../protocol/tokens';
import { lockServiceFields, lockServiceInput } from '../strategies/parties';
import { LEASE_TIMER, note, plain, send, type Out, type Plain } from './plain';

export function lockService(knobs: Knobs): PartyLogic<Plain<LockServiceContext>> {
  const input = lockServiceInput(knobs);
  const noLease = { holder: null, token: null, grantId: null, expiresAtMs: null };
  const askOf = (e: PartyEvent) => ({ askedAtMs: e.sentAtMs as number, arrivedAtMs: e.env.nowMs });
  const grant = (c: LockServiceContext, holder: string, e: PartyEvent, exiting: boolean): Out<LockServiceContext> => {
    const { env } = e;
    const ask = e.type === 'lock.request' ? askOf(e) : c.asks[holder]!;
    const issued = issueToken({ source: c.tokenSource, counter: c.counter, nowMs: env.nowMs, rand: env.rand });
    const expiresAtMs = env.nowMs + c.leaseTtlMs;
    const context = {
      ...c,
      counter: issued.counter,
      holder,
      token: issued.token,
      grantId: env.nextGrantId,
      expiresAtMs,
      waiters: c.waiters.filter((w) => w !== holder),
      asks: { ...c.asks, [holder]: ask },
    };
    const msg = {
      type: 'lock.grant',
      token: issued.token,
      grantId: env.nextGrantId,
      askedAtMs: ask.askedAtMs,
      leaseEndsInMs: expiresAtMs - ask.arrivedAtMs,
    };
    const effects: Effect[] = [
      ...(exiting ? [{ type: 'cancel', id: LEASE_TIMER } as const] : []),
      send(holder, msg),
      note({
        kind: 'lock.granted',
        parties: [holder],
        holder,
        token: issued.token,
        grantId: env.nextGrantId,
        detail: { expiresAtMs },
      }),
      { type: 'arm', id: LEASE_TIMER, delayMs: c.leaseTtlMs, event: { type: LEASE_TIMER } },
    ];
    return { state: { value: 'held', context }, effects };
  };
  const endLease = (c: LockServiceContext, kind: 'lease.expired' | 'lock.released'): Out<LockServiceContext> => ({
    state: { value: 'free', context: { ...c, ...noLease } },
    effects: [
      { type: 'cancel', id: LEASE_TIMER },
      note({
        kind,
        parties: c.holder ? [c.holder] : [],
        holder: c.holder ?? undefined,
        token: c.token,
        grantId: c.grantId ?? undefined,
      }),
      ...(c.waiters.length > 0 ? [{ type: 'self', event: { type: 'lock.grantNext' } } as const] : []),
    ],
  });
  const ignoredRelease = (s: Plain<LockServiceContext>, e: PartyEvent): Out<LockServiceContext> => ({
    state: s,
    effects: [note({ kind: 'release.ignored', parties: [e.from ?? ''] })],
  });
  const initial = { ...input, counter: input.firstToken - 1, ...noLease, waiters: [], asks: {} };
  return plain<LockServiceContext>(
    initial,
    'free',
    (s, e) => {
      const c = s.context;
      if (e.type === 'node.crash') {
        const effects: Effect[] = [
          ...(s.value === 'held' ? [{ type: 'cancel', id: LEASE_TIMER } as const] : []),
          note({
            kind: 'node.crashed',
            holder: c.holder ?? undefined,
            grantId: c.grantId ?? undefined,
            token: c.token,
          }),
        ];
        return { state: { value: 'down', context: { ...c, ...noLease, waiters: [], asks: {} } }, effects };
      }
      if (s.value === 'down') {
        if (e.type !== 'node.restart') return null;
        const counter = counterAfterRestart(c.tokenSource, c.counter, c.firstToken);
        return {
          state: { value: 'free', context: { ...c, counter } },
          effects: [note({ kind: 'node.restarted', detail: { counter, tokenSource: c.tokenSource } })],
        };
      }
      if (s.value === 'free') {
        if (e.type === 'lock.request' && e.from) return grant(c, e.from, e, false);
        if (e.type === 'lock.grantNext' && c.waiters[0]) return grant(c, c.waiters[0], e, false);
        if (e.type === 'lease.expireNow') return { state: s, effects: [note({ kind: 'lease.none' })] };
        if (e.type === 'lock.release') return ignoredRelease(s, e);
        return null;
      }
      // held
      if (e.type === LEASE_TIMER || e.type === 'lease.expireNow') return endLease(c, 'lease.expired');
      if (e.type === 'lock.release')
        return e.grantId === c.grantId ? endLease(c, 'lock.released') : ignoredRelease(s, e);
      if (e.type === 'lock.request' && e.from) {
        if (e.from === c.holder) {
          const ask = askOf(e);
          const msg = {
            type: 'lock.grant',
            token: c.token,
            grantId: c.grantId,
            askedAtMs: ask.askedAtMs,
            leaseEndsInMs: c.expiresAtMs! - ask.arrivedAtMs,
          };
          return {
            state: { value: 'held', context: { ...c, asks: { ...c.asks, [c.holder]: ask } } },
            effects: [
              send(c.holder, msg),
              note({
                kind: 'lock.regranted',
                parties: [c.holder],
                holder: c.holder,
                token: c.token,
                grantId: c.grantId ?? undefined,
              }),
            ],
          };
        }
        const waiters = c.waiters.includes(e.from) ? c.waiters : [...c.waiters, e.from];
        return {
          state: { value: 'held', context: { ...c, waiters, asks: { ...c.asks, [e.from]: askOf(e) } } },
          effects: [
            send(e.from, { type: 'lock.wait', holder: c.holder }),
            note({ kind: 'lock.queued', parties: [e.from], client: e.from, holder: c.holder ?? undefined }),
          ],
        };
      }
      return null;
    },
    lockServiceFields,
  );
}
