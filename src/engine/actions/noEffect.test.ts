// Actions that would change nothing are named before they are added, read off the trace.
import { describe, expect, it } from 'vitest';
import { createSimulator, findPreset, noEffectAt, type NewAction, type Step, type Trace } from '../index';
import { ALL_MODELS } from '../models/all';

const { simulate } = createSimulator(ALL_MODELS);

const race = simulate(findPreset('canonical-race')!.scenario);
const at = (label: string) => race.steps.find((s) => s.label === label)!;
const noEffect = (trace: Trace, step: Step | undefined, action: NewAction) =>
  noEffectAt(action, { trace, snapshots: step!.snapshots });

describe('noEffectAt', () => {
  it('says resuming a client that is not paused changes nothing, and is silent for a paused one', () => {
    expect(noEffect(race, at('t3'), { type: 'resume', client: 'Client2' })).toBe(
      'Client2 is not paused at this step, so resuming it would change nothing.',
    );
    expect(noEffect(race, at('t3'), { type: 'resume', client: 'Client1' })).toBeNull(); // in its GC pause
  });

  it('says restarting a server that is up changes nothing, and crashing one that is down', () => {
    expect(noEffect(race, at('t3'), { type: 'restart', party: 'LockService' })).toMatch(
      /^LockService is up at this step, so restarting it would change nothing\./,
    );
    const crashed = simulate({
      ...findPreset('canonical-race')!.scenario,
      actions: [...findPreset('canonical-race')!.scenario.actions, { atMs: 50, type: 'crash', party: 'Storage' }],
    });
    const down = crashed.steps.find((s) => s.snapshots.Storage!.down)!;
    expect(noEffect(crashed, down, { type: 'crash', party: 'Storage' })).toBe(
      'Storage is already down at this step: crashing it again would change nothing.',
    );
    expect(noEffect(crashed, down, { type: 'restart', party: 'Storage' })).toBeNull();
  });

  it('says expiring a lease nobody holds changes nothing; other kinds get no note', () => {
    expect(noEffect(race, race.steps[0], { type: 'expireLease' })).toMatch(/^No one holds the lock at this step/);
    expect(noEffect(race, at('t1'), { type: 'expireLease' })).toBeNull();
    expect(noEffect(race, at('t1'), { type: 'pause', client: 'Client1' })).toBeNull();
  });

  it('says a Redlock lease is there to expire while any master still holds it, not only the first', () => {
    const redlock = simulate(findPreset('redlock-race')!.scenario);
    const holders = (step: (typeof redlock.steps)[number]) =>
      ['Redis1', 'Redis2', 'Redis3', 'Redis4', 'Redis5'].map((id) => step.snapshots[id]!.fields.holder ?? null);
    const partly = redlock.steps.find((s) => {
      const held = holders(s);
      return held[0] === null && held.some((h) => h !== null);
    })!;
    expect(partly).toBeDefined();
    expect(noEffect(redlock, partly, { type: 'expireLease' })).toBeNull();
    expect(noEffect(redlock, redlock.steps[0], { type: 'expireLease' })).toMatch(/^No one holds the lock at this step/);
  });

  it('says HDFS keeps no lease to expire, and how to depose its writer instead', () => {
    const qjm = simulate(findPreset('qjm-race')!.scenario);
    expect(noEffect(qjm, qjm.steps[5], { type: 'expireLease' })).toMatch(
      /^This system keeps no lease: a writer holds its epoch .* make another client acquire the lock\.$/,
    );
  });
});
