// ZooKeeper serving the lock recipe: sessions kept alive by pings and expired by the server's own
// clock, ephemeral sequential lock nodes under a container parent, and the lock handed to whoever
// owns the lowest node. The ensemble is modelled as one linearizable service.
// Invariant it protects: the owner of the lowest node holds the lock, and a node's czxid is larger
// than every zxid before it, so the holders' czxids strictly increase in the order they hold it.

import { setup } from 'xstate';
import type { Env, Note } from '../../core/party';
import type { TokenValue } from '../../core/trace';
import { type EffectAction, type EnqueueArgs, effect, effectActions, timerEvent } from '../effects';
import { assertEvent, assertMessage } from '../assertEvent';
import * as T from './tree';

interface ZooKeeperInput {
  /** What a holder carries as its token: the node's czxid, or (the pitfall) its sequence suffix. */
  tokenMode: 'czxid' | 'suffix';
  /** The first lock node's czxid and sequence suffix. */
  firstToken: number;
  sessionTimeoutMs: number;
  /** How often the server looks for empty containers to delete (ZooKeeper: 60 s by default). */
  containerCheckMs: number;
}

interface ZooKeeperContext extends ZooKeeperInput {
  tree: T.Tree;
}

type ZkEvent = { env: Env; from?: string } & (
  | { type: 'zk.connect' }
  | { type: 'zk.ping'; session: string }
  | { type: 'zk.lock'; session: string }
  | { type: 'zk.delete'; session: string; node: string }
  | { type: 'session.expire'; session: string }
  | { type: 'container.check' }
  | { type: 'lease.expireNow' }
  | { type: 'node.crash' }
  | { type: 'node.restart' }
);

interface Out {
  tree: T.Tree;
  effects: EffectAction[];
}

const tokenOf = (ctx: ZooKeeperContext, n: T.LockNode): TokenValue => (ctx.tokenMode === 'czxid' ? n.czxid : n.seq);
const expireTimer = (id: string, delayMs: number) => ({
  event: timerEvent<ZkEvent>({ type: 'session.expire', session: id }),
  options: { id: `session:${id}`, delay: delayMs },
});

/**
 * Whoever owns the lowest node now holds the lock: note it (once) and tell its client. ZooKeeper
 * grants nothing: the client learns it holds the lock when its own create, or the watch on its
 * predecessor (`deleted`) firing, shows its node lowest. Here the watch event and the client's
 * getChildren are the one zk.lockHeld message (a simplification the strategy discloses).
 */
function handOver(ctx: ZooKeeperContext, tree: T.Tree, env: Env, deleted?: string): Out {
  const lowest = tree.nodes[0];
  if (!lowest || lowest.grantId !== null) return { tree, effects: [] };
  const granted = { ...lowest, grantId: env.nextGrantId };
  const token = tokenOf(ctx, lowest);
  const detail = {
    node: lowest.name,
    czxid: lowest.czxid,
    seq: lowest.seq,
    session: lowest.session,
    ...(deleted ? { watchFired: deleted } : {}),
  };
  return {
    tree: { ...tree, nodes: [granted, ...tree.nodes.slice(1)] },
    effects: [
      effect.note({
        kind: 'lock.granted',
        parties: [lowest.client],
        holder: lowest.client,
        token,
        grantId: granted.grantId!,
        detail,
      }),
      effect.send(lowest.client, { type: 'zk.lockHeld', token, grantId: granted.grantId, node: lowest.name }),
    ],
  };
}

/** The session is over (expired or forced): its ephemeral nodes go in one transaction. */
function endSession(ctx: ZooKeeperContext, id: string, env: Env): Out {
  const session = ctx.tree.sessions[id];
  if (!session) return { tree: ctx.tree, effects: [] };
  const held = ctx.tree.nodes[0]?.session === id ? ctx.tree.nodes[0] : undefined;
  const closed = T.closeSession(ctx.tree, id);
  const detail = { session: id, zxid: closed.zxid, node: closed.removed.map((n) => n.name).join(', ') };
  const note: Note = held
    ? {
        kind: 'lease.expired',
        parties: [held.client],
        holder: held.client,
        token: tokenOf(ctx, held),
        grantId: held.grantId ?? undefined,
        detail,
      }
    : { kind: 'session.expired', parties: [session.client], client: session.client, detail };
  const next = handOver(ctx, closed.tree, env, held?.name);
  return { tree: next.tree, effects: [effect.note(note), ...next.effects] };
}

const zooKeeperSetup = setup({
  types: { context: {} as ZooKeeperContext, events: {} as ZkEvent, input: {} as ZooKeeperInput },
  actions: effectActions,
  guards: {
    /** The request's session is alive by the server's clock (else the client is told it expired). */
    isSessionAlive: ({ context, event }) =>
      'session' in event && T.isAlive(context.tree, event.session, event.env.nowMs),
    /** The session is still due at its timer: no request renewed it since the timer was armed. */
    isSessionOverdue: ({ context, event }) =>
      event.type === 'session.expire' && !T.isAlive(context.tree, event.session, event.env.nowMs),
    hasHolder: ({ context }) => context.tree.nodes.length > 0,
  },
});

type Args = EnqueueArgs<typeof zooKeeperSetup>;

/** Any request from a live session keeps it alive: a session timeout from now, its timer re-armed. */
function touchSession({ context, event, enqueue }: Args, session: string): T.Tree {
  const tree = T.touchSession(context.tree, session, event.env.nowMs + context.sessionTimeoutMs);
  const t = expireTimer(session, context.sessionTimeoutMs);
  enqueue.raise(t.event, t.options);
  return tree;
}

export const zooKeeperMachine = zooKeeperSetup
  .extend({
    actions: {
      armContainerCheck: zooKeeperSetup.enqueueActions(({ context, enqueue }) =>
        enqueue.raise(timerEvent({ type: 'container.check' }), { id: 'containers', delay: context.containerCheckMs }),
      ),
      openSession: zooKeeperSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertMessage(self, event, 'zk.connect');
        const opened = T.openSession(context.tree, event.from, event.env.nowMs + context.sessionTimeoutMs);
        enqueue.assign({ tree: opened.tree });
        const t = expireTimer(opened.id, context.sessionTimeoutMs);
        enqueue.raise(t.event, t.options);
        enqueue(
          effect.send(event.from, { type: 'zk.connected', session: opened.id, timeoutMs: context.sessionTimeoutMs }),
        );
        enqueue(
          effect.note({
            kind: 'session.opened',
            parties: [event.from],
            client: event.from,
            detail: { session: opened.id, zxid: opened.zxid, timeoutMs: context.sessionTimeoutMs },
          }),
        );
      }),
      /** A request from a session that is gone: the client is told so. */
      reportSessionExpired: zooKeeperSetup.enqueueActions(({ event, enqueue, self }) => {
        assertMessage(self, event, ['zk.ping', 'zk.lock', 'zk.delete']);
        const { from, session } = event;
        enqueue(effect.send(from, { type: 'zk.expired', session }));
        enqueue(
          effect.note({
            kind: 'session.unknown',
            parties: [from],
            client: from,
            detail: { session, cause: 'expired' },
          }),
        );
      }),
      ping: zooKeeperSetup.enqueueActions((args) => {
        const { event, enqueue, self } = args;
        assertMessage(self, event, 'zk.ping');
        const { from, session } = event;
        const tree = touchSession(args, session);
        enqueue.assign({ tree });
        enqueue(effect.send(from, { type: 'zk.pong', session, quiet: true }));
      }),
      /** Release: the client deletes its lock node, and the next node's owner holds the lock. */
      deleteNode: zooKeeperSetup.enqueueActions((args) => {
        const { context, event, enqueue, self } = args;
        assertMessage(self, event, 'zk.delete');
        const { env, from, session } = event;
        const tree = touchSession(args, session);
        const held = tree.nodes[0]?.name === event.node ? tree.nodes[0] : undefined;
        const gone = T.deleteNodes(tree, (n) => n.name === event.node && n.session === session);
        const kind = held ? 'lock.released' : 'release.ignored';
        const token = held ? tokenOf(context, held) : undefined;
        enqueue(
          effect.note({
            kind,
            parties: [from],
            holder: from,
            token,
            grantId: held?.grantId ?? undefined,
            detail: { node: event.node, zxid: gone.zxid },
          }),
        );
        const next = handOver(context, gone.tree, env, held?.name);
        enqueue.assign({ tree: next.tree });
        for (const e of next.effects) enqueue(e);
      }),
      /** Lock: create an ephemeral sequential node, list the children, watch the predecessor. */
      createLockNode: zooKeeperSetup.enqueueActions((args) => {
        const { context, event, enqueue, self } = args;
        assertMessage(self, event, 'zk.lock');
        const { env, from, session } = event;
        let tree = touchSession(args, session);
        const created = T.createLockNode(tree, session, from);
        tree = created.tree;
        const node = created.node;
        const index = tree.nodes.findIndex((n) => n.name === node.name);
        if (index === 0) {
          const next = handOver(context, tree, env);
          enqueue.assign({ tree: next.tree });
          for (const e of next.effects) enqueue(e);
          return;
        }
        const predecessor = tree.nodes[index - 1]!;
        const holder = tree.nodes[0]!.client;
        enqueue.assign({ tree });
        enqueue(effect.send(from, { type: 'zk.lockWait', node: node.name, watching: predecessor.name, holder }));
        enqueue(
          effect.note({
            kind: 'lock.queued',
            parties: [from],
            client: from,
            holder,
            detail: {
              node: node.name,
              czxid: node.czxid,
              watching: predecessor.name,
              parentCreated: created.parentCreated,
            },
          }),
        );
      }),
      expireSession: zooKeeperSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertEvent(self, event, 'session.expire');
        const out = endSession(context, event.session, event.env);
        enqueue.assign({ tree: out.tree });
        for (const e of out.effects) enqueue(e);
      }),
      expireHolder: zooKeeperSetup.enqueueActions(({ context, event, enqueue, self }) => {
        assertEvent(self, event, 'lease.expireNow');
        const holder = context.tree.nodes[0]!; // hasHolder
        enqueue.cancel(`session:${holder.session}`);
        const out = endSession(context, holder.session, event.env);
        enqueue.assign({ tree: out.tree });
        for (const e of out.effects) enqueue(e);
      }),
      checkContainers: zooKeeperSetup.enqueueActions(({ context, enqueue }) => {
        enqueue.raise(timerEvent({ type: 'container.check' }), { id: 'containers', delay: context.containerCheckMs });
        if (!T.isEmptyContainer(context.tree)) return;
        const gone = T.deleteParent(context.tree);
        enqueue.assign({ tree: gone.tree });
        enqueue(
          effect.note({
            kind: 'container.deleted',
            detail: { zxid: gone.zxid, cversion: context.tree.parent.cversion },
          }),
        );
      }),
      /** A new leader: a new epoch (zxids jump above all before), sessions and nodes survive. */
      failOver: zooKeeperSetup.enqueueActions(({ context, event, enqueue }) => {
        const sessions: Record<string, T.Session> = {};
        for (const [id, s] of Object.entries(context.tree.sessions)) {
          sessions[id] = { ...s, expiresAtMs: event.env.nowMs + context.sessionTimeoutMs };
          const t = expireTimer(id, context.sessionTimeoutMs);
          enqueue.raise(t.event, t.options);
        }
        const tree = { ...context.tree, epoch: context.tree.epoch + 1, counter: 0, sessions };
        enqueue.assign({ tree });
        enqueue(effect.note({ kind: 'node.restarted', detail: { epoch: tree.epoch, zxid: T.zxidOf(tree) } }));
      }),
    },
  })
  .createMachine({
    id: 'zookeeper',
    context: ({ input }) => ({
      ...input,
      tree: {
        epoch: 0,
        // The first client's session takes zxid firstToken-1, so its lock node's czxid is firstToken.
        counter: input.firstToken - 2,
        sessions: {},
        sessionCount: 0,
        parent: { exists: true, cversion: input.firstToken },
        nodes: [],
      },
    }),
    initial: 'serving',
    states: {
      serving: {
        entry: 'armContainerCheck',
        on: {
          'zk.connect': { actions: 'openSession' },
          'zk.ping': [{ guard: 'isSessionAlive', actions: 'ping' }, { actions: 'reportSessionExpired' }],
          'zk.lock': [{ guard: 'isSessionAlive', actions: 'createLockNode' }, { actions: 'reportSessionExpired' }],
          'zk.delete': [{ guard: 'isSessionAlive', actions: 'deleteNode' }, { actions: 'reportSessionExpired' }],
          // A session renewed since its timer was armed outlives the timer: nothing happens.
          'session.expire': { guard: 'isSessionOverdue', actions: 'expireSession' },
          'container.check': { actions: 'checkContainers' },
          'lease.expireNow': [
            { guard: 'hasHolder', actions: 'expireHolder' },
            { actions: { type: 'note', params: { kind: 'lease.none' } } },
          ],
          'node.crash': { target: 'down', actions: { type: 'note', params: { kind: 'node.crashed' } } },
        },
      },
      down: {
        on: { 'node.restart': { target: 'serving', actions: 'failOver' } },
      },
    },
  });
