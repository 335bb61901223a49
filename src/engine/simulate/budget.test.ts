// Every run is bounded by its events, heartbeats and timers included: a run that would take more
// than its budget stops there and says so (truncated, verdict.cutShort, the text's last line),
// however few steps it has; a run under its budget is untouched. A fork of a cut run, resumed from
// a checkpoint, is cut at the same event as the run from the start; the comparison says so too.

import { describe, expect, it } from 'vitest';
import {
  STRATEGIES,
  createSimulator,
  cutShortSentence,
  findPreset,
  formatTraceText,
  randomWorkload,
  type Scenario,
  type Simulator,
} from '../index';
import { compareUnder, formatComparisonText } from '../surfaces/comparison';
import { ALL_MODELS } from '../models/all';
import { PROGRESS_EVERY, type RunProgress } from './options';
import { Run } from './simulate';

const simulator = createSimulator(ALL_MODELS);
const { simulate, simulateWithCheckpoints, resume } = simulator;
const bytes = (x: unknown) => JSON.stringify(x);

/** The run that jammed the lab: the canonical race under ZooKeeper, a 30 ms session, 1e8 ms long.
 * Its sessions' pings are events but not steps, so no step limit ever stopped it. */
export const JAM: Scenario = {
  ...findPreset('canonical-race')!.scenario,
  strategy: 'zookeeper',
  knobs: { leaseTtlMs: 30 },
  durationMs: 100_000_000,
};

describe('the event budget', () => {
  it('cuts a run of heartbeats at its budget, and says where in the trace, the verdict and the text', () => {
    const budget = 2 * PROGRESS_EVERY + 123;
    const told: RunProgress[] = [];
    const trace = simulate(JAM, { eventBudget: budget, onProgress: (p) => told.push(p) });
    const cut = trace.verdict.cutShort!;
    expect(cut).toEqual({ events: budget, atMs: trace.endMs, horizonMs: 100_000_000 });
    expect(cut.atMs).toBeGreaterThan(0);
    expect(cut.atMs).toBeLessThan(cut.horizonMs);
    expect(trace.truncated).toBe(true);
    expect(trace.steps.at(-1)!.timeMs).toBeLessThanOrEqual(cut.atMs);
    // Far fewer steps than events: a step limit would never have stopped it.
    expect(trace.steps.length).toBeLessThan(budget / 10);
    const text = formatTraceText(trace).split('\n');
    expect(text.at(-1)).toBe(cutShortSentence(cut));
    expect(text.at(-1)).toMatch(
      /^Cut short after 100,123 events at [\d,]+ ms, of the 100,000,000 ms the run was to last: no verdict beyond that point\./,
    );
    expect(text).toContain('Invariants: all held, up to where the run was cut short');
    expect(text).not.toContain('(stopped at the step limit before the run finished)');
    // Progress is told every PROGRESS_EVERY events, in virtual time order, within the budget.
    expect(told.map((p) => p.events)).toEqual([PROGRESS_EVERY, 2 * PROGRESS_EVERY]);
    expect(told.every((p) => p.eventBudget === budget && p.horizonMs === 100_000_000)).toBe(true);
    expect(told[0]!.atMs).toBeLessThanOrEqual(told[1]!.atMs);
    // The same run, told nothing, is the same trace.
    expect(bytes(simulate(JAM, { eventBudget: budget }))).toBe(bytes(trace));
  });

  it('leaves a run under its budget as it was: no cut, no trace of the budget in its JSON', () => {
    const race = findPreset('canonical-race')!.scenario;
    for (const strategy of STRATEGIES) {
      const scenario = { ...race, strategy: strategy.id, knobs: {} };
      const trace = simulate(scenario);
      expect(trace.verdict.cutShort, strategy.id).toBeUndefined();
      expect(bytes(trace)).not.toContain('cutShort');
      expect(bytes(simulate(scenario, { eventBudget: 10_000 }))).toBe(bytes(trace));
    }
  });

  it('cuts a run with a step limit far away at the same event whether run from the start or resumed', () => {
    const scenario = randomWorkload({ seed: 4, actions: 400, strategy: 'fencing' });
    const eventBudget = 500;
    const first = simulateWithCheckpoints(scenario, { eventBudget, checkpointEvery: 40 });
    expect(first.trace.verdict.cutShort?.events).toBe(eventBudget);
    expect(first.checkpoints.length).toBeGreaterThan(3);
    // A fork late in the run: an action added after the middle checkpoint.
    const atMs = first.checkpoints[Math.floor(first.checkpoints.length / 2)]!.lastEventMs + 1;
    const next: Scenario = { ...scenario, actions: [...scenario.actions, { atMs, type: 'expireLease' }] };
    next.actions.sort((a, b) => a.atMs - b.atMs);
    const resumed = resume(first, next, { eventBudget, checkpointEvery: 40 });
    expect(resumed.resumedFromMs).not.toBeNull();
    const fresh = simulate(next, { eventBudget });
    expect(resumed.trace.verdict.cutShort).toEqual(fresh.verdict.cutShort);
    expect(bytes(resumed.trace)).toBe(bytes(fresh));
    expect(resumed.trace.verdict.cutShort?.events).toBe(eventBudget);
  });

  it('counts no timer cancelled or re-armed before it fired: a lease kept alive costs its renewals, no more', () => {
    const race = findPreset('canonical-race')!.scenario;
    for (const strategy of ['etcd', 'zookeeper', 'chubby']) {
      // Client2 holds the lock and keeps it alive for 1e6 ms: each renewal is a timer, a heartbeat
      // and its answer (about 1.5 events a heartbeat), and re-arms timers that never fire (one more
      // event a heartbeat, were they counted).
      const run = new Run({ ...race, strategy, knobs: {}, durationMs: 1_000_000 }, ALL_MODELS, {});
      const trace = run.run();
      expect(trace.heartbeats, strategy).toBeGreaterThan(5000);
      expect(run.events, strategy).toBeLessThan(1.6 * trace.heartbeats);
    }
  });

  it('has the comparison say a row was cut short, first among its warnings', () => {
    const small: Simulator = { ...simulator, simulate: (s, o) => simulate(s, { ...o, eventBudget: 5000 }) };
    const row = compareUnder(
      JAM,
      STRATEGIES.find((s) => s.id === 'zookeeper')!,
      small,
    );
    expect(row.trace!.verdict.cutShort?.events).toBe(5000);
    expect(row.warnings[0]).toBe(cutShortSentence(row.trace!.verdict.cutShort!));
  });

  it("has the comparison's table give a row cut short its own outcome, never Yes or not tested", () => {
    const small: Simulator = { ...simulator, simulate: (s, o) => simulate(s, { ...o, eventBudget: 5000 }) };
    const zookeeper = STRATEGIES.find((s) => s.id === 'zookeeper')!;
    const row = compareUnder(JAM, zookeeper, small);
    expect(row.cutShort).toEqual(row.trace!.verdict.cutShort);
    const line = formatComparisonText([row]).split('\n')[1]!;
    expect(line.split(/ {2,}/).slice(0, 3)).toEqual(['ZooKeeper lock + zxid', 'Yes', 'cut short, see warning']);
    // A stale write that got in before the cut is known: No, then cut short.
    expect(formatComparisonText([{ ...row, staleWriteBlocked: false }])).toContain('No, then cut short');
    // A run that reached its end has no cut.
    const whole = compareUnder(findPreset('canonical-race')!.scenario, zookeeper, simulator);
    expect(whole.cutShort).toBeNull();
  });
});
