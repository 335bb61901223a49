// A grant that arrives after a client stopped waiting must go straight back to the lock service,
// or the lock would sit with a client that will never use it (and nobody else could take it).
import { describe, expect, it } from 'vitest';
import { fromMachine } from '../fromMachine';
import type { PartyLogic } from '../../core/party';
import { etcdClientMachine } from '../etcd/client';
import { chubbyClientMachine } from '../chubby/client';

function idleGets<S>(logic: PartyLogic<S>, event: Record<string, unknown> & { type: string }) {
  const env = { nowMs: 0, rand: 1, nextGrantId: 1 };
  return logic.step(logic.init().state, { ...event, from: 'server', env }).effects;
}

const base = { resources: ['Storage'], mailer: null, stopActing: 'lost' as const };

describe('an idle client handed a grant it no longer wants', () => {
  it('etcd: unlocks the key and notes the release as unwanted', () => {
    const logic = fromMachine(etcdClientMachine, { ...base, etcd: 'etcd', ttlMs: 1000, guarded: false }, () => ({}));
    const effects = idleGets(logic, { type: 'etcd.locked', key: 'lock/res/1', token: 35, grantId: 4 });
    expect(effects).toEqual([
      { type: 'send', to: 'etcd', msg: { type: 'etcd.unlock', key: 'lock/res/1' } },
      {
        type: 'note',
        note: { kind: 'lock.releasing', parties: ['etcd'], token: 35, grantId: 4, detail: { unwanted: true } },
      },
    ]);
  });

  it('Chubby: releases the grant and notes it as unwanted', () => {
    const logic = fromMachine(chubbyClientMachine, { ...base, chubby: 'Chubby', leaseTtlMs: 1000 }, () => ({}));
    const effects = idleGets(logic, { type: 'chubby.granted', token: 34, grantId: 2, sequencer: 's', sentAtMs: null });
    expect(effects).toEqual([
      { type: 'send', to: 'Chubby', msg: { type: 'chubby.release', grantId: 2 } },
      {
        type: 'note',
        note: { kind: 'lock.releasing', parties: ['Chubby'], token: 34, grantId: 2, detail: { unwanted: true } },
      },
    ]);
  });
});
