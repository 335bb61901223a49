// Scenario actions in plain words, for the intervention list. Invariant: pure formatting.

import type { Action } from '../../engine';

export function describeAction(action: Action): string {
  switch (action.type) {
    case 'acquire':
      return `${action.client} asks for the lock`;
    case 'write':
      return `${action.client} writes ${action.value}`;
    case 'release':
      return `${action.client} releases the lock`;
    case 'pause':
      return `${action.client} pauses${action.durationMs ? ` for ${action.durationMs} ms` : ' until resumed'}`;
    case 'resume':
      return `${action.client} resumes`;
    case 'expireLease':
      return 'The lock service expires the lease now';
    case 'crash':
      return `${action.party} crashes${action.restartAfterMs ? `, restarting after ${action.restartAfterMs} ms` : ''}`;
    case 'restart':
      return `${action.party} restarts`;
    case 'partition':
      return `The network between ${action.a} and ${action.b} is cut`;
    case 'heal':
      return `The network between ${action.a} and ${action.b} is healed`;
    case 'delay':
      return `The next message from ${action.from} to ${action.to} is held up ${action.extraMs} ms`;
    case 'clockJump':
      return `${action.party}'s clock jumps ${action.deltaMs >= 0 ? 'forward' : 'back'} ${Math.abs(action.deltaMs)} ms`;
  }
}
