// `pause`: a client freezes (a GC pause). It processes nothing, its timers included, until its
// length has passed or a `resume` comes; what reached it meanwhile waits, in order.

import { defineAction } from './define';

export const pause = defineAction({
  type: 'pause',
  label: 'Pause a client (GC pause)',
  fields: [
    { name: 'client', kind: 'client', label: 'Client' },
    { name: 'durationMs', kind: 'optionalMs', label: 'For (ms, empty = until resumed)', initial: '2000' },
  ],
  describe: (a) => `${a.client} pauses${a.durationMs ? ` for ${a.durationMs} ms` : ' until resumed'}`,
  noun: 'pause',
  run: (world, a) => {
    const client = world.party(a.client);
    if (client.paused) return;
    client.paused = true;
    world.engineStep(client, {
      kind: 'client.paused',
      ...(a.durationMs ? { detail: { durationMs: a.durationMs } } : {}),
    });
    if (a.durationMs) world.queue.push(world.nowMs + a.durationMs, { type: 'resume', party: a.client });
  },
  lastsMs: (a) => a.durationMs ?? 0,
  carry: { by: 'kept' },
  random: {
    among: 'faults',
    band: [80, 87],
    make: ({ atMs, client, rng }) => [{ atMs, type: 'pause', client, durationMs: rng.nextInt(200, 2500) }],
  },
});
