// ZooKeeper's model: the ensemble (sessions, ephemeral sequential znodes, czxids) and Curator's
// lock recipe client, as XState machines; the parties are those ../strategies/zookeeper.ts lists.

import type { Model } from '../strategies/types';
import { ZOOKEEPER, containerCheckMsOf, zookeeper } from '../strategies/zookeeper';
import { storesAndMailer, writerFields } from '../strategies/systemParties';
import { fromMachine } from '../machines/fromMachine';
import { zooKeeperMachine } from '../machines/zookeeper/server';
import { zkClientMachine } from '../machines/zookeeper/client';
import { zxidOf } from '../machines/zookeeper/tree';
import { stopPolicyOf } from '../core/defaults';
import { erase, withLogic } from './logic';
import { sharedLogic } from './generic';

export const model: Model = (knobs, clients) => {
  const { resources, mailer } = storesAndMailer(knobs);
  const server = fromMachine(
    zooKeeperMachine,
    {
      tokenMode: knobs.tokenSource === 'resetting-counter' ? 'suffix' : 'czxid',
      firstToken: knobs.firstToken,
      sessionTimeoutMs: knobs.leaseTtlMs,
      containerCheckMs: containerCheckMsOf(knobs.leaseTtlMs),
    },
    ({ context: { tree, tokenMode } }) => ({
      zxid: zxidOf(tree),
      holder: tree.nodes[0]?.client ?? null,
      token: tree.nodes[0] ? (tokenMode === 'czxid' ? tree.nodes[0].czxid : tree.nodes[0].seq) : null,
      nodes: tree.nodes.map((n) => `${n.name} (${n.client}, czxid ${n.czxid})`).join(', '),
      parent: tree.parent.exists ? `cversion ${tree.parent.cversion}` : 'deleted',
      sessions: Object.entries(tree.sessions)
        .map(([id, s]) => `${id} ${s.client} until ${s.expiresAtMs}`)
        .join(', '),
    }),
  );
  return withLogic(zookeeper.parties(knobs, clients), (info) => {
    if (info.id === ZOOKEEPER) return { logic: erase(server), timerClock: 'monotonic' };
    if (info.kind === 'client')
      return {
        timerClock: 'monotonic',
        logic: erase(
          fromMachine(
            zkClientMachine,
            { zk: ZOOKEEPER, resources, mailer, stopActing: stopPolicyOf(knobs, info.id) },
            ({ context: c }) => ({
              session: c.session,
              node: c.node,
              suspended: c.suspended,
              ...writerFields(c),
            }),
          ),
        ),
      };
    return sharedLogic(info, knobs);
  });
};
