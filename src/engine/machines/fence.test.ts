// The fence as the resource machine's chart shows it: 'write.request' goes to acceptWrite under
// isTokenFresh and to rejectWrite otherwise, and max_seen only climbs under 'reject-le'.
import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import type { CheckMode } from '../core/scenario';
import { resourceMachine } from './resource';

const env = { nowMs: 0, rand: 1, nextGrantId: 1 };

/** A resource that has seen max_seen 33, then the verdict on a write carrying `token`. */
function write(check: CheckMode, token: number) {
  const [start] = initialTransition(resourceMachine, {
    check,
    initialMaxSeen: 33,
    maxSeenDurable: true,
    blobStore: null,
  });
  const event = { type: 'write.request', from: 'Client1', token, grantId: 1, seq: 1, value: 'V', env } as const;
  const [next, actions] = transition(resourceMachine, start, event);
  const reply = actions.find((a) => a.type === 'send')?.params as { msg: { type: string } } | undefined;
  return { maxSeen: next.context.maxSeen, value: next.context.value, reply: reply?.msg.type };
}

describe('the fence guard (isTokenFresh)', () => {
  it('is in the chart: write.request is accepted under the guard and rejected otherwise', () => {
    expect(resourceMachine.config.states?.up?.on?.['write.request']).toEqual([
      { guard: 'isTokenFresh', actions: 'acceptWrite' },
      { actions: 'rejectWrite' },
    ]);
  });

  it('reject-le: a token above max_seen is applied and raises max_seen', () => {
    expect(write('reject-le', 34)).toEqual({ maxSeen: 34, value: 'V', reply: 'write.ack' });
  });

  it('reject-le: a token at or below max_seen is refused and max_seen stays', () => {
    expect(write('reject-le', 33)).toEqual({ maxSeen: 33, value: null, reply: 'write.nack' });
    expect(write('reject-le', 32)).toEqual({ maxSeen: 33, value: null, reply: 'write.nack' });
  });

  it('reject-lt (the pitfall): an equal token passes, an older one is still refused', () => {
    expect(write('reject-lt', 33)).toEqual({ maxSeen: 33, value: 'V', reply: 'write.ack' });
    expect(write('reject-lt', 32)).toEqual({ maxSeen: 33, value: null, reply: 'write.nack' });
  });
});
