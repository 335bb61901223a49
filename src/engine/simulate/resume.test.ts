// A fork resumes from a checkpoint, and the contract stays trace = simulate(scenario), byte for
// byte: for every preset under every strategy, for each kind of change the lab makes (an
// action added at the cursor, an action removed, moved or edited), for chains of forks and for
// random long runs. And resuming never changes the run it resumed from.

import { describe, expect, it } from 'vitest';
import {
  createSimulator,
  PRESETS,
  STRATEGIES,
  randomWorkload,
  validateScenario,
  type Action,
  type Scenario,
  type Simulation,
} from '../index';
import { withStrategy } from '../surfaces/comparison';
import { sharedUntilMs } from './fork';
import { createRng } from '../kernel/rng';
import { ALL_MODELS } from '../models/all';
import { PLAIN_MODELS } from '../reference/plainParties';

const { resume, simulate, simulateWithCheckpoints } = createSimulator(ALL_MODELS);

const bytes = (x: unknown) => JSON.stringify(x);

/** resume(previous, next) against a run of `next` from the start; returns the resumed simulation. */
function expectSameAsFresh(previous: Simulation, next: Scenario): Simulation {
  const checked = validateScenario(next);
  if (!checked.ok) throw new Error(`test built an invalid scenario: ${JSON.stringify(checked.error)}`);
  const before = bytes(previous.trace);
  const resumed = resume(previous, checked.scenario, { checkpointEvery: 7 });
  expect(bytes(resumed.trace)).toBe(bytes(simulate(checked.scenario)));
  expect(bytes(previous.trace)).toBe(before);
  return resumed;
}

/** What the lab adds at the cursor: an action one millisecond after the cursor's step. */
function addedActionsFor(scenario: Scenario, atMs: number, parties: string[]): Action[] {
  const authority = parties.find((p) => !p.startsWith('Client') && p !== 'Storage') ?? parties[0]!;
  return [
    { atMs, type: 'pause', client: 'Client1', durationMs: 900 },
    { atMs, type: 'crash', party: authority, restartAfterMs: 400 },
    { atMs, type: 'partition', a: 'Client1', b: authority },
    { atMs, type: 'clockJump', party: authority, deltaMs: 700 },
    { atMs, type: 'expireLease' },
    { atMs, type: 'write', client: scenario.clients > 1 ? 'Client2' : 'Client1', value: 'late' },
  ];
}

describe('resume: a fork gives the same trace as a run from the start', () => {
  for (const preset of PRESETS) {
    for (const strategy of STRATEGIES) {
      it(`${preset.id} under ${strategy.id}`, () => {
        const base: Scenario = withStrategy(preset.scenario, strategy.id);
        const previous = simulateWithCheckpoints(base, { checkpointEvery: 7 });
        const steps = previous.trace.steps;
        const parties = previous.trace.parties.map((p) => p.id);
        let resumedSome = false;
        for (const at of [0.25, 0.5, 0.9].map((f) => steps[Math.floor(f * (steps.length - 1))]!.timeMs + 1)) {
          for (const action of addedActionsFor(base, at, parties)) {
            const next = { ...base, actions: [...base.actions, action] };
            resumedSome ||= expectSameAsFresh(previous, next).resumedFromMs !== null;
          }
        }
        if (base.actions.length > 1) {
          const last = base.actions.length - 1;
          const moved = { ...base.actions[last]!, atMs: base.actions[last]!.atMs + 250 };
          expectSameAsFresh(previous, { ...base, actions: base.actions.slice(0, last) });
          expectSameAsFresh(previous, { ...base, actions: [...base.actions.slice(0, last), moved] });
        }
        // Only the words changed: the whole run is shared, labels included.
        expectSameAsFresh(previous, { ...base, name: 'Renamed', labels: [] });
        if (steps.length > 30) expect(resumedSome).toBe(true);
      });
    }
  }
});

describe('resume: chains of forks and random long runs', () => {
  it('96 random forks of long random runs, each resumed from the one before', () => {
    let resumed = 0;
    for (let seed = 1; seed <= 8; seed++) {
      const strategy = STRATEGIES[seed % STRATEGIES.length]!.id;
      let scenario = withStrategy(randomWorkload({ seed, actions: 80, clients: 3 }), strategy);
      let sim = simulateWithCheckpoints(scenario, { checkpointEvery: 25 });
      const rng = createRng(seed, 'resume-test');
      for (let i = 0; i < 12; i++) {
        const steps = sim.trace.steps;
        const atMs = steps[rng.nextInt(0, steps.length - 1)]!.timeMs + 1;
        const parties = sim.trace.parties.map((p) => p.id);
        const choices = addedActionsFor(scenario, atMs, parties);
        const roll = rng.nextInt(0, choices.length);
        const actions =
          roll < choices.length
            ? [...scenario.actions, choices[roll]!]
            : scenario.actions.filter((_, j) => j !== rng.nextInt(0, scenario.actions.length - 1));
        const next = { ...scenario, actions };
        sim = expectSameAsFresh(sim, next);
        if (sim.resumedFromMs !== null) resumed++;
        scenario = next;
      }
    }
    // Most forks land after a checkpoint: the test is about resuming, not about running afresh.
    expect(resumed).toBeGreaterThan(60);
  });

  it('does not resume across a change of strategy, seed or knob', () => {
    const base = PRESETS.find((p) => p.id === 'canonical-race')!.scenario;
    const sim = simulateWithCheckpoints(base, { checkpointEvery: 3 });
    for (const next of [
      { ...base, seed: base.seed + 1 },
      { ...base, knobs: { ...base.knobs, leaseTtlMs: 777 } },
      withStrategy(base, 'redlock'),
    ]) {
      expect(expectSameAsFresh(sim, next).resumedFromMs).toBeNull();
    }
  });

  it('does not resume from a checkpoint taken under another model of the strategy: it runs its own from the start', () => {
    const base = PRESETS.find((p) => p.id === 'canonical-race')!.scenario;
    const sim = simulateWithCheckpoints(base, { checkpointEvery: 3 });
    const next = { ...base, actions: [...base.actions, { atMs: 2500, type: 'expireLease' } as Action] };
    const plain = createSimulator(PLAIN_MODELS);
    const resumed = plain.resume(sim, next, { checkpointEvery: 3 });
    expect(resumed.resumedFromMs).toBeNull();
    expect(bytes(resumed.trace)).toBe(bytes(plain.simulate(next)));
    // Under its own model it does resume.
    expect(resume(sim, next, { checkpointEvery: 3 }).resumedFromMs).not.toBeNull();
  });
});

describe('sharedUntilMs', () => {
  const base = PRESETS.find((p) => p.id === 'canonical-race')!.scenario;
  const at = (ms: number): Action => ({ atMs: ms, type: 'expireLease' });
  it('is the time of the first action that differs, and unbounded when only words differ', () => {
    expect(sharedUntilMs(base, { ...base, name: 'x', labels: [] })).toBe(Infinity);
    expect(sharedUntilMs(base, { ...base, actions: [...base.actions, at(321)] })).toBe(321);
    expect(sharedUntilMs(base, { ...base, seed: 99 })).toBe(-Infinity);
    // Two actions at one time swapped: their order is part of the run.
    const two = { ...base, actions: [at(50), { atMs: 50, type: 'pause', client: 'Client1' } as Action] };
    expect(sharedUntilMs(two, { ...two, actions: [two.actions[1]!, two.actions[0]!] })).toBe(50);
  });
});
