// The ZooKeeper data the lock recipe touches, as plain functions over plain data: sessions, the
// lock's parent znode (a Curator container) and its ephemeral sequential children, and zxids.
// Invariant: every write transaction takes the next zxid, and a zxid is epoch·2^32 + counter, so
// zxids only grow, even across a leader change (which bumps the epoch and restarts the counter).

export interface Session {
  client: string;
  expiresAtMs: number;
}

export interface LockNode {
  name: string;
  /** The sequence suffix: the parent's cversion when the node was created. */
  seq: number;
  czxid: number;
  session: string;
  client: string;
  /** Ghost: the grant this node's owner received when the node became the lowest. */
  grantId: number | null;
}

export interface Tree {
  epoch: number;
  counter: number;
  sessions: Record<string, Session>;
  sessionCount: number;
  /** The lock's parent, a container: the server deletes it once it has had children and has none. */
  parent: { exists: boolean; cversion: number };
  /** Children of the lock's parent, lowest sequence first. */
  nodes: LockNode[];
}

export const EPOCH_FACTOR = 2 ** 32;

export const zxidOf = (t: Pick<Tree, 'epoch' | 'counter'>): number => t.epoch * EPOCH_FACTOR + t.counter;

/** The next transaction: its zxid and the tree with the counter advanced. */
function nextTxn(t: Tree): { tree: Tree; zxid: number } {
  const tree = { ...t, counter: t.counter + 1 };
  return { tree, zxid: zxidOf(tree) };
}

const nodeName = (seq: number): string => `lock-${String(seq).padStart(10, '0')}`;

export function openSession(t: Tree, client: string, expiresAtMs: number): { tree: Tree; id: string; zxid: number } {
  const { tree, zxid } = nextTxn(t);
  const id = `0x${(t.sessionCount + 1).toString(16)}`;
  return {
    tree: { ...tree, sessionCount: t.sessionCount + 1, sessions: { ...t.sessions, [id]: { client, expiresAtMs } } },
    id,
    zxid,
  };
}

/** create(parent/lock-, EPHEMERAL_SEQUENTIAL), recreating the container parent if it is gone. */
export function createLockNode(
  t: Tree,
  session: string,
  client: string,
): { tree: Tree; node: LockNode; parentCreated: boolean } {
  let tree = t;
  const parentCreated = !t.parent.exists;
  if (parentCreated) {
    // A recreated parent starts with cversion 0: the sequence suffix starts again.
    tree = { ...nextTxn(tree).tree, parent: { exists: true, cversion: 0 } };
  }
  const txn = nextTxn(tree);
  const seq = txn.tree.parent.cversion;
  const node: LockNode = { name: nodeName(seq), seq, czxid: txn.zxid, session, client, grantId: null };
  return {
    tree: {
      ...txn.tree,
      parent: { exists: true, cversion: seq + 1 },
      nodes: [...txn.tree.nodes, node],
    },
    node,
    parentCreated,
  };
}

/** Deletes nodes in one transaction (a delete, or a session close taking its ephemerals). */
export function deleteNodes(
  t: Tree,
  gone: (n: LockNode) => boolean,
): { tree: Tree; zxid: number; removed: LockNode[] } {
  const { tree, zxid } = nextTxn(t);
  const removed = t.nodes.filter(gone);
  return {
    tree: {
      ...tree,
      nodes: t.nodes.filter((n) => !gone(n)),
      parent: { ...t.parent, cversion: t.parent.cversion + removed.length },
    },
    zxid,
    removed,
  };
}

export function closeSession(t: Tree, id: string): { tree: Tree; zxid: number; removed: LockNode[] } {
  const { tree, zxid, removed } = deleteNodes(t, (n) => n.session === id);
  const sessions = { ...tree.sessions };
  delete sessions[id];
  return { tree: { ...tree, sessions }, zxid, removed };
}

export const isAlive = (t: Tree, id: string | undefined, nowMs: number): boolean =>
  id !== undefined && t.sessions[id] !== undefined && t.sessions[id]!.expiresAtMs > nowMs;

export function touchSession(t: Tree, id: string, expiresAtMs: number): Tree {
  const s = t.sessions[id];
  return s ? { ...t, sessions: { ...t.sessions, [id]: { ...s, expiresAtMs } } } : t;
}

/** ZooKeeper's ContainerManager rule: a container that has had children and has none is deleted. */
export const isEmptyContainer = (t: Tree): boolean => t.parent.exists && t.nodes.length === 0 && t.parent.cversion > 0;

export function deleteParent(t: Tree): { tree: Tree; zxid: number } {
  const { tree, zxid } = nextTxn(t);
  return { tree: { ...tree, parent: { exists: false, cversion: 0 } }, zxid };
}
