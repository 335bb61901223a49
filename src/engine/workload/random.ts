// A long random workload from one seed: clients acquiring, writing and releasing, with pauses,
// partitions, delays, restarts and clock jumps sprinkled in. Used by the benchmark and the
// differential test. Invariant: the same options give the same scenario.

import { SCENARIO_FORMAT, SCENARIO_VERSION, type Action, type Knobs, type Scenario } from '../core/scenario';
import { createRng } from '../kernel/rng';
import { clientIds } from '../core/parties';

export interface WorkloadOptions {
  seed: number;
  strategy?: string;
  clients?: number;
  actions: number;
  /** Average virtual time between two actions. */
  gapMs?: number;
  /** Include pauses, partitions, delays, restarts and clock jumps. */
  faults?: boolean;
  /** Knob overrides for the scenario (none by default). */
  knobs?: Partial<Knobs>;
}

export function randomWorkload(options: WorkloadOptions): Scenario {
  const { seed, strategy = 'fencing', clients = 4, actions: count, gapMs = 60, faults = true, knobs = {} } = options;
  const rng = createRng(seed, 'workload');
  const ids = clientIds(clients);
  const pick = <T>(items: readonly T[]): T => items[rng.nextInt(0, items.length - 1)]!;
  const servers = ['LockService', 'Storage'];
  const actions: Action[] = [];
  let atMs = 0;
  for (let i = 0; i < count; i++) {
    atMs += rng.nextInt(1, 2 * gapMs);
    const client = pick(ids);
    const roll = rng.nextFloat();
    if (!faults || roll < 0.8) {
      const kind = rng.nextInt(0, 9);
      if (kind < 3) actions.push({ atMs, type: 'acquire', client });
      else if (kind < 8) actions.push({ atMs, type: 'write', client, value: `v${i}` });
      else actions.push({ atMs, type: 'release', client });
    } else if (roll < 0.87) {
      actions.push({ atMs, type: 'pause', client, durationMs: rng.nextInt(200, 2500) });
    } else if (roll < 0.91) {
      const a = pick([...servers, ...ids]);
      const b = pick([...servers, ...ids].filter((p) => p !== a));
      actions.push({ atMs, type: 'partition', a, b });
      actions.push({ atMs: atMs + rng.nextInt(100, 1500), type: 'heal', a, b });
    } else if (roll < 0.95) {
      actions.push({ atMs, type: 'delay', from: client, to: 'Storage', extraMs: rng.nextInt(100, 3000) });
    } else if (roll < 0.97) {
      actions.push({ atMs, type: 'crash', party: pick(servers), restartAfterMs: rng.nextInt(50, 800) });
    } else {
      actions.push({ atMs, type: 'clockJump', party: pick([...servers, ...ids]), deltaMs: rng.nextInt(-1500, 1500) });
    }
  }
  actions.sort((x, y) => x.atMs - y.atMs);
  return {
    format: SCENARIO_FORMAT,
    version: SCENARIO_VERSION,
    name: `Random workload (${count} actions, seed ${seed})`,
    seed,
    strategy,
    knobs,
    clients,
    network: { latencyMsMin: 1, latencyMsMax: 20, dropRate: faults ? 0.01 : 0 },
    clocks: {},
    actions,
    labels: [],
  };
}
