// The part of node-zookeeper-client 1.1.3 (pure JS, no types of its own) the recorder uses.
// 64-bit fields (czxid, session ids) are 8-byte big-endian Buffers.
declare module 'node-zookeeper-client' {
  export interface Stat {
    czxid: Buffer;
    mzxid: Buffer;
    ephemeralOwner: Buffer;
  }
  export interface ZkError extends Error {
    getCode(): number;
    name: string;
  }
  type Cb<T> = (error: ZkError | null, result: T) => void;
  export interface Client {
    connect(): void;
    close(): void;
    on(event: 'connected' | 'disconnected' | 'expired', listener: () => void): void;
    getSessionId(): Buffer;
    getSessionTimeout(): number;
    create(path: string, data: Buffer | null, mode: number, cb: Cb<string>): void;
    exists(path: string, cb: Cb<Stat | null>): void;
    getChildren(path: string, cb: Cb<string[]>): void;
    remove(path: string, cb: (error: ZkError | null) => void): void;
  }
  export const CreateMode: { PERSISTENT: number; EPHEMERAL_SEQUENTIAL: number };
  export function createClient(
    connect: string,
    options: { sessionTimeout: number; spinDelay: number; retries: number },
  ): Client;
  const zk: { createClient: typeof createClient; CreateMode: typeof CreateMode };
  export default zk;
}
