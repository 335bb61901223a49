// An event an action was not written for is a bug in the chart: it throws, and says where.
import { describe, expect, it } from 'vitest';
import { enqueueActions, initialTransition, setup, transition } from 'xstate';
import { assertEvent } from './assertEvent';
import { resourceMachine } from './resource';

const env = { nowMs: 0, rand: 1, nextGrantId: 1 };

describe('assertEvent', () => {
  it('throws naming the machine, the state and the event when an action is reached by another event', () => {
    // A chart with a wiring mistake: 'b' is routed to the action written for 'a'. Like every
    // machine here, the action is an enqueueActions, which XState runs inside transition().
    const machine = setup({
      types: { events: {} as { type: 'a' } | { type: 'b' } },
      actions: { handleA: enqueueActions(({ event, self }) => assertEvent(self, event, 'a')) },
    }).createMachine({
      id: 'wired',
      initial: 'idle',
      states: { idle: { on: { a: 'busy', b: { actions: 'handleA' } } }, busy: {} },
    });
    const [start] = initialTransition(machine);
    expect(() => transition(machine, start, { type: 'a' })).not.toThrow();
    expect(() => transition(machine, start, { type: 'b' })).toThrow(
      "Unexpected event 'b' for machine 'wired' in state 'idle': this action handles only 'a'",
    );
  });

  it('throws when a message that must name its sender arrives without one', () => {
    const [start] = initialTransition(resourceMachine, {
      check: 'reject-le',
      initialMaxSeen: 33,
      maxSeenDurable: true,
      blobStore: null,
    });
    const event = { type: 'write.request', token: 34, grantId: 1, seq: 1, value: 'V', env } as const;
    expect(() => transition(resourceMachine, start, event)).toThrow(
      "Message 'write.request' without a sender (from) for machine 'resource' in state 'up'",
    );
  });

  it('leaves an event a state does not handle alone: a write to a crashed store changes nothing', () => {
    const [start] = initialTransition(resourceMachine, {
      check: 'reject-le',
      initialMaxSeen: 33,
      maxSeenDurable: true,
      blobStore: null,
    });
    const [down] = transition(resourceMachine, start, { type: 'node.crash', env });
    const write = { type: 'write.request', from: 'Client1', token: 34, grantId: 1, seq: 1, value: 'V', env } as const;
    const [after, actions] = transition(resourceMachine, down, write);
    expect(after.value).toBe('down');
    expect(after.context.maxSeen).toBe(33);
    expect(actions).toEqual([]);
  });
});
