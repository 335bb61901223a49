// etcd serving clientv3's concurrency.Mutex: leases with a TTL kept alive by keepalives and expired
// on the server's clock, one lock key per session under a prefix, the global revision, and the
// lock held by the key with the lowest create revision. It also serves the guarded write
// `Txn(If CreateRevision(myKey) = myRev Then Put(data))` for data that lives inside etcd.
// The cluster is modelled as one linearizable service.
// Invariant it protects: every change takes the next revision, so each new owner's create revision
// (its token) is larger than any before, unless a restore from an old snapshot rewinds it.

import { enqueueActions, setup } from 'xstate';
import type { Env } from '../../core/party';
import {
  dropLease,
  handOver,
  initialStore,
  ownersQueue,
  PREFIX,
  type EtcdInput,
  type EtcdStore,
  type Lease,
} from './store';
import { type EnqueueArgs, effect, effectActions, timerEvent } from '../effects';
import { assertEvent, assertMessage } from '../assertEvent';

export { ownersQueue } from './store';

interface EtcdContext extends EtcdInput {
  store: EtcdStore;
  leaseCount: number;
  /** Leases a restore from an old snapshot wiped (not expired): what LeaseNotFound means for them. */
  wiped: string[];
}

type EtcdEvent = { env: Env; from?: string } & (
  | { type: 'etcd.leaseGrant'; ttlMs: number }
  | { type: 'etcd.keepAlive'; lease: string }
  | { type: 'etcd.lock'; lease: string }
  | { type: 'etcd.unlock'; key: string }
  | { type: 'etcd.txnPut'; key: string; myRev: number; value: string; token: number; grantId: number; seq: number }
  | { type: 'lease.expire'; lease: string }
  | { type: 'lease.expireNow' }
  | { type: 'node.crash' }
  | { type: 'node.restart' }
);

const timer = (lease: string, delayMs: number) =>
  [timerEvent<EtcdEvent>({ type: 'lease.expire', lease }), { id: `lease:${lease}`, delay: delayMs }] as const;

const etcdSetup = setup({
  types: { context: {} as EtcdContext, events: {} as EtcdEvent, input: {} as EtcdInput },
  actions: effectActions,
  guards: {
    /** The request names a lease etcd still has (else ErrLeaseNotFound). */
    hasLease: ({ context, event }) => 'lease' in event && context.store.leases[event.lease] !== undefined,
    /** The key to unlock still exists. */
    hasLockKey: ({ context, event }) => event.type === 'etcd.unlock' && context.store.keys[event.key] !== undefined,
    /**
     * Fencing inside etcd: `If CreateRevision(myKey) = myRev`. The writer's lock key still exists,
     * so no newer owner can exist; a key that went with its lease can never pass again.
     */
    isLockKeyCurrent: ({ context, event }) =>
      event.type === 'etcd.txnPut' && (context.store.keys[event.key]?.createRevision ?? 0) === event.myRev,
    /** The lease is still due at its timer: not kept alive (nor already gone) since the timer was armed. */
    isLeaseOverdue: ({ context, event }) => {
      const info = event.type === 'lease.expire' ? context.store.leases[event.lease] : undefined;
      return info !== undefined && info.expiresAtMs <= event.env.nowMs;
    },
    hasOwner: ({ context }) => ownersQueue(context.store).length > 0,
  },
});

type Args = EnqueueArgs<typeof etcdSetup>;

export const etcdMachine = etcdSetup
  .extend({
    actions: {
      grantLease: etcdSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertMessage(self, event, 'etcd.leaseGrant');
        const lease = `694d${(context.leaseCount + 1).toString(16).padStart(4, '0')}`;
        const expiresAtMs = event.env.nowMs + event.ttlMs;
        const leases = { ...context.store.leases, [lease]: { client: event.from, ttlMs: event.ttlMs, expiresAtMs } };
        enqueue.assign({ store: { ...context.store, leases }, leaseCount: context.leaseCount + 1 });
        enqueue.raise(...timer(lease, event.ttlMs));
        enqueue(effect.send(event.from, { type: 'etcd.leaseGranted', lease, ttlMs: event.ttlMs }));
        enqueue(
          effect.note({
            kind: 'session.opened',
            parties: [event.from],
            client: event.from,
            detail: { lease, timeoutMs: event.ttlMs },
          }),
        );
      }),
      /** Every request naming a lease fails once the lease is gone (ErrLeaseNotFound). */
      reportLeaseNotFound: etcdSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertMessage(self, event, ['etcd.keepAlive', 'etcd.lock']);
        const { from, lease } = event;
        enqueue(effect.send(from, { type: 'etcd.leaseNotFound', lease }));
        const cause = context.wiped.includes(lease) ? 'restore' : 'expired';
        enqueue(effect.note({ kind: 'session.unknown', parties: [from], client: from, detail: { lease, cause } }));
      }),
      keepLeaseAlive: etcdSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertMessage(self, event, 'etcd.keepAlive');
        const { env, from, lease } = event;
        const info = context.store.leases[lease]!; // hasLease
        const leases = { ...context.store.leases, [lease]: { ...info, expiresAtMs: env.nowMs + info.ttlMs } };
        enqueue.assign({ store: { ...context.store, leases } });
        enqueue.raise(...timer(lease, info.ttlMs));
        enqueue(effect.send(from, { type: 'etcd.keepAliveOk', lease, quiet: true }));
      }),
      lock: etcdSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertMessage(self, event, 'etcd.lock');
        const { env, from, lease } = event;
        // Txn(If CreateRevision(myKey) = 0 Then Put(myKey, lease) Else Get(myKey)), then Get(prefix, FirstCreate).
        const key = `${PREFIX}${lease}`;
        let store = context.store;
        if (!store.keys[key]) {
          const revision = store.revision + 1;
          store = {
            ...store,
            revision,
            keys: { ...store.keys, [key]: { createRevision: revision, lease, client: from, grantId: null } },
          };
        }
        const myRev = store.keys[key]!.createRevision;
        const [ownerKey, owner] = ownersQueue(store)[0]!;
        if (ownerKey === key && owner.grantId !== null) {
          // The same session locking again: the Mutex finds its own key already first, and holds.
          const token = owner.createRevision;
          enqueue(effect.send(from, { type: 'etcd.locked', key, token, grantId: owner.grantId }));
          enqueue(
            effect.note({ kind: 'lock.regranted', parties: [from], holder: from, token, grantId: owner.grantId }),
          );
          return;
        }
        if (ownerKey === key) {
          const next = handOver(store, env);
          enqueue.assign({ store: next.store });
          for (const e of next.effects) enqueue(e);
          return;
        }
        enqueue.assign({ store });
        enqueue(effect.send(from, { type: 'etcd.lockWait', key, myRev, holder: owner.client }));
        enqueue(
          effect.note({
            kind: 'lock.queued',
            parties: [from],
            client: from,
            holder: owner.client,
            detail: { key, revision: myRev },
          }),
        );
      }),
      ignoreUnlock: etcdSetup.enqueueActions(({ event, enqueue, self }) => {
        assertMessage(self, event, 'etcd.unlock');
        enqueue(effect.note({ kind: 'release.ignored', parties: [event.from] }));
      }),
      unlock: etcdSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertMessage(self, event, 'etcd.unlock');
        const s = context.store;
        const k = s.keys[event.key]!; // hasLockKey
        const keys = { ...s.keys };
        delete keys[event.key];
        const revision = s.revision + 1;
        const kind = k.grantId !== null ? 'lock.released' : 'release.ignored';
        enqueue(
          effect.note({
            kind,
            parties: [k.client],
            holder: k.client,
            token: k.createRevision,
            grantId: k.grantId ?? undefined,
            detail: { key: event.key, revision },
          }),
        );
        const next = handOver({ ...s, keys, revision }, event.env);
        enqueue.assign({ store: next.store });
        for (const e of next.effects) enqueue(e);
      }),
      /** Fencing inside etcd: the write succeeds only while the writer's lock key still exists. */
      answerTxnPut: enqueueActions(({ context, event, enqueue, self }: Args, { ok }: { ok: boolean }) => {
        assertMessage(self, event, 'etcd.txnPut');
        const s = context.store;
        const current = s.keys[event.key]?.createRevision ?? 0;
        const guard = `CreateRevision(${event.key}) = ${current}`;
        const reply = { token: event.token, grantId: event.grantId, value: event.value };
        if (ok) {
          const revision = s.revision + 1;
          enqueue.assign({ store: { ...s, revision, data: { value: event.value, modRevision: revision } } });
          enqueue(effect.send(event.from, { type: 'write.ack', ...reply }));
        } else {
          enqueue(effect.send(event.from, { type: 'write.nack', ...reply, reason: 'its lock key is gone' }));
        }
        enqueue(
          effect.note({
            kind: ok ? 'write.accepted' : 'write.rejected',
            parties: [event.from],
            client: event.from,
            token: event.token,
            grantId: event.grantId,
            detail: {
              guard: `CreateRevision(${event.key}) = ${event.myRev}`,
              ...(ok ? { revision: s.revision + 1 } : {}),
            },
            write: {
              resource: '',
              client: event.from,
              value: event.value,
              token: event.token,
              seq: event.seq,
              verdict: ok ? 'accepted' : 'rejected',
              reason: ok ? 'its lock key still exists' : 'its lock key is gone (its lease expired)',
              maxSeenBefore: null,
              maxSeenAfter: null,
              comparison: ok ? `${guard} -> PUT` : `${guard} != ${event.myRev} -> FAIL`,
              grantId: event.grantId,
            },
          }),
        );
      }),
      expireLease: etcdSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertEvent(self, event, 'lease.expire');
        const out = dropLease(context.store, event.lease, event.env);
        enqueue.assign({ store: out.store });
        for (const e of out.effects) enqueue(e);
      }),
      revokeOwner: etcdSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertEvent(self, event, 'lease.expireNow');
        const [, owner] = ownersQueue(context.store)[0]!; // hasOwner
        enqueue.cancel(`lease:${owner.lease}`);
        const out = dropLease(context.store, owner.lease, event.env);
        enqueue.assign({ store: out.store });
        for (const e of out.effects) enqueue(e);
      }),
      /** Revisions are durable and a new leader extends every lease; a restore rewinds everything. */
      restart: etcdSetup.enqueueActions(({ context, event, enqueue }) => {
        const store = context.restoreOnRestart ? initialStore(context) : context.store;
        const leases: Record<string, Lease> = {};
        for (const [id, l] of Object.entries(store.leases)) {
          leases[id] = { ...l, expiresAtMs: event.env.nowMs + l.ttlMs };
          enqueue.raise(...timer(id, l.ttlMs));
        }
        const wiped = context.restoreOnRestart ? Object.keys(context.store.leases) : [];
        enqueue.assign({ store: { ...store, leases }, wiped: [...context.wiped, ...wiped] });
        // A restore wipes the owner's lease with everything else: say whose grant it took.
        const lost = context.restoreOnRestart ? ownersQueue(context.store)[0]?.[1] : undefined;
        enqueue(
          effect.note({
            kind: 'node.restarted',
            ...(lost?.grantId != null ? { grantId: lost.grantId, holder: lost.client } : {}),
            detail: {
              revision: store.revision,
              revisionBefore: context.store.revision,
              restored: context.restoreOnRestart,
            },
          }),
        );
      }),
    },
  })
  .createMachine({
    id: 'etcd',
    context: ({ input }) => ({ ...input, store: initialStore(input), leaseCount: 0, wiped: [] }),
    initial: 'serving',
    states: {
      serving: {
        on: {
          'etcd.leaseGrant': { actions: 'grantLease' },
          'etcd.keepAlive': [{ guard: 'hasLease', actions: 'keepLeaseAlive' }, { actions: 'reportLeaseNotFound' }],
          'etcd.lock': [{ guard: 'hasLease', actions: 'lock' }, { actions: 'reportLeaseNotFound' }],
          'etcd.unlock': [{ guard: 'hasLockKey', actions: 'unlock' }, { actions: 'ignoreUnlock' }],
          'etcd.txnPut': [
            { guard: 'isLockKeyCurrent', actions: { type: 'answerTxnPut', params: { ok: true } } },
            { actions: { type: 'answerTxnPut', params: { ok: false } } },
          ],
          // A lease kept alive since its timer was armed outlives the timer: nothing happens.
          'lease.expire': { guard: 'isLeaseOverdue', actions: 'expireLease' },
          'lease.expireNow': [
            { guard: 'hasOwner', actions: 'revokeOwner' },
            { actions: { type: 'note', params: { kind: 'lease.none' } } },
          ],
          'node.crash': { target: 'down', actions: { type: 'note', params: { kind: 'node.crashed' } } },
        },
      },
      down: { on: { 'node.restart': { target: 'serving', actions: 'restart' } } },
    },
  });
