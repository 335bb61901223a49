// A service outside the fence: it sends an email for anyone who asks. It has no max_seen and no
// check, which is the point: whatever a zombie asks of it happens (the article's "side effects
// outside the fence"). The invariant checker counts effects requested by superseded holders.

import { assign, setup } from 'xstate';
import type { TokenValue } from '../core/trace';
import type { Env, Note } from '../core/party';

type MailerEvent = { env: Env; from?: string } & (
  | { type: 'effect.request'; token: TokenValue; grantId: number; value: string }
  | { type: 'node.crash' }
  | { type: 'node.restart' }
);

export const mailerMachine = setup({
  types: { context: {} as { sent: number; lastValue: string | null }, events: {} as MailerEvent },
  actions: { note: (_, _params: Note) => {} },
}).createMachine({
  id: 'mailer',
  context: { sent: 0, lastValue: null },
  initial: 'up',
  states: {
    up: {
      on: {
        'effect.request': {
          actions: [
            assign({
              sent: ({ context }) => context.sent + 1,
              lastValue: ({ event }) => (event.type === 'effect.request' ? event.value : null),
            }),
            {
              type: 'note',
              params: ({ event }) =>
                event.type === 'effect.request'
                  ? {
                      kind: 'effect.sent',
                      parties: [event.from ?? ''],
                      client: event.from,
                      token: event.token,
                      grantId: event.grantId,
                      detail: { value: event.value },
                    }
                  : { kind: 'effect.sent' },
            },
          ],
        },
        'node.crash': { target: 'down', actions: { type: 'note', params: { kind: 'node.crashed' } } },
      },
    },
    down: {
      on: { 'node.restart': { target: 'up', actions: { type: 'note', params: { kind: 'node.restarted' } } } },
    },
  },
});
