// Every kind of timed action is whole: the scenario format accepts it, the engine runs it (the run
// is not the same without it), it has words, its fields and carry shape agree, and random
// workloads draw each kind they name from bands that leave no gap and no overlap.
import { describe, expect, it } from 'vitest';
import {
  ACTION_KINDS,
  ACTION_TYPES,
  describeAction,
  findPreset,
  createSimulator,
  kindOf,
  validateScenario,
  type Action,
  type ActionType,
  type Scenario,
} from '../index';
import { ALL_MODELS } from '../models/all';

const { simulate } = createSimulator(ALL_MODELS);

const race = findPreset('canonical-race')!.scenario;

/**
 * For each kind, actions that change the canonical race only because the engine ran the last of
 * them (what comes before sets it up: a resume needs a pause to end). A kind missing here fails
 * typecheck: a new kind is added here with an action of its own.
 */
const CHANGES_THE_RACE: { [T in ActionType]: Action[] } = {
  acquire: [{ atMs: 5, type: 'acquire', client: 'Client2' }],
  write: [{ atMs: 5, type: 'write', client: 'Client2', value: 'W' }],
  release: [{ atMs: 50, type: 'release', client: 'Client1' }],
  pause: [{ atMs: 5, type: 'pause', client: 'Client2', durationMs: 100 }],
  resume: [
    { atMs: 5, type: 'pause', client: 'Client2' },
    { atMs: 50, type: 'resume', client: 'Client2' },
  ],
  expireLease: [{ atMs: 50, type: 'expireLease' }],
  crash: [{ atMs: 50, type: 'crash', party: 'Storage', restartAfterMs: 100 }],
  restart: [
    { atMs: 50, type: 'crash', party: 'Storage' },
    { atMs: 80, type: 'restart', party: 'Storage' },
  ],
  partition: [{ atMs: 5, type: 'partition', a: 'Client2', b: 'LockService' }],
  heal: [
    { atMs: 5, type: 'partition', a: 'Client2', b: 'LockService' },
    { atMs: 900, type: 'heal', a: 'Client2', b: 'LockService' },
  ],
  delay: [{ atMs: 5, type: 'delay', from: 'LockService', to: 'Client1', extraMs: 300 }],
  clockJump: [{ atMs: 50, type: 'clockJump', party: 'LockService', deltaMs: 2000 }],
};

/** The run's steps, to a fixed end: an action's mere time would otherwise move the end of the run. */
const run = (actions: readonly Action[]) =>
  JSON.stringify(simulate({ ...race, durationMs: 8000, actions: [...race.actions, ...actions] }).steps);

describe('ACTION_KINDS', () => {
  it('has each type under its own name, in the order the scenario format lists them', () => {
    expect(ACTION_TYPES).toEqual([
      'acquire',
      'write',
      'release',
      'pause',
      'resume',
      'expireLease',
      'crash',
      'restart',
      'partition',
      'heal',
      'delay',
      'clockJump',
    ]);
    for (const type of ACTION_TYPES) expect(ACTION_KINDS[type].type).toBe(type);
  });

  it.each(ACTION_TYPES)('%s: accepted by the scenario format, run by the engine, said in words', (type) => {
    const actions = CHANGES_THE_RACE[type];
    expect(actions.at(-1)!.type).toBe(type);
    const scenario: Scenario = { ...race, actions: [...race.actions, ...actions] };
    const checked = validateScenario(JSON.parse(JSON.stringify(scenario)));
    expect(checked.ok && checked.scenario.actions).toEqual(scenario.actions);
    // Without its last action the run is another: the engine did something with it.
    expect(run(actions)).not.toBe(run(actions.slice(0, -1)));
    expect(describeAction(actions.at(-1)!)).toMatch(/^\S.{8,}/);
    expect(kindOf(type).label).not.toBe('');
    expect(kindOf(type).noun).not.toBe('');
  });

  it.each(ACTION_TYPES)('%s: its fields, their labels and its carry shape agree', (type) => {
    const { fields, carry } = kindOf(type);
    const names = fields.map((f) => f.name as string);
    expect(new Set(names).size).toBe(names.length);
    const partyField = (name: string) =>
      ['server', 'party', 'otherParty'].includes(fields.find((f) => f.name === name)?.kind ?? '');
    for (const [i, field] of fields.entries()) {
      expect(field.label).not.toBe('');
      // An otherParty field differs from a party field before it, which the form fills in first.
      if (field.kind === 'otherParty') expect(names.slice(0, i).filter(partyField)).toContain(field.otherThan);
      else expect(field.otherThan).toBeUndefined();
    }
    if (carry.by === 'party') expect(partyField(carry.field)).toBe(true);
    if (carry.by === 'link') expect(carry.ends.every(partyField)).toBe(true);
  });

  it('random workloads draw from bands that tile each round: commands 0 … 10, faults 80 … 100 hundredths', () => {
    const bands = (among: string) =>
      ACTION_TYPES.flatMap((type) => {
        const draw = kindOf(type).random;
        return draw?.among === among ? [draw.band] : [];
      }).sort((a, b) => a[0] - b[0]);
    const tiles = (list: (readonly [number, number])[], from: number, to: number) => {
      expect(list[0]![0]).toBe(from);
      for (let i = 1; i < list.length; i++) expect(list[i]![0]).toBe(list[i - 1]![1]);
      expect(list.at(-1)![1]).toBe(to);
      for (const [a, b] of list) expect(b).toBeGreaterThan(a);
    };
    tiles(bands('commands'), 0, 10);
    tiles(bands('faults'), 80, 100);
  });
});
