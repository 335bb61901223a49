// A long random workload from one seed: clients acquiring, writing and releasing, with pauses,
// partitions, delays, restarts and clock jumps sprinkled in, each drawn as its kind's definition
// says (actions/<kind>.ts, `random`). Used by the benchmark, the differential test and the golden
// traces. Invariant: the same options give the same scenario.

import { SCENARIO_FORMAT, SCENARIO_VERSION, type Action, type Knobs, type Scenario } from '../core/scenario';
import { createRng } from '../kernel/rng';
import { clientIds } from '../core/parties';
import { ACTION_TYPES, kindOf } from '../actions/kinds';

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

/** The kinds a workload draws, in their two rounds (actions/define.ts, RandomDraw). */
const drawn = (among: 'commands' | 'faults') =>
  ACTION_TYPES.flatMap((type) => {
    const draw = kindOf(type).random;
    return draw?.among === among ? [draw] : [];
  });
const COMMANDS = drawn('commands');
const FAULTS = drawn('faults');

/** The draw whose band holds `x`. @throws Error where none does: the bands leave a gap. */
function inBand<D extends { band: readonly [number, number] }>(draws: readonly D[], x: number, scale = 1): D {
  const found = draws.find(({ band: [from, to] }) => from / scale <= x && x < to / scale);
  if (!found) throw new Error(`no kind of action is drawn at ${x}`);
  return found;
}

/**
 * A scenario of `options.actions` actions (a cut counts one, with its heal), `gapMs` apart on
 * average, under `strategy` (the generic fencing one by default) with the generic parties' names.
 */
export function randomWorkload(options: WorkloadOptions): Scenario {
  const { seed, strategy = 'fencing', clients = 4, actions: count, gapMs = 60, faults = true, knobs = {} } = options;
  const rng = createRng(seed, 'workload');
  const ids = clientIds(clients);
  const pick = <T>(items: readonly T[]): T => items[rng.nextInt(0, items.length - 1)]!;
  const servers = ['LockService', 'Storage'];
  const parties = [...servers, ...ids];
  const actions: Action[] = [];
  let atMs = 0;
  for (let i = 0; i < count; i++) {
    atMs += rng.nextInt(1, 2 * gapMs);
    const client = pick(ids);
    const roll = rng.nextFloat();
    // A command below 0.8 (a whole number 0 … 9 then says which); a fault by the roll, in hundredths.
    const draw = !faults || roll < 0.8 ? inBand(COMMANDS, rng.nextInt(0, 9)) : inBand(FAULTS, roll, 100);
    actions.push(...draw.make({ atMs, index: i, client, rng, pick, servers, store: 'Storage', parties }));
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
