// What a child process's lock client is, whatever the system: it acquires (resolving with the
// fencing token once it holds the lock), writes through the system's own guard where it has one,
// releases, and reports what its library tells it through `note`.

import type { Observation } from '../format.ts';

export type Note = (kind: string, fields?: Pick<Observation, 'token' | 'detail' | 'client'>) => void;

export interface ChildConfig {
  system: 'etcd' | 'zookeeper' | 'redis';
  client: string;
  /** Lease TTL / session timeout / key PX, ms. */
  ttlMs: number;
  storeUrl: string;
  /** etcd: the client URL; ZooKeeper: host:port (through the recorder's link). */
  endpoint?: string;
  /** Redis: the link port for each master, in the order Redis1..Redis5. */
  masterPorts?: number[];
  /** etcd: also write through a txn guarded by the lock key's create revision. */
  guarded?: boolean;
}

export interface LockClient {
  /** Resolves with the token once this client holds the lock.
   * @throws Error when it cannot get the lock (Redlock: no majority after its retries). */
  acquire(): Promise<string>;
  /** A write through the lock service's own guard (etcd's txn): true if it succeeded. */
  guardedWrite?(value: string): Promise<boolean>;
  /** After a write: ask the lock service about this client's own lock (ZooKeeper: its node). */
  probe?(): Promise<void>;
  release(): Promise<void>;
  close(): Promise<void>;
}

/** Made by each system's module; `lost` is called when the library says the lease is gone. */
export type MakeClient = (config: ChildConfig, note: Note, lost: (why: string) => void) => LockClient;

/** Resolves after ms. */
export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
