// The data etcd keeps for the lock, as plain functions over plain data: the global revision, lock
// keys with their create revisions, leases, and the data key a guarded txn writes.
// Invariant: every change to the keys takes the next revision, and the owner is always the key
// with the lowest create revision, so owners' tokens grow in the order they own the lock.

import type { Env, Note } from '../../core/party';
import { type EffectAction, effect } from '../effects';

export interface EtcdInput {
  firstToken: number;
  /** A restart restores the snapshot taken at the start, without --bump-revision (the pitfall). */
  restoreOnRestart: boolean;
}

export interface LockKey {
  createRevision: number;
  lease: string;
  client: string;
  /** Ghost: the grant its owner received when this key became the lowest. */
  grantId: number | null;
}

export interface Lease {
  client: string;
  ttlMs: number;
  expiresAtMs: number;
}

export interface EtcdStore {
  revision: number;
  keys: Record<string, LockKey>;
  leases: Record<string, Lease>;
  data: { value: string; modRevision: number } | null;
}

export const PREFIX = 'lock/res/';
export const initialStore = (input: EtcdInput): EtcdStore => ({
  revision: input.firstToken - 1,
  keys: {},
  leases: {},
  data: null,
});

/** Lock keys, lowest create revision first: the first one is the owner. */
export const ownersQueue = (s: EtcdStore): [string, LockKey][] =>
  Object.entries(s.keys).sort((a, b) => a[1].createRevision - b[1].createRevision);

/** The owner (lowest create revision) gets the lock once; its waitDeletes returns. */
export function handOver(store: EtcdStore, env: Env): { store: EtcdStore; effects: EffectAction[] } {
  const [key, owner] = ownersQueue(store)[0] ?? [];
  if (!key || !owner || owner.grantId !== null) return { store, effects: [] };
  const grantId = env.nextGrantId;
  const token = owner.createRevision;
  return {
    store: { ...store, keys: { ...store.keys, [key]: { ...owner, grantId } } },
    effects: [
      effect.note({
        kind: 'lock.granted',
        parties: [owner.client],
        holder: owner.client,
        token,
        grantId,
        detail: { key, lease: owner.lease },
      }),
      effect.send(owner.client, { type: 'etcd.locked', key, token, grantId }),
    ],
  };
}

/** The lease is gone: its keys are deleted in one revision, and the next waiter may own the lock. */
export function dropLease(s: EtcdStore, lease: string, env: Env): { store: EtcdStore; effects: EffectAction[] } {
  const info = s.leases[lease];
  if (!info) return { store: s, effects: [] };
  const owned = Object.entries(s.keys).filter(([, k]) => k.lease === lease);
  const [ownerKey] = ownersQueue(s)[0] ?? [];
  const revision = owned.length > 0 ? s.revision + 1 : s.revision;
  const keys = Object.fromEntries(Object.entries(s.keys).filter(([, k]) => k.lease !== lease));
  const leases = { ...s.leases };
  delete leases[lease];
  const held = owned.find(([key]) => key === ownerKey)?.[1];
  const detail = { lease, key: owned.map(([key]) => key).join(', '), revision };
  const note: Note = held
    ? {
        kind: 'lease.expired',
        parties: [held.client],
        holder: held.client,
        token: held.createRevision,
        grantId: held.grantId ?? undefined,
        detail,
      }
    : { kind: 'session.expired', parties: [info.client], client: info.client, detail };
  const next = handOver({ ...s, revision, keys, leases }, env);
  return { store: next.store, effects: [effect.note(note), ...next.effects] };
}
