// The party machines, driven one event at a time through the same pure adapter the scheduler uses.
import { describe, expect, it } from 'vitest';
import { fromMachine } from './fromMachine';
import type { Effect, Message, PartyLogic } from '../core/party';
import { lockServiceMachine } from './lockService';
import { clientMachine } from './client';
import { resourceMachine } from './resource';

function drive<S>(logic: PartyLogic<S>) {
  let state = logic.init().state;
  let grantId = 1;
  return {
    send(event: Message & { from?: string }, nowMs = 0): Effect[] {
      const result = logic.step(state, { ...event, env: { nowMs, rand: 0xbeef, nextGrantId: grantId } });
      state = result.state;
      if (result.effects.some((e) => e.type === 'note' && e.note.kind === 'lock.granted')) grantId++;
      return result.effects;
    },
    view: () => logic.view(state),
  };
}

const notes = (effects: Effect[]) => effects.flatMap((e) => (e.type === 'note' ? [e.note.kind] : []));
const sends = (effects: Effect[]) => effects.flatMap((e) => (e.type === 'send' ? [{ to: e.to, ...e.msg }] : []));

const lockService = (tokenSource: 'durable-counter' | 'resetting-counter' = 'durable-counter') =>
  drive(
    fromMachine(
      lockServiceMachine,
      { tokenSource, firstToken: 33, leaseTtlMs: 1000, keptMs: 1000, lockDelayMs: 0, keepalive: false },
      ({ context }) => ({
        counter: context.counter,
        holder: context.holder,
        waiters: context.waiters.join(','),
      }),
    ),
  );

describe('lock service machine', () => {
  it('grants 33 with a lease timer on its own clock, queues the next client, and grants 34 on expiry', () => {
    const ls = lockService();
    // Client1 asked at 3 ms on its clock; the request arrives at 5 ms on ours: the lease ends 1000 ms later.
    const grant = ls.send({ type: 'lock.request', sentAtMs: 3, from: 'Client1' }, 5);
    expect(sends(grant)).toEqual([
      { to: 'Client1', type: 'lock.grant', token: 33, grantId: 1, askedAtMs: 3, leaseEndsInMs: 1000 },
    ]);
    const timer = grant.find((e) => e.type === 'arm');
    expect(timer).toMatchObject({ type: 'arm', delayMs: 1000 });
    expect(notes(ls.send({ type: 'lock.request', sentAtMs: 400, from: 'Client2' }, 400))).toEqual(['lock.queued']);
    expect(ls.view().fields.waiters).toBe('Client2');
    const expiry = ls.send(timer!.type === 'arm' ? timer!.event : { type: '?' });
    expect(notes(expiry)).toEqual(['lease.expired']);
    expect(expiry).toContainEqual({ type: 'self', event: { type: 'lock.grantNext' } });
    // Client2's lease runs from 1005 to 2005 on our clock: 1605 ms after its request arrived at 400.
    expect(sends(ls.send({ type: 'lock.grantNext' }, 1005))).toEqual([
      { to: 'Client2', type: 'lock.grant', token: 34, grantId: 2, askedAtMs: 400, leaseEndsInMs: 1605 },
    ]);
  });

  it('ignores a release of a grant that is no longer current', () => {
    const ls = lockService();
    ls.send({ type: 'lock.request', sentAtMs: 0, from: 'Client1' });
    ls.send({ type: 'lease.expireNow' });
    ls.send({ type: 'lock.request', sentAtMs: 0, from: 'Client2' });
    expect(notes(ls.send({ type: 'lock.release', from: 'Client1', grantId: 1 }))).toEqual(['release.ignored']);
    expect(ls.view().fields.holder).toBe('Client2');
  });

  it('forgets its leases when it crashes; only a resetting counter starts over', () => {
    for (const [source, next] of [
      ['durable-counter', 34],
      ['resetting-counter', 33],
    ] as const) {
      const ls = lockService(source);
      ls.send({ type: 'lock.request', sentAtMs: 0, from: 'Client1' });
      ls.send({ type: 'node.crash' });
      expect(ls.view().state).toBe('down');
      ls.send({ type: 'node.restart' });
      expect(ls.view().fields.holder).toBeNull();
      expect(sends(ls.send({ type: 'lock.request', sentAtMs: 0, from: 'Client2' }))[0]!.token).toBe(next);
    }
  });
});

describe('client machine', () => {
  const client = () =>
    drive(
      fromMachine(
        clientMachine,
        {
          lockService: 'LockService',
          retryMs: 1000,
          resources: ['Storage'],
          mailer: null,
          leaseMs: 1000,
          renewEveryMs: 333,
          keepalive: false,
          stopActing: 'lost',
          checkLeaseBeforeWrite: false,
          fenceAtTakeover: false,
        },
        ({ context }) => ({
          token: context.token,
          believedUntilMs: context.believedUntilMs,
        }),
      ),
    );

  it('writes only while it believes it holds the lock, carrying its token each time', () => {
    const c = client();
    expect(notes(c.send({ type: 'cmd.write', value: 'A' }))).toEqual(['write.skipped']);
    c.send({ type: 'cmd.acquire' });
    expect(notes(c.send({ type: 'cmd.write', value: 'B' }))).toEqual(['write.queued']);
    // Asked at 0 ms, the lease ends 1000 ms later: believed until 1000, however late the grant came.
    const granted = c.send(
      { type: 'lock.grant', token: 33, grantId: 1, askedAtMs: 0, leaseEndsInMs: 1000, from: 'LockService' },
      10,
    );
    expect(c.view()).toMatchObject({ state: 'holding', fields: { token: 33, believedUntilMs: 1000 } });
    expect(granted).toContainEqual({ type: 'self', event: { type: 'cmd.write', value: 'B' } });
    const write = sends(c.send({ type: 'cmd.write', value: 'B' }));
    expect(write).toEqual([{ to: 'Storage', type: 'write.request', token: 33, grantId: 1, seq: 1, value: 'B' }]);
    expect(sends(c.send({ type: 'cmd.write', value: 'C' }))[0]).toMatchObject({ token: 33, seq: 2 });
  });

  it('stops believing when its own lease timer fires or when a store refuses its current grant', () => {
    const c = client();
    c.send({ type: 'cmd.acquire' });
    const granted = c.send(
      { type: 'lock.grant', token: 33, grantId: 1, askedAtMs: 0, leaseEndsInMs: 1000, from: 'LockService' },
      10,
    );
    const timer = granted.find((e) => e.type === 'arm');
    expect(timer).toMatchObject({ delayMs: 990 });
    expect(
      notes(c.send({ type: 'write.nack', token: 33, grantId: 1, value: 'B', reason: 'stale', from: 'Storage' })),
    ).toEqual(['write.refused']);
    expect(c.view().state).toBe('idle');
  });
});

describe('resource machine', () => {
  it('keeps max_seen and refuses stale tokens with the comparison written out', () => {
    const r = drive(
      fromMachine(
        resourceMachine,
        { check: 'reject-le', initialMaxSeen: 32, maxSeenDurable: true, blobStore: null },
        ({ context }) => ({
          maxSeen: context.maxSeen,
          value: context.value,
        }),
      ),
    );
    const accepted = r.send({ type: 'write.request', from: 'Client2', token: 34, grantId: 2, seq: 1, value: 'X' });
    expect(sends(accepted)).toEqual([{ to: 'Client2', type: 'write.ack', token: 34, grantId: 2, value: 'X' }]);
    const rejected = r.send({ type: 'write.request', from: 'Client1', token: 33, grantId: 1, seq: 1, value: 'Y' });
    const note = rejected.find((e) => e.type === 'note');
    expect(note).toMatchObject({
      note: { kind: 'write.rejected', write: { comparison: '33 <= 34 -> REJECT', maxSeenBefore: 34 } },
    });
    expect(r.view().fields).toEqual({ maxSeen: 34, value: 'X' });
  });
});
