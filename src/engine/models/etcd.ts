// etcd's model: the cluster (leases, lock keys under a prefix, revisions) and the clients of its
// concurrency.Mutex, as XState machines; the parties are those ../strategies/etcd.ts lists.

import type { Model } from '../strategies/types';
import { ETCD, etcd } from '../strategies/etcd';
import { storesAndMailer, writerFields } from '../strategies/systemParties';
import { fromMachine } from '../machines/fromMachine';
import { etcdMachine, ownersQueue } from '../machines/etcd/server';
import { etcdClientMachine } from '../machines/etcd/client';
import { stopPolicyOf } from '../core/defaults';
import { erase, withLogic } from './logic';
import { sharedLogic } from './generic';

export const model: Model = (knobs, clients) => {
  const guarded = knobs.check === 'validity';
  const { resources, mailer } = storesAndMailer(knobs, !guarded);
  const server = fromMachine(
    etcdMachine,
    { firstToken: knobs.firstToken, restoreOnRestart: knobs.tokenSource === 'resetting-counter' },
    ({ context: { store } }) => {
      const owner = ownersQueue(store)[0]?.[1];
      return {
        revision: store.revision,
        holder: owner?.client ?? null,
        token: owner?.createRevision ?? null,
        keys: ownersQueue(store)
          .map(([key, k]) => `${key} (${k.client}, rev ${k.createRevision})`)
          .join(', '),
        leases: Object.entries(store.leases)
          .map(([id, l]) => `${id} ${l.client} until ${l.expiresAtMs}`)
          .join(', '),
        ...(guarded ? { value: store.data?.value ?? null, valueModRevision: store.data?.modRevision ?? null } : {}),
      };
    },
  );
  return withLogic(etcd.parties(knobs, clients), (info) => {
    if (info.id === ETCD) return { logic: erase(server), timerClock: 'monotonic' };
    if (info.kind === 'client')
      return {
        timerClock: 'monotonic',
        logic: erase(
          fromMachine(
            etcdClientMachine,
            {
              etcd: ETCD,
              resources,
              mailer,
              ttlMs: knobs.leaseTtlMs,
              guarded,
              stopActing: stopPolicyOf(knobs, info.id),
            },
            ({ context: c }) => ({
              lease: c.lease,
              key: c.key,
              leaseDeadlineMs: c.leaseDeadlineMs,
              ...writerFields(c),
            }),
          ),
        ),
      };
    return sharedLogic(info, knobs);
  });
};
